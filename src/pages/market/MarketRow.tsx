import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Num } from '../../components/Num';
import { ChangePill } from '../../components/market/ChangePill';
import { useLiveQuote } from '../../components/market/useLiveQuote';
import { useTicker } from '../../market';
import type { Quote } from '../../api/market';
import { figuresOf, turnover } from './sort';
import styles from './market.module.css';

export interface MarketRowProps {
  quote: Quote;
  onOpen: (symbol: string) => void;
}

/**
 * One fixed-height row in normal flow (the list offsets the visible block once), no inline styles.
 * Re-renders only when this symbol's ticker or stale flag changes.
 */
export const MarketRow = memo(function MarketRow({ quote, onOpen }: MarketRowProps) {
  const { t } = useTranslation();
  const live = useLiveQuote(quote);
  const vol = turnover(figuresOf(quote, useTicker(quote.symbol)));
  return (
    <button type="button" className={styles.row} data-symbol={quote.symbol} onClick={() => onOpen(quote.symbol)}>
      <span className={styles.name}>
        <span className={styles.pair}>
          <span className={styles.base}>{quote.base}</span>
          <span className={styles.quote}>/{quote.quote}</span>
        </span>
        <span className={styles.vol}>
          {t('market.vol')} <Num value={vol} format="compact" tint={false} stale={live.stale} />
        </span>
      </span>
      <Num className={styles.last} value={live.last} format="price" decimals={quote.price_decimals} align="right" stale={live.stale} data-testid="last-price" />
      <span className={styles.change}>
        <ChangePill pct={live.changePct} stale={live.stale} />
      </span>
    </button>
  );
});
