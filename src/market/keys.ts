// the market types alone, not the core barrel: this module is in the entry, and the barrel's calc
// modules would bring decimal.js into every route's first load
import { channel, type Period } from '../../core/types/market';

/** The chart's stream name as it appears in marketStore.stale. */
export function klineKey(symbol: string, period: Period): string {
  return channel.kline(symbol, period);
}

let last = 0;
/** Store-side key of one watch (each watch reports stale streams for its own view). */
export function nextWatchKey(): number {
  return ++last;
}
