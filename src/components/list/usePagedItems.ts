import { useCallback, useRef, useState } from 'react';

type PagedStatus = 'loading' | 'ready' | 'error';

/** A page's rows and whether another page follows. */
interface PageOf<T> {
  list: T[];
  more: boolean;
}

/** Where the app's two paged lists differ (the records list and the trade list). */
interface PagedPolicy {
  /** a failed reload keeps the rows already shown (else the error state replaces them) */
  keepOnError?: boolean;
  /**
   * a failed next page ends the scroll quietly (pulling down retries); else the failure reaches
   * InfiniteScroll, which offers its retry
   */
  endOnMoreFailure?: boolean;
  /** a later page adds no row already shown (rows can move between pages as new ones arrive) */
  dedupe?: boolean;
}

/**
 * The paging both lists share: page 1 (again), the next page, and page 1 merged in quietly. Each
 * reload is a generation: an answer for an older one is dropped, so a slow page never lands on a
 * newer list. The fetcher and key are read through refs, so callers may pass new closures.
 */
export function usePagedItems<T>(
  fetchPage: (page: number) => Promise<PageOf<T>>,
  keyOf: (item: T) => string | number,
  { keepOnError = false, endOnMoreFailure = false, dedupe = false }: PagedPolicy,
) {
  const [items, setItems] = useState<T[]>([]);
  const [status, setStatus] = useState<PagedStatus>('loading');
  const [hasMore, setHasMore] = useState(false);
  const page = useRef(0);
  const gen = useRef(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const keyRef = useRef(keyOf);
  keyRef.current = keyOf;

  const reload = useCallback(async () => {
    const my = ++gen.current;
    try {
      const p = await fetchRef.current(1);
      if (my !== gen.current) return;
      page.current = 1;
      setItems(p.list);
      setHasMore(p.more);
      setStatus('ready');
    } catch {
      if (my !== gen.current) return;
      setStatus((s) => (keepOnError && s === 'ready' ? s : 'error'));
    }
  }, [keepOnError]);

  /** Page 1 again, merged in place: rows it has replace shown ones, new rows go on top. */
  const refreshQuietly = useCallback(async () => {
    const my = gen.current;
    const p = await fetchRef.current(1).catch(() => null);
    if (!p || my !== gen.current) return;
    setItems((prev) => {
      const key = keyRef.current;
      const fresh = new Map(p.list.map((it) => [key(it), it]));
      const kept = prev.map((it) => fresh.get(key(it)) ?? it);
      const known = new Set(prev.map((it) => key(it)));
      return [...p.list.filter((it) => !known.has(key(it))), ...kept];
    });
  }, []);

  const loadMore = async () => {
    const my = gen.current;
    const ask = fetchRef.current(page.current + 1);
    const p = endOnMoreFailure ? await ask.catch(() => null) : await ask;
    if (my !== gen.current) return;
    if (!p) {
      // stop the spinner; pulling down retries
      setHasMore(false);
      return;
    }
    page.current += 1;
    setItems((cur) => {
      if (!dedupe) return [...cur, ...p.list];
      const key = keyRef.current;
      const seen = new Set(cur.map(key));
      return [...cur, ...p.list.filter((x) => !seen.has(key(x)))];
    });
    setHasMore(p.more);
  };

  return { items, status, setStatus, hasMore, reload, refreshQuietly, loadMore };
}
