/**
 * The market store: written only from worker snapshots, read by the pages through src/market.
 * Rows are updated in place, field by field, so valtio notifies only the components that read a
 * row that changed — the map itself is never replaced.
 */
import { proxy } from 'valtio';
import type { MarketState, Snapshot } from '../market/types';

export const marketStore = proxy<MarketState>({ tickers: {}, connected: false, lastHeardAt: 0, stale: {} });

/** Each watch reports stale streams for its own view; the store shows their union. */
const staleByWatch = new Map<number, string[]>();

export function applySnapshot(watchKey: number, s: Snapshot): void {
  if (s.tickers) {
    const rows = marketStore.tickers;
    for (const r of s.tickers) {
      const cur = rows[r.symbol];
      // valtio skips writes of an equal value, so only changed fields notify.
      if (cur) Object.assign(cur, r);
      else rows[r.symbol] = { ...r };
    }
  }
  marketStore.connected = s.status.connected;
  if (s.status.lastHeardAt > marketStore.lastHeardAt) marketStore.lastHeardAt = s.status.lastHeardAt;
  staleByWatch.set(watchKey, s.status.stale);
  syncStale();
}

export function forgetWatch(watchKey: number): void {
  if (staleByWatch.delete(watchKey)) syncStale();
}

function syncStale(): void {
  const want = new Set<string>();
  for (const list of staleByWatch.values()) for (const k of list) want.add(k);
  const stale = marketStore.stale;
  for (const k of Object.keys(stale)) if (!want.has(k)) delete stale[k];
  for (const k of want) if (!stale[k]) stale[k] = true;
}
