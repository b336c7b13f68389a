import { CONSTANTS } from '../../../core';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { SearchOutline } from 'antd-mobile-icons';
import { useWindowVirtualizer, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useMarketView } from '../../market';
import { PageFrame } from '../../components/PageFrame';
import { useSpareChartAhead } from './spareAhead';
import { LineTabs } from '../../components/tabs/LineTabs';
import { pathOf, detailPath } from '../../nav/paths';
import type { Quote } from '../../api/market';
import { MarketRow } from './MarketRow';
import { PAINTED_ROWS } from './RowFigures';
import { SortHeader } from './SortHeader';
import { MarketStates, type MarketState } from './MarketStates';
import { useMarketQuery, useMarketRows } from './useMarketRows';
import type { SortKey } from './sort';
import styles from './market.module.css';

/** Fixed row height: the virtualizer never measures, so scrolling stays cheap on slow phones. */
export const ROW_HEIGHT = 64;
/** the list's offset below the sticky header when last measured: the next visit starts with it */
let lastOffset = 0;

export default function MarketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filter, sort, sortKey, setQuery, sortBy, setParams } = useMarketQuery();
  const { list, status, token, favStatus, rows, resort } = useMarketRows(filter, sortKey);
  // a row opens the pair view's chart
  useSpareChartAhead();
  const onSort = (key: SortKey) => {
    resort();
    sortBy(key);
  };

  // The same element while the tab, sort and language stay: the list's own re-renders (its offset,
  // a new window of rows) skip the tab row.
  const tabs = useMemo(
    () => (
      <LineTabs
        label={t('tabs.markets')}
        active={filter}
        onChange={(k) => setQuery({ tab: k })}
        className={styles.tabs}
        tabs={[
          { key: 'fav', title: t('market.favourites') },
          { key: 'all', title: t('market.all') },
          { key: 'crypto', title: t('market.crypto') },
          { key: 'stock', title: t('market.stocks') },
        ]}
      />
    ),
    // setQuery reads only filter, sortKey and setParams
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filter, sortKey, setParams, t],
  );

  const favGate = filter === 'fav' && !token;
  const favLoading = filter === 'fav' && !!token && favStatus !== 'ready' && favStatus !== 'error';
  const showList = !favGate && !favLoading && rows.length > 0;
  const state = stateOf({
    pairsFailed: status === 'error' && list.length === 0,
    favGate,
    favFailed: filter === 'fav' && favStatus === 'error',
    loading: (list.length === 0 && status !== 'ready') || favLoading,
    empty: rows.length === 0,
    fav: filter === 'fav',
  });

  const { listRef, virt, items } = useVisibleRows(rows, showList, status);

  const open = useCallback((symbol: string) => navigate(detailPath(symbol)), [navigate]);
  const toSearch = () => navigate(pathOf('market/search'));

  return (
    <PageFrame
      title={t('tabs.markets')}
      back={false}
      right={
        <button type="button" className={styles.iconBtn} aria-label={t('route.market.search')} onClick={toSearch}>
          <SearchOutline aria-hidden />
        </button>
      }
    >
      <div className={styles.sticky}>
        <button type="button" className={styles.searchEntry} onClick={toSearch} data-testid="search-entry">
          <SearchOutline aria-hidden />
          <span>{t('market.searchPlaceholder')}</span>
        </button>
        {tabs}
        {!favGate && <SortHeader sort={sort} onSort={onSort} />}
      </div>
      {state ? (
        <MarketStates state={state} />
      ) : (
        <MarketList listRef={listRef} virt={virt} items={items} rows={rows} onOpen={open} />
      )}
    </PageFrame>
  );
}

/** Which state the page shows instead of its list, first match wins; null: the list. */
function stateOf(s: {
  pairsFailed: boolean;
  favGate: boolean;
  favFailed: boolean;
  loading: boolean;
  empty: boolean;
  fav: boolean;
}): MarketState | null {
  if (s.pairsFailed) return 'pairs-error';
  if (s.favGate) return 'fav-gate';
  if (s.favFailed) return 'fav-error';
  if (s.loading) return 'loading';
  if (s.empty) return s.fav ? 'fav-empty' : 'empty';
  return null;
}

/**
 * The window virtualizer over the rows, and the market view of the rows it shows.
 * `status` and `showList` say when the list may have moved (its offset is read again).
 */
function useVisibleRows(rows: Quote[], showList: boolean, status: string) {
  // The list starts below the sticky header; the window virtualizer needs that offset. Read after
  // the first paint (layout is clean then: reading it inside the commit forced a layout there) and
  // applied as a transition (a state update in the commit re-renders the page synchronously, in
  // the same task — the blocking time). Until then the last measured offset (or 0) only
  // widens the window by a few rows.
  const listRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(lastOffset);
  useEffect(() => {
    const top = listRef.current?.offsetTop;
    if (top === undefined || top === lastOffset) return;
    lastOffset = top;
    startTransition(() => setOffset(top));
  }, [status, showList]);

  const virt = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
    scrollMargin: offset,
    // the window's size up front: the virtualizer's own first measure then finds nothing new and
    // does not re-render the page inside the first commit
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });
  const items = virt.getVirtualItems();

  // Only the rows on screen are watched; the worker streams nothing else to this page.
  const visible = useMemo(
    () => (showList ? items.map((i) => rows[i.index]?.symbol).filter((s): s is string => !!s) : []),
    [items, rows, showList],
  );
  // Painted rows are drawn by the worker at the list's cadence; the store only feeds sorting and
  // the rows' screen-reader text.
  useMarketView({ symbols: visible, throttleMs: PAINTED_ROWS ? CONSTANTS.listTextMs : CONSTANTS.listSnapshotMs });

  return { listRef, virt, items };
}

/** The rows on screen: one wrapper sized to the whole list, one block offset to the first visible row. */
function MarketList({
  listRef,
  virt,
  items,
  rows,
  onOpen,
}: {
  listRef: RefObject<HTMLDivElement | null>;
  virt: Virtualizer<Window, Element>;
  items: VirtualItem[];
  rows: Quote[];
  onOpen: (symbol: string) => void;
}) {
  const { t } = useTranslation();
  const first = items[0];
  return (
    <div ref={listRef} className={styles.list} role="list" aria-label={t('tabs.markets')} data-testid="market-list">
      <div className={styles.sizer} style={{ height: virt.getTotalSize() }}>
        <div
          className={styles.block}
          style={{ transform: `translateY(${(first?.start ?? 0) - virt.options.scrollMargin}px)` }}
        >
          {items.map((i) => {
            const q = rows[i.index];
            return q ? (
              <div role="listitem" key={q.symbol} className={styles.item}>
                <MarketRow quote={q} onOpen={onOpen} />
              </div>
            ) : null;
          })}
        </div>
      </div>
    </div>
  );
}
