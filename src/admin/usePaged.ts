import { useCallback, useEffect, useRef, useState } from 'react';
import type { Page } from '../../core';
import { latestWins } from '../lib/latestWins';

/**
 * One page of an admin list with prev/next; reloads when its inputs change, from page 1 when a
 * filter changes. Only the newest load's answer is shown (see latestWins).
 */
export function usePaged<T>(fetch: (page: number) => Promise<Page<T>>, deps: readonly unknown[]) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page<T> | null>(null);
  const [error, setError] = useState('');
  const ticket = useRef(latestWins()).current;
  const filter = JSON.stringify(deps);
  const [shownFilter, setShownFilter] = useState(filter);
  if (filter !== shownFilter) {
    // a new filter starts on its first page (set during render: React redoes it before painting)
    setShownFilter(filter);
    setPage(1);
  }
  const load = useCallback(async () => {
    const current = ticket();
    try {
      const next = await fetch(page);
      if (!current()) return;
      setData(next);
      setError('');
    } catch (e) {
      if (current()) setError((e as Error).message);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, ...deps]);
  useEffect(() => {
    void load();
  }, [load]);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  return { data, error, page, pages, setPage, reload: load };
}
