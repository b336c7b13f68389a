import { useCallback, useEffect, useState } from 'react';
import type { Page } from '../../core';

/** One page of an admin list with prev/next; reloads when its inputs change. */
export function usePaged<T>(fetch: (page: number) => Promise<Page<T>>, deps: readonly unknown[]) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page<T> | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    try {
      setData(await fetch(page));
      setError('');
    } catch (e) {
      setError((e as Error).message);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, ...deps]);
  useEffect(() => {
    void load();
  }, [load]);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  return { data, error, page, pages, setPage, reload: load };
}
