/**
 * The pair page's header figures: last price, today's change and the 24 h high, low, volume and
 * turnover. React renders them once (and again only for a new pair, language or stale flip); each
 * ticker snapshot then writes their text and classes straight into the nodes from the store's row
 * listener (`onRow`), as the Markets rows' DOM cells do (RowFigures.tsx). A React render and commit
 * per header update was the largest React share of the pair page's main-thread time under a tick
 * storm (terminal bench); the text and classes are Num's, so the figures look and read the same.
 */
import { memo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarketView, useStreamStale } from '../../market';
import type { Quote } from '../../api/market';
import { useNumberMarks } from '../../components/number-marks';
import { SUMMARY_MS, useSummaryFigures, type Shown } from './useSummaryFigures';
import styles from './detail.module.css';

/** Last price, today's change and the 24 h figures; renders once per pair, language or stale flip. */
export const Summary = memo(function Summary({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const marks = useNumberMarks();
  useMarketView({ symbols: [quote.symbol], throttleMs: SUMMARY_MS });
  // only the badge follows it in React; the figures' struck-through class comes with the row
  const staleNow = useStreamStale(quote.symbol);
  const { refs, shown } = useSummaryFigures(quote, staleNow, marks);
  const stale = staleNow || undefined;
  return (
    <section className={styles.summary} aria-label={t('market.summary')} data-testid="summary">
      <div className={styles.main}>
        <span ref={refs.last} className={shown.last.cls} data-testid="detail-last" data-stale={stale}>
          {shown.last.text}
        </span>
        <div className={styles.changeLine}>
          <span className={styles.label}>{t('market.todayChange')}</span>
          <span ref={refs.change} className={shown.change.cls} data-testid="detail-change" data-stale={stale}>
            {shown.change.text}
          </span>
          {/* inline, so going stale never shifts the chart */}
          {staleNow && (
            <span className={styles.staleBadge} role="status" data-testid="stale-badge">
              {t('market.stale')}
            </span>
          )}
        </div>
      </div>
      <dl className={styles.stats}>
        <DayStat label={t('market.high24')} cellRef={refs.day[0]} shown={shown.day[0]} stale={staleNow} />
        <DayStat label={t('market.low24')} cellRef={refs.day[1]} shown={shown.day[1]} stale={staleNow} />
        <DayStat
          label={t('market.vol24', { unit: quote.base })}
          cellRef={refs.day[2]}
          shown={shown.day[2]}
          stale={staleNow}
        />
        <DayStat
          label={t('market.turnover24', { unit: quote.quote })}
          cellRef={refs.day[3]}
          shown={shown.day[3]}
          stale={staleNow}
        />
      </dl>
    </section>
  );
});

interface DayStatProps {
  label: string;
  /** the node the row listener writes into */
  cellRef: RefObject<HTMLSpanElement | null>;
  shown: Shown;
  stale: boolean;
}

/** one of the 24 h figures (renders with the summary only; ticks write its node) */
function DayStat({ label, cellRef, shown, stale }: DayStatProps) {
  return (
    <div className={styles.stat}>
      <dt>{label}</dt>
      <dd>
        <span ref={cellRef} className={shown.cls} data-stale={stale || undefined}>
          {shown.text}
        </span>
      </dd>
    </div>
  );
}
