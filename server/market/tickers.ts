/**
 * Live 24 h tickers. The window is hour-aligned: the 23 completed 60min bars before the current
 * hour plus the current hour (so "open" is the open of the hour that began 23-24 h ago). The
 * completed part is recomputed from the aggregator's 60min series once per hour per symbol; each
 * tick then only compares its price and adds its qty (exactly, as a scaled integer: scaled-sum.ts).
 */
import Decimal from 'decimal.js';
import { ScaledSum } from './scaled-sum';
import { bucketStart, type KlineAggregator, type Tick, type TickerUpdate } from '../../core';

const HOUR = 3_600_000;

interface Window {
  hour: number;
  open: string;
  /** high/low of the completed hours (undefined: none) as strings with their numeric values */
  baseHigh?: string;
  baseHighN: number;
  baseLow?: string;
  baseLowN: number;
  baseVol: ScaledSum;
  /** the current hour, from ticks */
  high: string;
  highN: number;
  low: string;
  lowN: number;
  vol: ScaledSum;
}

export class TickerBook {
  private readonly windows = new Map<string, Window>();
  private readonly latest = new Map<string, TickerUpdate>();

  constructor(private readonly aggregator: KlineAggregator) {}

  /** Folds an applied tick in and returns the symbol's new ticker. */
  update(tick: Tick): TickerUpdate {
    const hour = bucketStart(tick.ts, '60min');
    let w = this.windows.get(tick.symbol);
    const p = Number(tick.price);
    if (!w || hour > w.hour) {
      w = this.rebuild(tick.symbol, hour, tick);
      this.windows.set(tick.symbol, w);
    } else {
      // A tick for an earlier hour (late) only counts toward the current figures; the window does not move back.
      if (p > w.highN) {
        w.highN = p;
        w.high = tick.price;
      }
      if (p < w.lowN) {
        w.lowN = p;
        w.low = tick.price;
      }
      w.vol.add(tick.qty);
    }
    const t: TickerUpdate = {
      symbol: tick.symbol,
      seq: tick.seq,
      ts: tick.ts,
      last: tick.price,
      open: w.open,
      high: w.baseHigh !== undefined && w.baseHighN > w.highN ? w.baseHigh : w.high,
      low: w.baseLow !== undefined && w.baseLowN < w.lowN ? w.baseLow : w.low,
      volume: w.baseVol.plus(w.vol),
    };
    this.latest.set(tick.symbol, t);
    return t;
  }

  get(symbol: string): TickerUpdate | undefined {
    return this.latest.get(symbol);
  }

  /** A ticker for a symbol that has not ticked since start: from its candles and last known price. */
  estimate(symbol: string, price: string, seq: number, now: number): TickerUpdate {
    const w = this.rebuild(symbol, bucketStart(now, '60min'), { symbol, price, qty: '0', seq, ts: now });
    return {
      symbol,
      seq,
      ts: now,
      last: price,
      open: w.open,
      high: w.baseHigh !== undefined && w.baseHighN > w.highN ? w.baseHigh : w.high,
      low: w.baseLow !== undefined && w.baseLowN < w.lowN ? w.baseLow : w.low,
      volume: w.baseVol.plus(w.vol),
    };
  }

  all(): TickerUpdate[] {
    return [...this.latest.values()];
  }

  /**
   * A new hour (or the first tick): completed hours come from the 60min series; the current hour
   * starts from the bar the aggregator already holds for it (which includes this tick and, after a
   * restart, anything persisted for the hour).
   */
  private rebuild(symbol: string, hour: number, tick: Tick): Window {
    const series = this.aggregator.series(symbol, '60min');
    const from = hour - 23 * HOUR;
    let open: string | undefined;
    let baseHigh: string | undefined;
    let baseLow: string | undefined;
    let baseHighN = -Infinity;
    let baseLowN = Infinity;
    const baseVol = new ScaledSum();
    let cur: { high: string; low: string; volume: string; open: string } | undefined;
    for (const c of series) {
      if (c.time < from) continue;
      if (c.time >= hour) {
        if (c.time === hour) cur = c;
        continue;
      }
      open ??= c.open;
      const h = Number(c.high);
      const l = Number(c.low);
      if (h > baseHighN) [baseHighN, baseHigh] = [h, c.high];
      if (l < baseLowN) [baseLowN, baseLow] = [l, c.low];
      baseVol.add(c.volume);
    }
    // Without the aggregator's bar for this hour (the tick was not aggregated), start from the tick.
    const c = cur ?? { open: tick.price, high: tick.price, low: tick.price, volume: tick.qty };
    return {
      hour,
      open: open ?? c.open,
      baseHigh,
      baseHighN,
      baseLow,
      baseLowN,
      baseVol,
      high: c.high,
      highN: Number(c.high),
      low: c.low,
      lowN: Number(c.low),
      vol: sumOf(c.volume),
    };
  }
}

function sumOf(s: string): ScaledSum {
  const v = new ScaledSum();
  v.add(s);
  return v;
}

/** 24 h change in percent, 2 decimals, as a string ("1.23" = +1.23 %). */
export function changePercent(t: Pick<TickerUpdate, 'last' | 'open'>): string {
  const open = new Decimal(t.open);
  if (open.isZero()) return '0.00';
  return new Decimal(t.last).minus(open).div(open).times(100).toFixed(2);
}
