import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBook } from '../../market/book';
import { BookLine, EmptyLine } from './BookLine';
import { DepthBars } from './DepthBars';
import { depthFractions } from './fractions';
import { ROW_PX } from './OrderBook';
import { StepPicker } from './StepPicker';
import { stepDecimals } from './steps';
import { useBookStep } from './useStep';
import styles from './book.module.css';

/**
 * The pair page's book: bids on the left (amount, price), asks on the right (price, amount), best
 * prices meeting in the middle, as on Binance's market detail.
 */
export function WideBook({ symbol, priceDecimals, rows = 15 }: { symbol: string; priceDecimals: number; rows?: number }) {
  const { t } = useTranslation();
  const { steps, step, setStep } = useBookStep(symbol, priceDecimals);
  const book = useBook(symbol, step, rows, 0);
  const dp = stepDecimals(step, priceDecimals);
  const fr = useMemo(() => depthFractions(book?.bids ?? [], book?.asks ?? []), [book]);
  const bids = book?.bids ?? [];
  const asks = book?.asks ?? [];
  const pad = (n: number) => Array.from({ length: Math.max(0, rows - n) }, (_, i) => <EmptyLine key={`e${i}`} />);
  return (
    <section className={styles.wide} aria-label={t('book.title')} data-testid="wide-book" data-synced={book?.synced ?? false}>
      <div className={styles.wideHead}>
        <span>{t('book.bid')}</span>
        <span>{t('book.ask')}</span>
      </div>
      <div className={styles.wideCols}>
        <div className={styles.sideRows} data-testid="book-bids">
          <DepthBars fractions={fr.bids} rowHeight={ROW_PX} side="bid" />
          {bids.map((r, i) => (
            <BookLine key={i} price={r.price} qty={r.qty} side="bid" decimals={dp} qtyFirst />
          ))}
          {pad(bids.length)}
        </div>
        <div className={styles.sideRows} data-testid="book-asks">
          <DepthBars fractions={fr.asks} rowHeight={ROW_PX} side="ask" fromLeft />
          {/* rows keyed by position: a moving book updates their text instead of building new buttons */}
        {asks.map((r, i) => (
            <BookLine key={i} price={r.price} qty={r.qty} side="ask" decimals={dp} />
          ))}
          {pad(asks.length)}
        </div>
      </div>
      <StepPicker steps={steps} step={step} onStep={setStep} />
    </section>
  );
}
