import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { numText } from '../Num';
import styles from './book.module.css';

export interface BookLineProps {
  price: string;
  qty: string;
  side: 'bid' | 'ask';
  /** decimals the price is shown with (the step's) */
  decimals: number;
  /** amount first (the bid column of a side-by-side book) */
  qtyFirst?: boolean;
  onPick?: (price: string) => void;
}

/**
 * One book row: price coloured by side, amount; a tap hands the price to the form. Its name is what
 * it shows (price and amount), so a screen reader and a voice command name it as it reads.
 */
export const BookLine = memo(function BookLine({ price, qty, side, decimals, qtyFirst, onPick }: BookLineProps) {
  const { t } = useTranslation();
  const p = numText(price, 'price', decimals);
  const cells = [
    <span key="p" className={`${styles.price} ${side === 'bid' ? styles.bid : styles.ask}`}>
      {p}
    </span>,
    <span key="q" className={styles.qty}>
      {numText(qty, 'compact', 0)}
    </span>,
  ];
  if (qtyFirst) cells.reverse();
  return (
    <button type="button" className={`${styles.line} ${qtyFirst ? styles.lineRev : ''}`} data-price={price} title={t('book.usePrice', { price: p })} onClick={() => onPick?.(price)}>
      {cells}
    </button>
  );
});

/** A row with nothing in it, so a thin book keeps its shape and the last price stays put. */
export function EmptyLine() {
  return <div className={styles.line} aria-hidden />;
}
