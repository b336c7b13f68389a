/**
 * The door the pages use for market data. Everything arrives from the market worker through the
 * bridge; the pages never see a socket message.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { subscribe, useSnapshot } from 'valtio';
import { marketStore, applySnapshot, forgetWatch } from './store';
import { fetchHistory, openWatch, type WatchHandle } from './bridge';
import { nextWatchKey } from './keys';
import type {
  HistoryPayload,
  LeverAccountInput,
  LoanInput,
  LoanLive,
  MarketView,
  Period,
  PositionInput,
  PositionsLive,
  Snapshot,
  TickerRow,
  UserEvent,
  WatchView,
} from './types';

export { marketStore };
export { useChartFeed } from './chart-feed';
export { useOnReconnect } from './reconnect';
export { useCatchUp } from './catch-up';

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
    const watch = openWatch({ symbols: latest.current.symbols, throttleMs: latest.current.throttleMs }, (s) =>
      applySnapshot(key, s),
    );
    handle.current = { watch, key };
    return () => {
      watch.close();
      forgetWatch(key);
      handle.current = null;
    };
  }, []);

  useEffect(() => {
    handle.current?.watch.update({ symbols: latest.current.symbols, throttleMs: latest.current.throttleMs });
  }, [ident]);
}

/** One row; re-renders only when that row changes. */
export function useTicker(symbol: string): TickerRow | undefined {
  return useSnapshot(marketStore).tickers[symbol];
}

/**
 * Whether one stream (a symbol, or `kline:<symbol>:<period>`) is stale; re-renders only when that
 * flips. A plain boolean read of the store rather than a snapshot of the whole stale map: this sits
 * in every live figure's first render.
 */
export function useStreamStale(key: string): boolean {
  const read = useCallback(() => marketStore.stale[key] === true, [key]);
  return useSyncExternalStore(subscribeStale, read);
}

function subscribeStale(onChange: () => void): () => void {
  return subscribe(marketStore.stale, onChange);
}

/** Merged history of a series, as column arrays: the default window, or `range` (unix s; older pages). */
export function loadHistory(
  symbol: string,
  period: Period,
  range?: { from: number; to: number },
): Promise<HistoryPayload> {
  return fetchHistory(symbol, period, range);
}

/**
 * Live figures of open contract positions: P&L per position, account equity and risk rate, from
 * the worker (core/ formulas), recomputed when one of their symbols ticks. Pass the positions the
 * screen shows and the lever account they belong to; a changed list updates the same watch.
 */
export function usePositions(positions: readonly PositionInput[], account?: LeverAccountInput): PositionsLive | null {
  return useWatched(
    { symbols: [], positions: [...positions], leverAccount: account },
    JSON.stringify([positions, account ?? null]),
    (s) => s.positions,
  );
}

/**
 * Live figures of open loans (LTV, liquidation price, buffer, level), from the worker with core's
 * loanFigures — the function the server liquidates by — recomputed when their symbols tick.
 */
export function useLoanFigures(loans: readonly LoanInput[]): LoanLive[] | null {
  return useWatched({ symbols: [], loans: [...loans] }, JSON.stringify(loans), (s) => s.loans);
}

/**
 * One watch for the component's life, its view updated when `ident` (the view's inputs, as a
 * string) changes; `pick` takes the part of each snapshot the hook returns.
 */
function useWatched<T>(view: WatchView, ident: string, pick: (s: Snapshot) => T | undefined): T | null {
  const [live, setLive] = useState<T | null>(null);
  const handle = useRef<WatchHandle | null>(null);
  const latest = useRef<WatchView>(view);
  latest.current = view;

  useEffect(() => {
    const watch = openWatch(latest.current, (s) => {
      const v = pick(s);
      if (v) setLive(v);
    });
    handle.current = watch;
    return () => {
      watch.close();
      handle.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one watch per mount; the view follows `ident` below
  }, []);

  useEffect(() => {
    handle.current?.update(latest.current);
  }, [ident]);

  return live;
}

type UserEventListener = (e: UserEvent) => void;
const userListeners = new Set<UserEventListener>();
let userWatch: WatchHandle | null = null;

/**
 * The user's private-room events (fills, closes, liquidations, seconds results, balances), in
 * arrival order. One watch serves every listener; it is open while someone listens.
 */
function onUserEvent(fn: UserEventListener): () => void {
  userListeners.add(fn);
  userWatch ??= openWatch({ symbols: [], userEvents: true }, (s) => {
    for (const e of s.events ?? []) for (const l of [...userListeners]) l(e);
  });
  return () => {
    userListeners.delete(fn);
    if (userListeners.size === 0 && userWatch) {
      userWatch.close();
      userWatch = null;
    }
  };
}

/** Subscribe a component to user events; the latest `fn` is called without re-subscribing. */
export function useUserEvents(fn: UserEventListener): void {
  const ref = useRef(fn);
  useEffect(() => {
    ref.current = fn;
  });
  useEffect(() => onUserEvent((e) => ref.current(e)), []);
}
