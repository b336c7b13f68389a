import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Empty, ErrorBlock, InfiniteScroll, PullToRefresh, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CONSTANTS, type Page } from '../../../../core';
import styles from './parts.module.css';

function moreAfter<T>(p: Page<T>, pageSize: number): boolean {
  if (p.list.length < pageSize) return false;
  return typeof p.total === 'number' ? p.page * p.limit < p.total : true;
}

export interface PagedListProps<T> {
  /** pages start at 1 (spec §9) */
  fetchPage: (page: number, limit: number) => Promise<Page<T>>;
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T, index: number) => string | number;
  emptyText: string;
  /** what to do next when the list is empty (e.g. a "Deposit" button) */
  emptyAction?: ReactNode;
  /** changing it reloads from page 1 (filters) */
  reloadKey?: string | number;
  pageSize?: number;
  testId?: string;
}

/**
 * The list behaviour UX.md asks of every record list: skeleton on first load, pull-to-refresh,
 * infinite scroll of 10 per page with "no more data", an empty state saying what to do next and
 * an error state with retry. Requests are quiet: the list shows its own states, not toasts.
 */
export function PagedList<T>({ fetchPage, renderItem, itemKey, emptyText, emptyAction, reloadKey, pageSize = CONSTANTS.pageSize, testId }: PagedListProps<T>) {
  const { t } = useTranslation();
  const [items, setItems] = useState<T[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [hasMore, setHasMore] = useState(false);
  const next = useRef(1);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
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

  useEffect(() => {
    setState('loading');
    void loadFirst();
  }, [loadFirst, reloadKey]);

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

  if (state === 'loading')
    return (
      <div className={styles.skeleton} data-testid={testId ? `${testId}-loading` : undefined}>
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (state === 'error')
    return (
      <ErrorBlock status="default" title={t('acct.loadError')} description={t('common.loadFailedHint')} className={styles.state}>
        <Button color="primary" fill="outline" onClick={() => (setState('loading'), void loadFirst())}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  return (
    <PullToRefresh onRefresh={loadFirst}>
      {items.length === 0 ? (
        <div className={styles.state} data-testid={testId ? `${testId}-empty` : undefined}>
          <Empty description={emptyText} />
          {emptyAction}
        </div>
      ) : (
        <>
          <ul className={styles.list} data-testid={testId}>
            {items.map((it, i) => (
              <li key={itemKey(it, i)} className={styles.row}>
                {renderItem(it, i)}
              </li>
            ))}
          </ul>
          <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
            {hasMore ? t('acct.loadingMore') : t('common.noMoreData')}
          </InfiniteScroll>
        </>
      )}
    </PullToRefresh>
  );
}
