/**
 * The naive K-line aggregator the core/ one is measured against: decimal.js for every field of
 * every tick and a new candle object per tick and period. Same rules for the common case (buckets
 * from core's bucketStart, duplicate seqs ignored, older buckets skipped), none of the tricks.
 */
import Decimal from 'decimal.js';
import { PERIODS, bucketStart, type Tick } from '../core/index';

interface NaiveCandle {
  time: number;
  open: Decimal;
  high: Decimal;
  low: Decimal;
  close: Decimal;
  volume: Decimal;
}

export class NaiveKlineAggregator {
  private readonly series = new Map<string, NaiveCandle[][]>();
  private readonly lastSeq = new Map<string, number>();
  constructor(private readonly maxBars = 1000) {}

  apply(t: Tick): boolean {
    const last = this.lastSeq.get(t.symbol);
    if (last !== undefined && t.seq <= last) return false;
    this.lastSeq.set(t.symbol, t.seq);
    let perPeriod = this.series.get(t.symbol);
    if (perPeriod === undefined) this.series.set(t.symbol, (perPeriod = PERIODS.map(() => [])));
    const price = new Decimal(t.price);
    const qty = new Decimal(t.qty);
    for (let i = 0; i < PERIODS.length; i++) {
      const bars = perPeriod[i];
      const time = bucketStart(t.ts, PERIODS[i]);
      const open = bars[bars.length - 1];
      if (open !== undefined && time === open.time) {
        bars[bars.length - 1] = {
          time,
          open: open.open,
          high: Decimal.max(open.high, price),
          low: Decimal.min(open.low, price),
          close: price,
          volume: open.volume.plus(qty),
        };
      } else if (open === undefined || time > open.time) {
        bars.push({ time, open: price, high: price, low: price, close: price, volume: qty });
        if (bars.length > this.maxBars) bars.shift();
      }
    }
    return true;
  }

  last(symbol: string, periodIndex: number): NaiveCandle | undefined {
    const bars = this.series.get(symbol)?.[periodIndex];
    return bars?.[bars.length - 1];
  }
}
