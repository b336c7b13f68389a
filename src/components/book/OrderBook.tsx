import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBook } from '../../market/book';
import { numText } from '../Num';
import { BookLine, EmptyLine } from './BookLine';
import { DepthBars } from './DepthBars';
import { depthFractions } from './fractions';
import { StepPicker } from './StepPicker';
import { stepDecimals } from './steps';
import { useBookStep } from './useStep';
import styles from './book.module.css';

export interface OrderBookProps {
  symbol: string;
  priceDecimals: number;
  /** rows per side */
  rows?: number;
  /** a tapped price (a row's or the last price) */
  onPick?: (price: string) => void;
}

/** Matches .line's height in book.module.css: the bars canvas is drawn in the same rows. */
export const ROW_PX = 20;

/**
 * The compact book beside an order form (Binance's phone layout): asks above with the best at
 * the bottom, the last price and its direction between, bids below; depth bars of the running
 * totals; a step picker. The worker keeps the book and sends only these rows.
 */
export function OrderBook({ symbol, priceDecimals, rows = 7, onPick }: OrderBookProps) {
  const { t } = useTranslation();
  const { steps, step, setStep } = useBookStep(symbol, priceDecimals);
  const book = useBook(symbol, step, rows, 0);
  const [base, quote] = symbol.split('/');
  const dp = stepDecimals(step, priceDecimals);

  const { asks, bids, fr } = useMemo(() => {
    const a = book?.asks ?? [];
    const b = book?.bids ?? [];
    const f = depthFractions(b, a);
    // asks top-down: worst first, padded on top so the best ask sits on the last price
    const pad = Math.max(0, rows - a.length);
    return { asks: [...a].reverse(), bids: b, fr: { asks: [...new Array<number>(pad).fill(0), ...[...f.asks].reverse()], bids: f.bids, pad } };
  }, [book, rows]);

  const last = book?.last;
  const dirCls = last?.dir === 1 ? styles.bid : last?.dir === -1 ? styles.ask : '';
  return (
    <section className={styles.book} aria-label={t('book.title')} data-testid="order-book" data-synced={book?.synced ?? false}>
      <div className={styles.head}>
        <span>
          {t('book.price')}
          <br />({quote})
        </span>
        <span className={styles.headRight}>
          {t('book.amount')}
          <br />({base})
        </span>
      </div>
      <div className={styles.sideRows} data-testid="book-asks">
        <DepthBars fractions={fr.asks} rowHeight={ROW_PX} side="ask" />
        {Array.from({ length: fr.pad }, (_, i) => (
          <EmptyLine key={`e${i}`} />
        ))}
        {/* rows keyed by position: a moving book updates their text instead of building new buttons */}
        {asks.map((r, i) => (
          <BookLine key={i} price={r.price} qty={r.qty} side="ask" decimals={dp} onPick={onPick} />
        ))}
      </div>
      <button
        type="button"
        className={`${styles.mid} ${dirCls} ${book && !book.synced ? styles.unsynced : ''}`}
        data-testid="book-last"
        aria-label={t('book.usePrice', { price: numText(last?.price, 'price', priceDecimals) })}
        onClick={() => last && onPick?.(last.price)}
      >
        {numText(last?.price, 'price', priceDecimals)}
        <span aria-hidden>{last?.dir === 1 ? ' ↑' : last?.dir === -1 ? ' ↓' : ''}</span>
      </button>
      <div className={styles.sideRows} data-testid="book-bids">
        <DepthBars fractions={fr.bids} rowHeight={ROW_PX} side="bid" />
        {bids.map((r, i) => (
          <BookLine key={i} price={r.price} qty={r.qty} side="bid" decimals={dp} onPick={onPick} />
        ))}
        {Array.from({ length: Math.max(0, rows - bids.length) }, (_, i) => (
          <EmptyLine key={`e${i}`} />
        ))}
      </div>
      <StepPicker steps={steps} step={step} onStep={setStep} />
    </section>
  );
}
