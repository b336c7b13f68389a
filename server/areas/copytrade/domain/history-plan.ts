/**
 * The demo traders' past, planned from the market's stored candles (pure: no database). Each
 * style picks times, symbols, sides and sizes; every entry price is the open of a stored bar and
 * every exit the close of a later bar of the same series, so each trade happened at a real past
 * price of this exchange's feed. Trades open and close within one UTC day (no overnight fee falls
 * due) and one trader holds one position at a time. Deterministic: the same candles give the same past.
 */
import { ExactDecimal } from '../../../../core';

export type HistoryPeriod = '60min' | '4hour';
const PERIOD_MS: Record<HistoryPeriod, number> = { '60min': 3_600_000, '4hour': 14_400_000 };
const DAY_MS = 86_400_000;

/** One stored bar that has ended: its open is a price at `time`, its close a price at `time + period`. */
export interface HistoryBar {
  time: number;
  period: HistoryPeriod;
  open: string;
  close: string;
}

export interface TradeStyle {
  symbols: readonly string[];
  /** trend: with the last day's move; swing: against the last few bars' move; mixed: long-leaning */
  rule: 'trend' | 'swing' | 'mixed';
  multiples: readonly number[];
  /** position value at entry, USDT [min, max] */
  notional: readonly [number, number];
  /** holding time, hours [min, max] */
  holdHours: readonly [number, number];
  /** how many trades to aim for over the whole history */
  count: number;
  /** the share of calls the trader gets right beyond chance (0: a coin flip) */
  skill: number;
}

export interface PlannedTrade {
  symbol: string;
  side: 'long' | 'short';
  period: HistoryPeriod;
  openAt: number;
  closeAt: number;
  openPrice: string;
  closePrice: string;
  multiple: number;
  lots: string;
}

/** a small deterministic PRNG (the demo's own), so a plan is the same on every machine */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/**
 * One symbol's series: the 4-hour bars before the first hourly bar, then the hourly bars; only
 * bars that have ended by `now` (the newest bar of each period is still being traded).
 */
export function historySeries(
  bars: { '60min': readonly HistoryBar[]; '4hour': readonly HistoryBar[] },
  now: number,
): HistoryBar[] {
  const ended = (b: HistoryBar) => b.time + PERIOD_MS[b.period] <= now;
  const hours = bars['60min'].filter(ended);
  const firstHour = hours[0]?.time ?? Infinity;
  return [...bars['4hour'].filter((b) => ended(b) && b.time + PERIOD_MS['4hour'] <= firstHour), ...hours].sort(
    (a, b) => a.time - b.time,
  );
}

const dayOf = (t: number) => Math.floor(t / DAY_MS);

/** The side the style's own rule calls at bar i. */
function ruleSide(style: TradeStyle, series: readonly HistoryBar[], i: number, r: () => number): 'long' | 'short' {
  const back = (n: number) => series[Math.max(0, i - n)].open;
  if (style.rule === 'trend') return new ExactDecimal(series[i].open).gte(back(6)) ? 'long' : 'short';
  if (style.rule === 'swing') return new ExactDecimal(series[i].open).gte(back(3)) ? 'short' : 'long';
  return r() < 0.6 ? 'long' : 'short';
}

/** The last bar index a trade entered at bar i may exit at: same series, contiguous bars, same UTC day. */
function lastExit(series: readonly HistoryBar[], i: number, maxBars: number): number {
  const bar = series[i];
  const step = PERIOD_MS[bar.period];
  let j = i;
  while (j + 1 < series.length && j + 1 - i < maxBars) {
    const next = series[j + 1];
    if (
      next.period !== bar.period ||
      next.time !== bar.time + (j + 1 - i) * step ||
      dayOf(next.time + step - 1) !== dayOf(bar.time)
    )
      break;
    j++;
  }
  return j;
}

/**
 * The trades of one style over the series (symbol → series). lotSize gives a symbol's lot; sizes
 * are whole lots (at least one).
 */
export function planTrades(
  style: TradeStyle,
  series: ReadonlyMap<string, readonly HistoryBar[]>,
  lotSize: (symbol: string) => string | undefined,
  seed: number,
): PlannedTrade[] {
  const r = rng(seed);
  const usable = style.symbols.filter((s) => (series.get(s)?.length ?? 0) > 8 && lotSize(s));
  if (!usable.length) return [];
  const all = usable.flatMap((s) => series.get(s) ?? []);
  const start = Math.min(...all.map((b) => b.time));
  const end = Math.max(...all.map((b) => b.time + PERIOD_MS[b.period]));
  const spacing = (end - start) / style.count;
  const out: PlannedTrade[] = [];
  let cursor = start + DAY_MS; // a day of bars behind the first call, for the style's look-back
  let guard = 0;
  while (out.length < style.count && cursor < end && guard++ < style.count * 20) {
    const symbol = usable[Math.floor(r() * usable.length)];
    const bars = series.get(symbol) ?? [];
    const i = bars.findIndex((b) => b.time >= cursor);
    if (i < 0) break;
    const bar = bars[i];
    const step = PERIOD_MS[bar.period];
    const minBars = Math.max(1, Math.round((style.holdHours[0] * 3_600_000) / step));
    const maxBars = Math.max(minBars, Math.round((style.holdHours[1] * 3_600_000) / step));
    const jMax = lastExit(bars, i, maxBars);
    const jMin = i + minBars - 1;
    if (jMax < jMin) {
      cursor = (dayOf(bar.time) + 1) * DAY_MS;
      continue;
    }
    let j = jMin + Math.floor(r() * (jMax - jMin + 1));
    let side = ruleSide(style, bars, i, r);
    // a good call: the trader reads the move and holds it to its best exit in the window (winners run)
    if (r() < style.skill) {
      for (let x = jMin; x <= jMax; x++)
        if (
          new ExactDecimal(bars[x].close)
            .minus(bar.open)
            .abs()
            .gt(new ExactDecimal(bars[j].close).minus(bar.open).abs())
        )
          j = x;
      side = new ExactDecimal(bars[j].close).gte(bar.open) ? 'long' : 'short';
    }
    const last = bars[j];
    const closeAt = last.time + step;
    const notional = style.notional[0] + r() * (style.notional[1] - style.notional[0]);
    const lot = new ExactDecimal(lotSize(symbol) as string).times(bar.open);
    const lots = ExactDecimal.max(
      1,
      new ExactDecimal(notional).div(lot).toDecimalPlaces(0, ExactDecimal.ROUND_DOWN),
    ).toFixed();
    out.push({
      symbol,
      side,
      period: bar.period,
      openAt: bar.time,
      closeAt,
      openPrice: bar.open,
      closePrice: last.close,
      multiple: style.multiples[Math.floor(r() * style.multiples.length)],
      lots,
    });
    cursor = closeAt + r() * 2 * Math.max(0, spacing - (closeAt - bar.time));
  }
  return out;
}
