/**
 * A copy trader's performance from their own closed contract positions (ROI and a P&L
 * curve on the trader cards). One formula, used by the server's hourly figures and tested here.
 *
 * - net P&L of a close = P&L at close − opening fee − overnight fees (core's netRealisedPnl)
 * - ROI = Σ net P&L ÷ Σ margin of those positions × 100: the return on the margin the trader put
 *   at risk, the margin-weighted ROE of every close (what a follower copying each trade with the
 *   same margin would have earned). Rounded toward 0 to 2 decimals; "0.00" with no closes.
 * - curve = cumulative net P&L at the end of each UTC day, from the day of the first close to the
 *   day of `now`, at most `maxDays` points (the latest); its last point is the all-time net P&L.
 *
 * The input may be one row per close or already summed per day (every figure is a sum, so both
 * give the same answer): the server sums per trader and day in SQL.
 */
import { ExactDecimal, dec, str, type Decimal, type DecimalInput } from './exact';
import { netRealisedPnl } from './contract';

const DAY_MS = 86_400_000;

export interface ClosedResult {
  /** when it closed (ms since the epoch) */
  closedAt: number;
  /** P&L at close, before fees */
  profit: DecimalInput;
  openingFee: DecimalInput;
  overnightFees: DecimalInput;
  margin: DecimalInput;
}

/** One point of the curve: the end of UTC day `day` (its start, ms) and the net P&L so far. */
export interface PnlPoint {
  day: number;
  pnl: string;
}

export interface TraderPerformance {
  /** percent, 2 decimals, toward 0 */
  roi: string;
  /** Σ net realised P&L, exact */
  net_profit: string;
  curve: PnlPoint[];
}

const dayOf = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

export function traderPerformance(closes: readonly ClosedResult[], now: number, maxDays = 90): TraderPerformance {
  let net: Decimal = dec('0');
  let margin: Decimal = dec('0');
  const perDay = new Map<number, Decimal>();
  for (const c of closes) {
    const n = dec(netRealisedPnl(c.profit, c.openingFee, c.overnightFees));
    net = net.plus(n);
    margin = margin.plus(dec(c.margin, 'margin'));
    const d = dayOf(c.closedAt);
    perDay.set(d, (perDay.get(d) ?? dec('0')).plus(n));
  }
  const roi = margin.isZero()
    ? '0.00'
    : net
        .div(margin)
        .times(100)
        .toFixed(2, ExactDecimal.ROUND_DOWN)
        .replace(/^-(0\.00)$/, '$1');
  const curve: PnlPoint[] = [];
  if (perDay.size) {
    const days = [...perDay.keys()].sort((a, b) => a - b);
    const last = Math.max(dayOf(now), days[days.length - 1]);
    const first = Math.max(days[0], last - (maxDays - 1) * DAY_MS);
    // what was earned before the first day shown is where the shown curve starts
    let run: Decimal = dec('0');
    for (const d of days) if (d < first) run = run.plus(perDay.get(d) as Decimal);
    for (let d = first; d <= last; d += DAY_MS) {
      run = run.plus(perDay.get(d) ?? '0');
      curve.push({ day: d, pnl: str(run) });
    }
  }
  return { roi, net_profit: str(net), curve };
}
