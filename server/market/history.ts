/**
 * History for /currency/new_timeshar and the service: persisted bars overlaid by the in-memory
 * series (fresher: the open bar and bars not flushed yet), one bar per time, oldest first, capped
 * to the newest `limit`.
 */
import type { Candle } from '../../core';

export const MAX_HISTORY_BARS = 1500;

export function mergeHistory(
  persisted: readonly Candle[],
  memory: readonly Candle[],
  fromMs: number,
  toMs: number,
  limit = MAX_HISTORY_BARS,
): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const c of persisted) if (c.time >= fromMs && c.time <= toMs) byTime.set(c.time, c);
  for (const c of memory) if (c.time >= fromMs && c.time <= toMs) byTime.set(c.time, c);
  const out = [...byTime.values()].sort((a, b) => a.time - b.time);
  return out.length > limit ? out.slice(out.length - limit) : out;
}
