import { CONSTANTS } from '../../../core';
import { memo, useEffect, useMemo, useState } from 'react';
import { ErrorBlock, Button, SearchBar, Skeleton, Tabs } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Quote } from '../../api/market';
import { pathOf, TRADE_ROUTES } from '../../nav/paths';
import { Num } from '../../components/Num';
import { PageFrame } from '../../components/PageFrame';
import { ChangePill } from '../../components/market/ChangePill';
import { useLiveQuote } from '../../components/market/useLiveQuote';
import { useMarketView } from '../../market';
import { loadPairs, pairs } from '../../market/pairs';
import styles from './trade.module.css';

/** Trade pages a picker may return to; anything else goes to spot. */
const TARGETS: string[] = [TRADE_ROUTES.spot, TRADE_ROUTES.contract, TRADE_ROUTES.seconds];
type Filter = 'crypto' | 'stock';

const Row = memo(function Row({ q, on, onPick }: { q: Quote; on: boolean; onPick: (s: string) => void }) {
  const live = useLiveQuote(q);
  return (
    <button
      type="button"
      className={`${styles.pickRow} ${on ? styles.pickRowOn : ''}`}
      aria-current={on || undefined}
      data-symbol={q.symbol}
      onClick={() => onPick(q.symbol)}
    >
      <span>
        <span className={styles.pickBase}>{q.base}</span>
        <span className={styles.pickQuote}>/{q.quote}</span>
      </span>
      <Num value={live.last} format="price" decimals={q.price_decimals} align="right" stale={live.stale} />
      <span className={styles.right}>
        <ChangePill pct={live.changePct} stale={live.stale} />
      </span>
    </button>
  );
});

/** The pair picker: search, crypto/stocks, live prices; a tap returns to the trade page with the pair. */
export default function CurrencyPickerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const to = TARGETS.includes(params.get('to') ?? '') ? (params.get('to') as string) : TRADE_ROUTES.spot;
  const current = params.get('symbol') ?? '';
  const { list, status } = useSnapshot(pairs);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<Filter>('crypto');

  useEffect(() => {
    void loadPairs();
  }, []);

  const rows = useMemo(() => {
    const qq = query.trim().toUpperCase();
    return (list as Quote[]).filter((q) => (qq ? q.symbol.includes(qq) : q.market === filter));
  }, [list, query, filter]);
  // ~60 pairs at most: all rows are on screen or near it, and the worker coalesces their ticks.
  const symbols = useMemo(() => rows.map((r) => r.symbol), [rows]);
  useMarketView({ symbols, throttleMs: CONSTANTS.listSnapshotMs });

  const pick = (symbol: string) => navigate(`${pathOf(to)}?symbol=${encodeURIComponent(symbol)}`, { replace: true });

  return (
    <PageFrame title={t('trade.title.picker')}>
      <div className={styles.tabsSticky}>
        <div className={styles.search}>
          <SearchBar
            placeholder={t('trade.picker.search')}
            value={query}
            onChange={setQuery}
            aria-label={t('trade.picker.search')}
          />
        </div>
        {query ? null : (
          <Tabs activeKey={filter} onChange={(k) => setFilter(k as Filter)} className={styles.tabs}>
            <Tabs.Tab key="crypto" title={t('market.crypto')} />
            <Tabs.Tab key="stock" title={t('market.stocks')} />
          </Tabs>
        )}
      </div>
      {status === 'error' && list.length === 0 ? (
        <ErrorBlock status="disconnected" title={t('common.loadFailed')} description="">
          <Button color="primary" onClick={() => void loadPairs(true)}>
            {t('common.retry')}
          </Button>
        </ErrorBlock>
      ) : list.length === 0 ? (
        <div className={styles.empty} aria-busy="true">
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      ) : rows.length === 0 ? (
        <div className={styles.empty}>{t('trade.picker.none')}</div>
      ) : (
        <div role="list" aria-label={t('trade.title.picker')} data-testid="pair-list">
          {rows.map((q) => (
            <div role="listitem" key={q.symbol}>
              <Row q={q} on={q.symbol === current} onPick={pick} />
            </div>
          ))}
        </div>
      )}
    </PageFrame>
  );
}
