import { CONSTANTS } from '../../../core';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { marketStore, useMarketView } from '../../market';
import { PageFrame } from '../../components/PageFrame';
import { LineTabs } from '../../components/tabs/LineTabs';
import { loadPairs, pairs } from '../../market/pairs';
import { session } from '../../stores/session';
import { PATHS, pathOf, detailPath } from '../../nav/paths';
import type { Quote } from '../../api/market';
import { MarketRow } from './MarketRow';
import { PAINTED_ROWS } from './RowFigures';
import { SortHeader } from './SortHeader';
import { favourites, loadFavourites } from './favourites';
import { nextSort, parseSort, sortParam, sortQuotes, type SortKey } from './sort';
import styles from './market.module.css';

/** Fixed row height: the virtualizer never measures, so scrolling stays cheap on slow phones. */
export const ROW_HEIGHT = 64;
type Filter = 'fav' | 'all' | 'crypto' | 'stock';
const FILTERS: Filter[] = ['fav', 'all', 'crypto', 'stock'];
/** the list's offset below the sticky header when last measured: the next visit starts with it */
let lastOffset = 0;

export default function MarketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filter: Filter = FILTERS.includes(params.get('tab') as Filter) ? (params.get('tab') as Filter) : 'all';
  const sort = parseSort(params.get('sort'));
  const sortKey = sort ? sortParam(sort) : '';
  const { list, status, bySymbol } = useSnapshot(pairs);
  const { token } = useSnapshot(session);
  const fav = useSnapshot(favourites);

  useEffect(() => {
    void loadPairs();
  }, []);
  useEffect(() => {
    if (token) void loadFavourites();
  }, [token]);

  // Re-sorted when the column, tab or catalogue changes, or the user taps the column again —
  // not per tick (rows would jump under the finger). Live figures are read once, untracked.
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

  const setQuery = (next: { tab?: Filter; sort?: string }) => {
    const p: Record<string, string> = {};
    const tab = next.tab ?? filter;
    const s = next.sort ?? sortKey;
    if (tab !== 'all') p.tab = tab;
    if (s) p.sort = s;
    setParams(p, { replace: true });
  };
  const onSort = (key: SortKey) => {
    const n = nextSort(sort, key);
    setSortNonce((x) => x + 1);
    setQuery({ sort: n ? sortParam(n) : '' });
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
  const favLoading = filter === 'fav' && !!token && fav.status !== 'ready' && fav.status !== 'error';
  const showList = !favGate && !favLoading && rows.length > 0;

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
  const first = items[0];

  // Only the rows on screen are watched; the worker streams nothing else to this page.
  const visible = useMemo(
    () => (showList ? items.map((i) => rows[i.index]?.symbol).filter((s): s is string => !!s) : []),
    [items, rows, showList],
  );
  // Painted rows are drawn by the worker at the list's cadence; the store only feeds sorting and
  // the rows' screen-reader text.
  useMarketView({ symbols: visible, throttleMs: PAINTED_ROWS ? CONSTANTS.listTextMs : CONSTANTS.listSnapshotMs });

  const open = useCallback((symbol: string) => navigate(detailPath(symbol)), [navigate]);

  let body;
  if (status === 'error' && list.length === 0) {
    body = (
      <ErrorBlock status="disconnected" title={t('common.loadFailed')} description="">
        <Button color="primary" onClick={() => void loadPairs(true)}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  } else if (favGate) {
    body = (
      <ErrorBlock
        status="empty"
        title={t('market.favLoginTitle')}
        description={t('market.favLoginHint')}
        data-testid="fav-login"
      >
        <Button color="primary" onClick={() => navigate(PATHS.login)}>
          {t('market.logIn')}
        </Button>
      </ErrorBlock>
    );
  } else if (filter === 'fav' && fav.status === 'error') {
    body = (
      <ErrorBlock status="disconnected" title={t('common.loadFailed')} description="">
        <Button color="primary" onClick={() => void loadFavourites(true)}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  } else if ((list.length === 0 && status !== 'ready') || favLoading) {
    body = (
      <div className={styles.skeleton} aria-busy="true">
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  } else if (rows.length === 0) {
    body =
      filter === 'fav' ? (
        <ErrorBlock status="empty" title={t('market.favEmpty')} description={t('market.favEmptyHint')}>
          <Button color="primary" onClick={() => navigate(pathOf('market/search'))}>
            {t('market.addFavourites')}
          </Button>
        </ErrorBlock>
      ) : (
        <ErrorBlock status="empty" title={t('market.empty')} description="" />
      );
  } else {
    body = (
      <div ref={listRef} className={styles.list} role="list" aria-label={t('tabs.markets')} data-testid="market-list">
        {/* one wrapper sized to the whole list, one block offset to the first visible row */}
        <div className={styles.sizer} style={{ height: virt.getTotalSize() }}>
          <div
            className={styles.block}
            style={{ transform: `translateY(${(first?.start ?? 0) - virt.options.scrollMargin}px)` }}
          >
            {items.map((i) => {
              const q = rows[i.index];
              return q ? (
                <div role="listitem" key={q.symbol} className={styles.item}>
                  <MarketRow quote={q} onOpen={open} />
                </div>
              ) : null;
            })}
          </div>
        </div>
      </div>
    );
  }

  return (
    <PageFrame
      title={t('tabs.markets')}
      back={false}
      right={
        <button
          type="button"
          className={styles.iconBtn}
          aria-label={t('route.market.search')}
          onClick={() => navigate(pathOf('market/search'))}
        >
          <SearchOutline aria-hidden />
        </button>
      }
    >
      <div className={styles.sticky}>
        <button
          type="button"
          className={styles.searchEntry}
          onClick={() => navigate(pathOf('market/search'))}
          data-testid="search-entry"
        >
          <SearchOutline aria-hidden />
          <span>{t('market.searchPlaceholder')}</span>
        </button>
        {tabs}
        {!favGate && <SortHeader sort={sort} onSort={onSort} />}
      </div>
      {body}
    </PageFrame>
  );
}
