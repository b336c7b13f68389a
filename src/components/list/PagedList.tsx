import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Empty, ErrorBlock, InfiniteScroll, PullToRefresh, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CONSTANTS, type Page } from '../../../core';
import states from '../states.module.css';
import styles from './list.module.css';

function moreAfter<T>(p: Page<T>, pageSize: number): boolean {
  if (p.list.length < pageSize) return false;
  return typeof p.total === 'number' ? p.page * p.limit < p.total : true;
}

export interface PagedListProps<T> {
  /** pages start at 1 (spec §9) */
  fetchPage: (page: number, limit: number) => Promise<Page<T>>;
  /** `refresh` re-reads page 1 quietly (after an action on the item) */
  renderItem: (item: T, refresh: () => void) => ReactNode;
  itemKey: (item: T) => string | number;
  emptyText: string;
  /** what to do next when the list is empty (e.g. a "Deposit" button) */
  emptyAction?: ReactNode;
  /** changing it reloads from page 1 (a filter tab) */
  reloadKey?: string | number;
  pageSize?: number;
  /** records divided by lines (default), or cards with a gap (products, orders) */
  variant?: 'rows' | 'cards';
  /**
   * While it returns true for the shown items (an order is about to settle), page 1 is re-read
   * quietly every `pollMs` and its rows replace the shown ones — no skeleton, scroll kept.
   */
  live?: (items: T[]) => boolean;
  pollMs?: number;
  testId?: string;
}

/**
 * The list behaviour UX.md asks of every record and order list: skeleton on first load,
 * pull-to-refresh, infinite scroll of 10 per page with "no more data", an empty state saying what
 * to do next, an error state with retry; optionally a quiet live refresh, so an order is seen to
 * settle without the user pulling. Requests are quiet: the list shows its own states, not toasts.
 */
export function PagedList<T>({
  fetchPage,
  renderItem,
  itemKey,
  emptyText,
  emptyAction,
  reloadKey,
  pageSize = CONSTANTS.pageSize,
  variant = 'rows',
  live,
  pollMs = 3000,
  testId,
}: PagedListProps<T>) {
  const { t } = useTranslation();
  const [items, setItems] = useState<T[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [hasMore, setHasMore] = useState(false);
  const next = useRef(1);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const keyRef = useRef(itemKey);
  keyRef.current = itemKey;
  const gen = useRef(0);

  const loadFirst = useCallback(async () => {
    const my = ++gen.current;
    try {
      const p = await fetchRef.current(1, pageSize);
      if (my !== gen.current) return;
      setItems(p.list);
      next.current = 2;
      setHasMore(moreAfter(p, pageSize));
      setState('ready');
    } catch {
      if (my === gen.current) setState('error');
    }
  }, [pageSize]);

  /** Page 1 again, merged in place: rows it has replace shown ones, new rows go on top. */
  const refreshQuietly = useCallback(async () => {
    const my = gen.current;
    const p = await fetchRef.current(1, pageSize).catch(() => null);
    if (!p || my !== gen.current) return;
    setItems((prev) => {
      const fresh = new Map(p.list.map((it) => [keyRef.current(it), it]));
      const kept = prev.map((it) => fresh.get(keyRef.current(it)) ?? it);
      const known = new Set(prev.map((it) => keyRef.current(it)));
      return [...p.list.filter((it) => !known.has(keyRef.current(it))), ...kept];
    });
  }, [pageSize]);

  useEffect(() => {
    setState('loading');
    void loadFirst();
  }, [loadFirst, reloadKey]);

  const polling = state === 'ready' && !!live?.(items);
  useEffect(() => {
    if (!polling) return;
    const id = setInterval(() => void refreshQuietly(), pollMs);
    return () => clearInterval(id);
  }, [polling, pollMs, refreshQuietly]);

  const loadMore = async () => {
    const my = gen.current;
    const p = await fetchRef.current(next.current, pageSize).catch(() => null);
    if (my !== gen.current) return;
    if (!p) {
      // stop the spinner; pulling down retries
      setHasMore(false);
      return;
    }
    next.current += 1;
    setItems((prev) => [...prev, ...p.list]);
    setHasMore(moreAfter(p, pageSize));
  };

  const refresh = () => void refreshQuietly();

  if (state === 'loading')
    return (
      <div className={states.skeleton} data-testid={testId ? `${testId}-loading` : undefined}>
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (state === 'error')
    return (
      <ErrorBlock
        status="default"
        title={t('common.loadError')}
        description={t('common.loadFailedHint')}
        className={states.state}
      >
        <Button color="primary" fill="outline" onClick={() => (setState('loading'), void loadFirst())}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  return (
    <PullToRefresh onRefresh={loadFirst}>
      {items.length === 0 ? (
        <div className={states.state} data-testid={testId ? `${testId}-empty` : undefined}>
          <Empty description={emptyText} />
          {emptyAction}
        </div>
      ) : (
        <>
          <ul className={styles[variant]} data-testid={testId}>
            {items.map((it) => (
              <li key={itemKey(it)}>{renderItem(it, refresh)}</li>
            ))}
          </ul>
          <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
            {hasMore ? t('common.loadingMore') : t('common.noMoreData')}
          </InfiniteScroll>
        </>
      )}
    </PullToRefresh>
  );
}
