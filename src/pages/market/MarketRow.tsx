import { memo } from 'react';
import { Num } from '../../components/Num';
import { ChangePill } from '../../components/market/ChangePill';
import { useLiveQuote } from '../../components/market/useLiveQuote';
import type { Quote } from '../../api/market';
import styles from './market.module.css';

export interface MarketRowProps {
  quote: Quote;
  onOpen: (symbol: string) => void;
}

/** One fixed-height row in normal flow (the list offsets the visible block once), no inline styles. */
export const MarketRow = memo(function MarketRow({ quote, onOpen }: MarketRowProps) {
  const live = useLiveQuote(quote);
  return (
    <button
      type="button"
      className={styles.row}
      data-symbol={quote.symbol}
      onClick={() => onOpen(quote.symbol)}
    >
      <span className={styles.pair}>
        <span className={styles.base}>{quote.base}</span>
        <span className={styles.quote}>/{quote.quote}</span>
      </span>
      <Num className={styles.last} value={live.last} format="price" decimals={quote.price_decimals} align="right" stale={live.stale} data-testid="last-price" />
      <span className={styles.change}>
        <ChangePill pct={live.changePct} stale={live.stale} />
      </span>
    </button>
  );
});
