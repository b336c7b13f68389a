import { useEffect, type ReactNode } from 'react';
import { Button, ErrorBlock, InfiniteScroll, PullToRefresh, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { TradePage } from '../../../core';
import { usePagedItems } from '../list/usePagedItems';
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

/**
 * A paged list the spec's way: skeleton while the first page loads, pull to refresh, infinite
 * scroll with "no more data", an empty state that says what to do, an error state with retry.
 * A reload replaces the list only when its answer arrives, so a refresh never blanks the screen.
 * The paging is the records list's (usePagedItems); this one keeps rows on a failed reload, lets
 * InfiniteScroll retry a failed page, and drops rows a later page repeats.
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
  const { items, status, hasMore, reload, loadMore } = usePagedItems(
    (page: number) => fetchPage(page).then((p) => ({ list: p.list, more: p.has_more })),
    keyOf,
    { keepOnError: true, dedupe: true },
  );
  useEffect(() => {
    void reload();
  }, [reload, version]);

  let body: ReactNode;
  if (status === 'loading' || status === 'error') body = <NotReady error={status === 'error'} onRetry={reload} />;
  else if (items.length === 0) body = <div className={styles.empty}>{empty}</div>;
  else
    body = (
      <>
        <ul className={styles.list} aria-label={label} data-testid={testId}>
          {items.map((x) => (
            <li key={keyOf(x)}>{renderItem(x)}</li>
          ))}
        </ul>
        <MoreRows loadMore={loadMore} hasMore={hasMore} />
      </>
    );
  return pull ? <PullToRefresh onRefresh={reload}>{body}</PullToRefresh> : <>{body}</>;
}

/** the first page loading, or failed with a retry */
function NotReady({ error, onRetry }: { error: boolean; onRetry: () => Promise<void> }) {
  const { t } = useTranslation();
  if (!error)
    return (
      <div className={styles.skeleton} aria-busy="true" aria-label={t('trade.list.loading')}>
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  return (
    <ErrorBlock status="disconnected" title={t('trade.list.error')} description="">
      <Button color="primary" onClick={() => void onRetry()}>
        {t('common.retry')}
      </Button>
    </ErrorBlock>
  );
}

/** the infinite scroll's foot: loading, no more, or a retry when a page failed */
function MoreRows({ loadMore, hasMore }: { loadMore: () => Promise<void>; hasMore: boolean }) {
  const { t } = useTranslation();
  return (
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
  );
}
