/**
 * The market store: written only from worker snapshots, read by the pages through src/market.
 * Rows are updated in place, field by field, so valtio notifies only the components that read a
 * row that changed — the map itself is never replaced.
 */
import { proxy } from 'valtio';
import type { MarketState, Snapshot, TickerRow } from './types';

export const marketStore = proxy<MarketState>({ tickers: {}, connected: false, lastHeardAt: 0, stale: {} });

/** Each watch reports stale streams for its own view; the store shows their union. */
const staleByWatch = new Map<number, string[]>();

/**
 * Row listeners: a list row's live cells write their text straight into the DOM when their row
 * changes (src/pages/market/RowFigures.tsx), without a React render per row per snapshot.
 */
export type RowListener = (row: TickerRow | undefined, stale: boolean) => void;
const rowListeners = new Map<string, Set<RowListener>>();

/** Calls `fn` now with the current row, then whenever the row or its stale flag changes. */
export function onRow(symbol: string, fn: RowListener): () => void {
  let set = rowListeners.get(symbol);
  if (!set) rowListeners.set(symbol, (set = new Set()));
  set.add(fn);
  fn(marketStore.tickers[symbol], marketStore.stale[symbol] === true);
  return () => {
    set.delete(fn);
    if (set.size === 0) rowListeners.delete(symbol);
  };
}

function notifyRow(symbol: string): void {
  const set = rowListeners.get(symbol);
  if (!set) return;
  const row = marketStore.tickers[symbol];
  const stale = marketStore.stale[symbol] === true;
  for (const fn of set) fn(row, stale);
}

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
  if (s.tickers) for (const r of s.tickers) notifyRow(r.symbol);
}

export function forgetWatch(watchKey: number): void {
  if (staleByWatch.delete(watchKey)) syncStale();
}

function syncStale(): void {
  const want = new Set<string>();
  for (const list of staleByWatch.values()) for (const k of list) want.add(k);
  const stale = marketStore.stale;
  const flipped: string[] = [];
  for (const k of Object.keys(stale))
    if (!want.has(k)) {
      delete stale[k];
      flipped.push(k);
    }
  for (const k of want)
    if (!stale[k]) {
      stale[k] = true;
      flipped.push(k);
    }
  for (const k of flipped) notifyRow(k);
}
