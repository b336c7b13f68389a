/**
 * The door the pages use for market data. Everything arrives from the market worker through the
 * bridge; the pages never see a socket message.
 */
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { marketStore, applySnapshot, forgetWatch } from '../stores/market';
import { fetchHistory, openWatch, type WatchHandle } from './bridge';
import { nextWatchKey } from './keys';
import type { HistoryPayload, MarketView, Period, TickerRow } from './types';

export { marketStore };
export { useChartFeed } from './chart-feed';

/**
 * Register the visible symbols while the component is mounted; a changed list updates the same
 * watch. Pass a stable `symbols` content — the hook compares by value.
 */
export function useMarketView(view: MarketView): void {
  const ident = view.symbols === 'all' ? '\u0000all' : view.symbols.join('\u0001');
  const handle = useRef<{ watch: WatchHandle; key: number } | null>(null);
  const latest = useRef(view);
  latest.current = view;

  useEffect(() => {
    const key = nextWatchKey();
    const watch = openWatch({ symbols: latest.current.symbols }, (s) => applySnapshot(key, s));
    handle.current = { watch, key };
    return () => {
      watch.close();
      forgetWatch(key);
      handle.current = null;
    };
  }, []);

  useEffect(() => {
    handle.current?.watch.update({ symbols: latest.current.symbols });
  }, [ident]);
}

/** One row; re-renders only when that row changes. */
export function useTicker(symbol: string): TickerRow | undefined {
  return useSnapshot(marketStore).tickers[symbol];
}

/** Connection state, last message time and the set of stale streams. */
export function useMarketStatus(): { connected: boolean; lastHeardAt: number; stale: Readonly<Record<string, true>> } {
  const s = useSnapshot(marketStore);
  return { connected: s.connected, lastHeardAt: s.lastHeardAt, stale: s.stale };
}

/** Merged history of a series, as column arrays. */
export function loadHistory(symbol: string, period: Period): Promise<HistoryPayload> {
  return fetchHistory(symbol, period);
}
