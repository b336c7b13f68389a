import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, ErrorBlock, InfiniteScroll, PullToRefresh, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { TradePage } from '../../../core';
import styles from './PagedList.module.css';

export interface PagedListProps<T> {
  /** page starts at 1 (spec §9) */
  fetchPage: (page: number) => Promise<TradePage<T>>;
  renderItem: (item: T) => ReactNode;
  keyOf: (item: T) => string | number;
  /** change it to reload from page 1 (a new filter, a user event that changed the list) */
  version?: string | number;
  empty: ReactNode;
  /** pull-to-refresh; off inside a page that has its own */
  pull?: boolean;
  label: string;
  'data-testid'?: string;
}

type Status = 'loading' | 'ready' | 'error';

/**
 * A paged list the spec's way: skeleton while the first page loads, pull to refresh, infinite
 * scroll with "no more data", an empty state that says what to do, an error state with retry.
 * A reload replaces the list only when its answer arrives, so a refresh never blanks the screen.
 */
export function PagedList<T>({
  fetchPage,
  renderItem,
  keyOf,
  version,
  empty,
  pull = true,
  label,
  'data-testid': testId,
}: PagedListProps<T>) {
  const { t } = useTranslation();
  const [items, setItems] = useState<T[]>([]);
  const [status, setStatus] = useState<Status>('loading');
  const [hasMore, setHasMore] = useState(false);
  const page = useRef(0);
  const gen = useRef(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const reload = useCallback(async () => {
    const g = ++gen.current;
    try {
      const p = await fetchRef.current(1);
      if (g !== gen.current) return;
      page.current = 1;
      setItems(p.list);
      setHasMore(p.has_more);
      setStatus('ready');
    } catch {
      if (g !== gen.current) return;
      setStatus((s) => (s === 'ready' ? s : 'error'));
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload, version]);

  const loadMore = async () => {
    const g = gen.current;
    const p = await fetchRef.current(page.current + 1);
    if (g !== gen.current) return;
    page.current += 1;
    setItems((cur) => {
      const seen = new Set(cur.map(keyOf));
      return [...cur, ...p.list.filter((x) => !seen.has(keyOf(x)))];
    });
    setHasMore(p.has_more);
  };

  let body: ReactNode;
  if (status === 'loading')
    body = (
      <div className={styles.skeleton} aria-busy="true" aria-label={t('trade.list.loading')}>
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  else if (status === 'error')
    body = (
      <ErrorBlock status="disconnected" title={t('trade.list.error')} description="">
        <Button color="primary" onClick={() => void reload()}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  else if (items.length === 0) body = <div className={styles.empty}>{empty}</div>;
  else
    body = (
      <>
        <ul className={styles.list} aria-label={label} data-testid={testId}>
          {items.map((x) => (
            <li key={keyOf(x)}>{renderItem(x)}</li>
          ))}
        </ul>
        <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
          {(more, failed, retry) =>
            failed ? (
              <button type="button" className={styles.linkBtn} onClick={() => void retry()}>
                {t('common.retry')}
              </button>
            ) : more ? (
              t('trade.list.loading')
            ) : (
              t('common.noMoreData')
            )
          }
        </InfiniteScroll>
      </>
    );

  return pull ? <PullToRefresh onRefresh={reload}>{body}</PullToRefresh> : <>{body}</>;
}
