import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { marketStore } from '../../market';
import { loadPairs, pairs } from '../../market/pairs';
import { session } from '../../stores/session';
import type { Quote } from '../../api/market';
import { favourites, loadFavourites } from './favourites';
import { nextSort, parseSort, sortParam, sortQuotes, type SortKey } from './sort';

export type Filter = 'fav' | 'all' | 'crypto' | 'stock';
const FILTERS: Filter[] = ['fav', 'all', 'crypto', 'stock'];

/** The tab and the sort column live in the URL (?tab=, ?sort=): a shared link opens the same list. */
export function useMarketQuery() {
  const [params, setParams] = useSearchParams();
  const filter: Filter = FILTERS.includes(params.get('tab') as Filter) ? (params.get('tab') as Filter) : 'all';
  const sort = parseSort(params.get('sort'));
  const sortKey = sort ? sortParam(sort) : '';
  const setQuery = (next: { tab?: Filter; sort?: string }) => {
    const p: Record<string, string> = {};
    const tab = next.tab ?? filter;
    const s = next.sort ?? sortKey;
    if (tab !== 'all') p.tab = tab;
    if (s) p.sort = s;
    setParams(p, { replace: true });
  };
  /** the column tapped: the next sort state (down, up, none) */
  const sortBy = (key: SortKey) => {
    const n = nextSort(sort, key);
    setQuery({ sort: n ? sortParam(n) : '' });
  };
  return { filter, sort, sortKey, setQuery, sortBy, setParams };
}

/**
 * The pairs of the tab, sorted. Re-sorted when the column, tab or catalogue changes, or the user taps
 * the column again (`resort`) — not per tick (rows would jump under the finger). Live figures are read
 * once, untracked.
 */
export function useMarketRows(filter: Filter, sortKey: string) {
  const { list, status, bySymbol } = useSnapshot(pairs);
  const { token } = useSnapshot(session);
  const fav = useSnapshot(favourites);

  useEffect(() => {
    void loadPairs();
  }, []);
  useEffect(() => {
    if (token) void loadFavourites();
  }, [token]);

  const [sortNonce, setSortNonce] = useState(0);
  const rows = useMemo(() => {
    const base =
      filter === 'fav'
        ? fav.symbols.map((s) => bySymbol[s]).filter((q): q is Quote => !!q)
        : filter === 'all'
          ? (list as Quote[])
          : (list as Quote[]).filter((q) => q.market === filter);
    return sortQuotes(base, parseSort(sortKey), (s) => marketStore.tickers[s]);
    // sortNonce: a repeat tap re-sorts with fresh figures
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list, bySymbol, filter, fav.symbols, sortKey, sortNonce]);
  const resort = () => setSortNonce((x) => x + 1);
  return { list, status, token, favStatus: fav.status, rows, resort };
}
