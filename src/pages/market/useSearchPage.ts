import { useEffect, useMemo, useRef } from 'react';
import type { SearchBarRef } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { CONSTANTS } from '../../../core';
import { useMarketView } from '../../market';
import { loadPairs, pairs } from '../../market/pairs';
import { session } from '../../stores/session';
import type { Quote } from '../../api/market';
import { loadFavourites } from './favourites';
import { recent } from './recent';
import { hotPairs } from './hot';
import { matchPairs } from './search-match';

/** Rows streamed at most: results beyond this still show their REST snapshot figures. */
const WATCH_MAX = 30;

/**
 * The search page's data: the query (kept in `?q=`), the matches, the hot and recent pairs, and
 * the live stream for the first rows shown. Focuses the search box on opening.
 */
export function useSearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const { list, bySymbol, status } = useSnapshot(pairs);
  const { symbols: recentSymbols } = useSnapshot(recent);
  const { token } = useSnapshot(session);
  const input = useRef<SearchBarRef>(null);

  useEffect(() => {
    void loadPairs();
    input.current?.focus();
  }, []);
  useEffect(() => {
    if (token) void loadFavourites();
  }, [token]);

  const all = list as Quote[];
  const results = useMemo(() => matchPairs(all, q), [all, q]);
  const hot = useMemo(() => hotPairs(all), [all]);
  const recentQuotes = useMemo(
    () => recentSymbols.map((s) => bySymbol[s] as Quote | undefined).filter((x): x is Quote => !!x),
    [recentSymbols, bySymbol],
  );

  const shown = q.trim() ? results : hot;
  const watched = useMemo(() => shown.slice(0, WATCH_MAX).map((x) => x.symbol), [shown]);
  useMarketView({ symbols: watched, throttleMs: CONSTANTS.listSnapshotMs });

  const setQ = (v: string) => setParams(v ? { q: v } : {}, { replace: true });
  return { q, setQ, input, all, status, results, hot, recentQuotes };
}
