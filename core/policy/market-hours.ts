/**
 * The stock market-hours rule: orders on stock pairs are accepted Monday to Friday,
 * 14:30–21:00 UTC (the NYSE regular session in winter time; we keep it fixed in UTC rather than
 * follow US daylight saving, so the rule is the same all year and easy to state). No holiday
 * calendar. The simulator ticks stocks 24/7; fills, take-profit/stop-loss and forced closes keep
 * following the feed at any hour, only NEW orders (spot, contract, seconds) are refused outside it.
 * Crypto pairs trade around the clock.
 */
import type { MarketClass } from '../types/market';

export const STOCK_HOURS_TEXT = 'Mon–Fri 14:30–21:00 UTC';
const OPEN_MIN = 14 * 60 + 30;
const CLOSE_MIN = 21 * 60;

export function isMarketOpen(market: MarketClass, nowMs: number): boolean {
  if (market !== 'stock') return true;
  const d = new Date(nowMs);
  const day = d.getUTCDay();
  if (day === 0 || day === 6) return false;
  const minute = d.getUTCHours() * 60 + d.getUTCMinutes();
  return minute >= OPEN_MIN && minute < CLOSE_MIN;
}

/** The next instant (ms) the stock market opens after `nowMs` (the same rule, for "opens at …"). */
export function nextMarketOpen(nowMs: number): number {
  const d = new Date(nowMs);
  let day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const minute = d.getUTCHours() * 60 + d.getUTCMinutes();
  if (minute >= OPEN_MIN) day += 86_400_000;
  for (;;) {
    const wd = new Date(day).getUTCDay();
    if (wd !== 0 && wd !== 6) return day + OPEN_MIN * 60_000;
    day += 86_400_000;
  }
}
