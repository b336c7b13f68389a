/**
 * History for /currency/new_timeshar (MarketService.history): persisted bars overlaid by the
 * in-memory series (fresher: the open bar and bars not flushed yet), one bar per time, oldest
 * first, capped to the newest `limit`.
 */
import type { Candle } from '../../core';
import type { MarketParts, MarketService } from './service-types';

export const MAX_HISTORY_BARS = 1500;

function mergeHistory(
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

/** a bench symbol (not persisted) answers from memory alone */
export function historyAnswer(
  m: Pick<MarketParts, 'isSymbol' | 'persisted' | 'repo' | 'aggregator'>,
): MarketService['history'] {
  return async (symbol, period, fromMs, toMs) => {
    if (!m.isSymbol(symbol)) return [];
    const dbBars = m.persisted(symbol) ? await m.repo.range(symbol, period, fromMs, toMs, MAX_HISTORY_BARS) : [];
    return mergeHistory(dbBars, m.aggregator.series(symbol, period), fromMs, toMs);
  };
}
