/**
 * First-start history: deterministic synthetic candles for every period, so every chart is full.
 *
 * Generated backwards from the live starting price, so the newest backfilled bar closes exactly
 * where the live feed opens (no jump). Three tiers, each continuous with the next (a bar's open is
 * the previous bar's close):
 *   A  1min bars for the last ~12.5 days (day-aligned start) → 1min, and rolled up (core's
 *      aggregateCandles rules, in integer units: backfill-bars.ts) to 5min, 15min, 30min, 60min;
 *   B  60min bars for the 50 days before A → with A's hours: 4hour, and the days of B and A;
 *   C  1day bars for ~10 years before B (month-aligned start) → with B/A's days: 1day, 1week, 1mon.
 * Each period keeps its newest BARS bars (1mon has ~120: ten years). The newest bar of each period is
 * the one still open at `now`, partial up to the last whole minute; live ticks continue it.
 * Same seed + same symbol + same anchor minute → same candles.
 */
import { bucketStart, type Candle, type Period } from '../../../core';
import { hashSeed, mulberry32, type Rng } from '../feed/prng';
import type { FeedInstrument } from '../feed/types';
import { toUnits } from '../feed/units';
import { barCandle, rollUpBars, type UnitBar } from './backfill-bars';
import type { CandleRow } from './repo';

export const BACKFILL_BARS = 300;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const YEAR_S = 365 * 24 * 3600;
const A_MINUTES = 300 * 60;
const B_HOURS = 300 * 4;
const C_DAYS = 3650;
/** mean reversion (per year) toward the live price, so ten simulated years do not wander off to 0 */
const KAPPA = 0.6;
/** traded notional per second for a weight-1 symbol, USDT */
const NOTIONAL_PER_S = 2_000;

interface TierSpec {
  start: number;
  stepMs: number;
  count: number;
}

/**
 * Walks one tier backwards from `endPrice` (the close of its last bar); returns its candles oldest
 * first and the open of its first bar (the close the tier before it must end at).
 */
function walkTier(
  rng: Rng,
  ins: FeedInstrument,
  tier: TierSpec,
  endPrice: number,
  anchorLog: number,
): { candles: UnitBar[]; firstOpen: number } {
  const dtY = tier.stepMs / 1000 / YEAR_S;
  const baseSigma = ins.vol * Math.sqrt(dtY);
  const d = ins.price_decimals;
  const qd = ins.qty_decimals;
  const candles = new Array<UnitBar>(tier.count);
  let close = endPrice;
  let burst = 0;
  for (let j = tier.count - 1; j >= 0; j--) {
    if (burst > 0) burst--;
    else if (rng.next() < 1 / 400) burst = 10 + Math.floor(rng.next() * 40);
    const s = baseSigma * (burst > 0 ? 3 : 1);
    const x = Math.log(close);
    const open = Math.exp(x + s * rng.normal() + KAPPA * dtY * (anchorLog - x));
    const o = toUnits(open, d);
    const c = toUnits(close, d);
    const h = Math.max(o, c, toUnits(Math.max(open, close) * Math.exp(Math.abs(rng.normal()) * s * 0.6), d));
    const l = Math.min(o, c, toUnits(Math.min(open, close) * Math.exp(-Math.abs(rng.normal()) * s * 0.6), d));
    const notional =
      NOTIONAL_PER_S * ins.weight * (tier.stepMs / 1000) * Math.exp(0.5 * rng.normal()) * (burst > 0 ? 3 : 1);
    candles[j] = {
      time: tier.start + j * tier.stepMs,
      open: o,
      high: h,
      low: l,
      close: c,
      volume: BigInt(toUnits(notional / ((open + close) / 2), qd, 0)),
    };
    close = open;
  }
  return { candles, firstOpen: close };
}

/**
 * The backfill of one symbol, every period, oldest first per period. `minuteBars` keeps more 1min
 * bars than BACKFILL_BARS (up to tier A's ~18,000): the browser bench's MARKET_BENCH_BACKFILL (server/config.ts).
 */
export function backfillSymbol(
  ins: FeedInstrument,
  seed: number,
  now: number,
  livePrice: string,
  minuteBars = BACKFILL_BARS,
): Map<Period, Candle[]> {
  const rng = mulberry32(hashSeed(seed, `backfill:${ins.symbol}`));
  const end = bucketStart(now, '1min'); // the live minute: backfill covers everything before it
  const aStart = bucketStart(end - A_MINUTES * MIN, '1day');
  const bStart = aStart - B_HOURS * HOUR;
  const cStart = bucketStart(bStart - C_DAYS * DAY, '1mon');
  const p0 = Number(livePrice);
  const anchorLog = Math.log(p0);

  const a = walkTier(rng, ins, { start: aStart, stepMs: MIN, count: (end - aStart) / MIN }, p0, anchorLog);
  const b = walkTier(rng, ins, { start: bStart, stepMs: HOUR, count: B_HOURS }, a.firstOpen, anchorLog);
  const c = walkTier(rng, ins, { start: cStart, stepMs: DAY, count: (bStart - cStart) / DAY }, b.firstOpen, anchorLog);

  // Roll up finest-first; each step's source period divides the target's buckets exactly. In integer
  // units (backfill-bars.ts): only the bars kept become strings.
  const m5 = rollUpBars(a.candles, '5min');
  const m15 = rollUpBars(m5, '15min');
  const m30 = rollUpBars(m15, '30min');
  const h1a = rollUpBars(m30, '60min');
  const hours = [...b.candles, ...h1a];
  const h4 = rollUpBars(hours, '4hour');
  const days = [...c.candles, ...rollUpBars(hours, '1day')];
  const bars = new Map<Period, UnitBar[]>([
    ['1min', a.candles],
    ['5min', m5],
    ['15min', m15],
    ['30min', m30],
    ['60min', hours],
    ['4hour', h4],
    ['1day', days],
    ['1week', rollUpBars(days, '1week')],
    ['1mon', rollUpBars(days, '1mon')],
  ]);
  const out = new Map<Period, Candle[]>();
  for (const [p, list] of bars)
    out.set(
      p,
      list
        .slice(-(p === '1min' ? Math.max(minuteBars, BACKFILL_BARS) : BACKFILL_BARS))
        .map((bar) => barCandle(bar, ins.price_decimals, ins.qty_decimals)),
    );
  return out;
}

export function backfillRows(symbol: string, series: Map<Period, Candle[]>): CandleRow[] {
  const rows: CandleRow[] = [];
  for (const [period, list] of series) for (const c of list) rows.push({ ...c, symbol, period });
  return rows;
}
