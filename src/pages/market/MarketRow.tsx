import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Quote } from '../../api/market';
import { RowFigures } from './RowFigures';
import styles from './market.module.css';

export interface MarketRowProps {
  quote: Quote;
  onOpen: (symbol: string) => void;
}

/**
 * One fixed-height row in normal flow (the list offsets the visible block once), no inline styles.
 * The row itself (pair, labels, button) renders when the list does; the live figures are its child
 * RowFigures, which alone re-renders when this symbol's ticker or stale flag changes. The row is
 * `contain: strict` and its figure cells have fixed boxes, so a changed price lays out and paints
 * only inside its own cell.
 */
export const MarketRow = memo(function MarketRow({ quote, onOpen }: MarketRowProps) {
  const { t } = useTranslation();
  return (
    <button type="button" className={styles.row} data-symbol={quote.symbol} onClick={() => onOpen(quote.symbol)}>
      <span className={styles.pair}>
        <span className={styles.base}>{quote.base}</span>
        <span className={styles.quote}>/{quote.quote}</span>
      </span>
      <RowFigures
        quote={quote}
        volLabel={t('market.vol')}
        lastLabel={t('market.last')}
        changeLabel={t('market.change')}
      />
    </button>
  );
});
