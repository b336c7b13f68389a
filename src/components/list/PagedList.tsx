import { useEffect, type ReactNode } from 'react';
import { Button, Empty, ErrorBlock, InfiniteScroll, PullToRefresh, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CONSTANTS, type Page } from '../../../core';
import states from '../states.module.css';
import { usePagedItems } from './usePagedItems';
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
  const { items, status, setStatus, hasMore, reload, refreshQuietly, loadMore } = usePagedItems(
    (page: number) => fetchPage(page, pageSize).then((p) => ({ list: p.list, more: moreAfter(p, pageSize) })),
    itemKey,
    { endOnMoreFailure: true },
  );
  // a new filter (or page size) shows the skeleton again
  useEffect(() => {
    setStatus('loading');
    void reload();
  }, [reload, reloadKey, pageSize, setStatus]);
  useLivePaging(live, items, status === 'ready', pollMs, refreshQuietly);

  const refresh = () => void refreshQuietly();
  if (status === 'loading')
    return (
      <div className={states.skeleton} data-testid={testId ? `${testId}-loading` : undefined}>
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (status === 'error')
    return (
      <ErrorBlock
        status="default"
        title={t('common.loadError')}
        description={t('common.loadFailedHint')}
        className={states.state}
      >
        <Button color="primary" fill="outline" onClick={() => (setStatus('loading'), void reload())}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  return (
    <PullToRefresh onRefresh={reload}>
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

/** While `live` holds for the shown rows, page 1 is merged in every `pollMs`. */
function useLivePaging<T>(
  live: ((items: T[]) => boolean) | undefined,
  items: T[],
  ready: boolean,
  pollMs: number,
  refreshQuietly: () => Promise<void>,
) {
  const polling = ready && !!live?.(items);
  useEffect(() => {
    if (!polling) return;
    const id = setInterval(() => void refreshQuietly(), pollMs);
    return () => clearInterval(id);
  }, [polling, pollMs, refreshQuietly]);
}
