import { memo, useMemo } from 'react';
import { Num } from '../../components/Num';
import { ChangePill } from '../../components/market/ChangePill';
import { useStreamStale, useTicker } from '../../market';
import type { Quote } from '../../api/market';
import { figuresOf, turnover } from './sort';
import styles from './market.module.css';

export interface RowFiguresProps {
  quote: Quote;
  /** the translated "Vol" label, from the row (so this component needs no i18n hook) */
  volLabel: string;
}

/**
 * The live part of a market row: turnover, last price and the change pill. It is the only part
 * that re-renders on a tick — the row around it (pair name, labels, button) renders once — and it
 * does no decimal maths for live figures: the worker's row carries change% and turnover (core/).
 * Three grid cells of the row, returned as a fragment so the row's grid places them.
 */
export const RowFigures = memo(function RowFigures({ quote, volLabel }: RowFiguresProps) {
  const row = useTicker(quote.symbol);
  const stale = useStreamStale(quote.symbol);
  // The REST snapshot's turnover, worked out once per quote (before the stream has spoken).
  const restTurnover = useMemo(() => turnover(figuresOf(quote, undefined)), [quote]);
  const last = row?.last ?? quote.last;
  const pct = row?.changePct ?? quote.change;
  return (
    <>
      <span className={styles.vol}>
        {volLabel} <Num value={row ? row.turnover : restTurnover} format="compact" tint={false} stale={stale} />
      </span>
      <span className={styles.lastCell}>
        <Num className={styles.last} value={last} format="price" decimals={quote.price_decimals} align="right" stale={stale} data-testid="last-price" />
      </span>
      <span className={styles.change}>
        <ChangePill pct={pct} stale={stale} />
      </span>
    </>
  );
});
