import { CONSTANTS } from '../../../core';
import { memo, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useMarketView } from '../../market';
import { numClass, numText } from '../../components/Num';
import { useNumberMarks } from '../../components/number-marks';
import { pillClass } from '../../components/market/ChangePill';
import { useQuoteCells } from '../../components/market/useQuoteCells';
import { putClass, putNum } from '../../lib/dom-text';
import type { Quote } from '../../api/market';
import styles from './index.module.css';

const toneOf = (pct: string) => {
  const n = Number(pct);
  return n > 0 ? styles.up : n < 0 ? styles.down : styles.flat;
};

/**
 * The cards and rows tick without React: each renders its cells once and writes the snapshot's
 * figures into them (useQuoteCells), with <Num/>'s text and classes. At the list cadence a React
 * render of eight rows and three cards per snapshot was Home's steady main-thread work while it
 * loads.
 */
const Card = memo(function Card({ q, onOpen }: { q: Quote; onOpen: (s: string) => void }) {
  const marks = useNumberMarks();
  const price = useRef<HTMLSpanElement>(null);
  const pct = useRef<HTMLSpanElement>(null);
  useQuoteCells(
    q,
    ({ last, changePct, stale, dir }) => {
      const tone = toneOf(changePct);
      putNum(
        price.current,
        numText(last, 'price', q.price_decimals, marks),
        numClass({ dir, stale, className: `${styles.cardPrice} ${tone}` }),
        stale,
      );
      putNum(pct.current, numText(changePct, 'percent', 2, marks), numClass({ stale, className: tone }), stale);
    },
    [marks],
  );
  return (
    <button type="button" className={styles.card} data-symbol={q.symbol} onClick={() => onOpen(q.symbol)}>
      <span className={styles.cardPair}>{q.symbol}</span>
      <span ref={price} data-testid="last-price" />
      <span ref={pct} />
    </button>
  );
});

const Row = memo(function Row({ q, onOpen }: { q: Quote; onOpen: (s: string) => void }) {
  const marks = useNumberMarks();
  const price = useRef<HTMLSpanElement>(null);
  const pill = useRef<HTMLSpanElement>(null);
  const pct = useRef<HTMLSpanElement>(null);
  useQuoteCells(
    q,
    ({ last, changePct, stale, dir }) => {
      putNum(
        price.current,
        numText(last, 'price', q.price_decimals, marks),
        numClass({ align: 'right', dir, stale }),
        stale,
      );
      putClass(pill.current, pillClass(changePct));
      putNum(pct.current, numText(changePct, 'percent', 2, marks), numClass({ stale }), stale);
    },
    [marks],
  );
  return (
    <button type="button" className={styles.hotRow} data-symbol={q.symbol} onClick={() => onOpen(q.symbol)}>
      <span className={styles.hotPair}>
        <b>{q.base}</b>
        <span className={styles.muted}>/{q.quote}</span>
      </span>
      <span ref={price} data-testid="last-price" />
      <span className={styles.hotChange}>
        <span ref={pill} data-testid="change">
          <span ref={pct} />
        </span>
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
