import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBook } from '../../market/book';
import type { BookTrade } from '../../market/types';
import { numText } from '../Num';
import styles from './book.module.css';

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
const clock = (ms: number) => {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

const TradeLine = memo(function TradeLine({ tr, decimals }: { tr: BookTrade; decimals: number }) {
  return (
    <div className={styles.tradeLine} role="row" data-side={tr.side}>
      <span role="cell" className={styles.tradeTime}>
        {clock(tr.ts)}
      </span>
      <span role="cell" className={tr.side === 'buy' ? styles.bid : styles.ask}>
        {numText(tr.price, 'price', decimals)}
      </span>
      <span role="cell" className={styles.qty}>
        {numText(tr.qty, 'compact', 0)}
      </span>
    </div>
  );
});

/** The newest trades of a pair from the worker's trade ring: time, price coloured by the taker's side, amount. */
export function RecentTrades({ symbol, priceDecimals, count = 20 }: { symbol: string; priceDecimals: number; count?: number }) {
  const { t } = useTranslation();
  const book = useBook(symbol, undefined, 1, count);
  const [base, quote] = symbol.split('/');
  const trades = book?.trades ?? [];
  return (
    <div className={styles.trades} role="table" aria-label={t('book.trades')} data-testid="recent-trades">
      <div className={`${styles.tradeLine} ${styles.tradeHead}`} role="row">
        <span role="columnheader">{t('book.time')}</span>
        <span role="columnheader">
          {t('book.price')} ({quote})
        </span>
        <span role="columnheader" className={styles.qty}>
          {t('book.amount')} ({base})
        </span>
      </div>
      {trades.length === 0 ? <div className={styles.none}>{t('book.noTrades')}</div> : null}
      {trades.map((tr, i) => (
        // trades have no id on the wire: time + price + amount + position keeps keys stable enough for a list that only grows at the top
        <TradeLine key={`${tr.ts}|${tr.price}|${tr.qty}|${trades.length - i}`} tr={tr} decimals={priceDecimals} />
      ))}
    </div>
  );
}
