import { channel, type Period } from '../../core';

/** The chart's stream name as it appears in marketStore.stale. */
export function klineKey(symbol: string, period: Period): string {
  return channel.kline(symbol, period);
}

let last = 0;
/** Store-side key of one watch (each watch reports stale streams for its own view). */
export function nextWatchKey(): number {
  return ++last;
}
