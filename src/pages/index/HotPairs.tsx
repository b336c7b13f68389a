import { CONSTANTS } from '../../../core';
import { memo, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useMarketView } from '../../market';
import { Num } from '../../components/Num';
import { ChangePill } from '../../components/market/ChangePill';
import { useLiveQuote } from '../../components/market/useLiveQuote';
import type { Quote } from '../../api/market';
import styles from './index.module.css';

const Card = memo(function Card({ q, onOpen }: { q: Quote; onOpen: (s: string) => void }) {
  const live = useLiveQuote(q);
  const n = Number(live.changePct);
  const tone = n > 0 ? styles.up : n < 0 ? styles.down : styles.flat;
  return (
    <button type="button" className={styles.card} data-symbol={q.symbol} onClick={() => onOpen(q.symbol)}>
      <span className={styles.cardPair}>{q.symbol}</span>
      <Num className={`${styles.cardPrice} ${tone}`} value={live.last} format="price" decimals={q.price_decimals} stale={live.stale} data-testid="last-price" />
      <Num className={tone} value={live.changePct} format="percent" tint={false} stale={live.stale} />
    </button>
  );
});

const Row = memo(function Row({ q, onOpen }: { q: Quote; onOpen: (s: string) => void }) {
  const live = useLiveQuote(q);
  return (
    <button type="button" className={styles.hotRow} data-symbol={q.symbol} onClick={() => onOpen(q.symbol)}>
      <span className={styles.hotPair}>
        <b>{q.base}</b>
        <span className={styles.muted}>/{q.quote}</span>
      </span>
      <Num value={live.last} format="price" decimals={q.price_decimals} align="right" stale={live.stale} data-testid="last-price" />
      <span className={styles.hotChange}>
        <ChangePill pct={live.changePct} stale={live.stale} />
      </span>
    </button>
  );
});

/** Live summary of the hot pairs: three cards and a short list, all ticking from the market store. */
export function HotPairs({ quotes }: { quotes: readonly Quote[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const symbols = useMemo(() => quotes.map((q) => q.symbol), [quotes]);
  useMarketView({ symbols, throttleMs: CONSTANTS.listSnapshotMs });
  const open = (s: string) => navigate(`/pages/market/detail?symbol=${encodeURIComponent(s)}`);
  if (quotes.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="hot-title">
      <div className={styles.cards}>
        {quotes.slice(0, 3).map((q) => (
          <Card key={q.symbol} q={q} onOpen={open} />
        ))}
      </div>
      <div className={styles.sectionHead}>
        <h2 id="hot-title" className={styles.h2}>
          {t('home.hotPairs')}
        </h2>
        <button type="button" className={styles.more} onClick={() => navigate('/pages/market/market')}>
          {t('home.more')}
        </button>
      </div>
      <div className={styles.hotList}>
        {quotes.map((q) => (
          <Row key={q.symbol} q={q} onOpen={open} />
        ))}
      </div>
    </section>
  );
}
