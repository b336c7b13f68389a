import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ErrorBlock, Skeleton, Tabs, Button } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useMarketView } from '../../market';
import { PageFrame } from '../../components/PageFrame';
import { loadPairs, pairs } from '../../stores/pairs';
import { pathOf } from '../../app/routes';
import type { Quote } from '../../api/market';
import { MarketRow } from './MarketRow';
import styles from './market.module.css';

/** Fixed row height: the virtualizer never measures, so scrolling stays cheap on slow phones. */
export const ROW_HEIGHT = 64;
type Filter = 'all' | 'crypto' | 'stock';
const FILTERS: Filter[] = ['all', 'crypto', 'stock'];

export default function MarketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filter: Filter = FILTERS.includes(params.get('tab') as Filter) ? (params.get('tab') as Filter) : 'all';
  const { list, status } = useSnapshot(pairs);

  useEffect(() => {
    void loadPairs();
  }, []);

  const rows = useMemo(() => (filter === 'all' ? list : list.filter((q) => q.market === filter)) as Quote[], [list, filter]);

  // The list starts below the sticky header; the window virtualizer needs that offset.
  const listRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    setOffset(listRef.current?.offsetTop ?? 0);
  }, [status]);

  const virt = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
    scrollMargin: offset,
  });
  const items = virt.getVirtualItems();
  const first = items[0];

  // Only the rows on screen are watched; the worker streams nothing else to this page.
  const visible = useMemo(() => items.map((i) => rows[i.index]?.symbol).filter((s): s is string => !!s), [items, rows]);
  useMarketView({ symbols: visible });

  const open = useCallback((symbol: string) => navigate(`${pathOf('transaction/index')}?symbol=${encodeURIComponent(symbol)}`), [navigate]);

  return (
    <PageFrame
      title={t('tabs.markets')}
      back={false}
      right={
        <button type="button" className={styles.iconBtn} aria-label={t('route.market.search')} onClick={() => navigate(pathOf('market/search'))}>
          <SearchOutline aria-hidden />
        </button>
      }
    >
      <div className={styles.sticky}>
        <Tabs activeKey={filter} onChange={(k) => setParams(k === 'all' ? {} : { tab: k }, { replace: true })} className={styles.tabs}>
          <Tabs.Tab key="all" title={t('market.all')} />
          <Tabs.Tab key="crypto" title={t('market.crypto')} />
          <Tabs.Tab key="stock" title={t('market.stocks')} />
        </Tabs>
        <div className={styles.head} aria-hidden>
          <span>{t('market.pair')}</span>
          <span className={styles.headRight}>{t('market.last')}</span>
          <span className={styles.headRight}>{t('market.change')}</span>
        </div>
      </div>

      {status === 'error' && list.length === 0 ? (
        <ErrorBlock status="disconnected" title={t('common.loadFailed')} description="">
          <Button color="primary" onClick={() => void loadPairs(true)}>
            {t('common.retry')}
          </Button>
        </ErrorBlock>
      ) : list.length === 0 && status !== 'ready' ? (
        <div className={styles.skeleton} aria-busy="true">
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      ) : rows.length === 0 ? (
        <ErrorBlock status="empty" title={t('market.empty')} description="" />
      ) : (
        <div ref={listRef} className={styles.list} role="list" aria-label={t('tabs.markets')} data-testid="market-list">
          {/* one wrapper sized to the whole list, one block offset to the first visible row */}
          <div className={styles.sizer} style={{ height: virt.getTotalSize() }}>
            <div className={styles.block} style={{ transform: `translateY(${(first?.start ?? 0) - virt.options.scrollMargin}px)` }}>
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
      )}
    </PageFrame>
  );
}
