import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBook } from '../../market/book';
import { BookLine, EmptyLine, usePriceTip } from './BookLine';
import { DepthBars } from './DepthBars';
import { depthFractions } from './fractions';
import { ROW_PX } from './OrderBook';
import { StepPicker } from './StepPicker';
import { stepDecimals } from './steps';
import { useBookStep } from './useStep';
import { MIRROR_MS, usePaintedBook, type PartSpec } from './usePaintedBook';
import styles from './book.module.css';
import { useNumberMarks } from '../number-marks';

/** The painted parts, in the order of their canvases: bids (amount first, bars from the right), asks (bars from the left). */
const PARTS: PartSpec[] = [
  { kind: 'bids', qtyFirst: true, rowHeight: ROW_PX },
  { kind: 'asks', barsFromLeft: true, rowHeight: ROW_PX },
];

/**
 * The pair page's book: bids on the left (amount, price), asks on the right (price, amount), best
 * prices meeting in the middle, as on Binance's market detail. Painted by the worker where it can
 * be (usePaintedBook), over DOM rows refreshed once a second for screen readers and keyboards.
 */
export function WideBook({
  symbol,
  priceDecimals,
  rows = 15,
}: {
  symbol: string;
  priceDecimals: number;
  rows?: number;
}) {
  const { t } = useTranslation();
  // the language's marks for every row (one subscription per book, not per row)
  const marks = useNumberMarks();
  const tip = usePriceTip();
  const { steps, step, setStep } = useBookStep(symbol, priceDecimals);
  const dp = stepDecimals(step, priceDecimals);
  const paint = usePaintedBook({ symbol, step, rows, trades: 0 }, dp, priceDecimals, PARTS);
  const book = useBook(symbol, step, rows, 0, false, paint.on ? MIRROR_MS : undefined);
  const [bidsCanvas, asksCanvas] = paint.canvases;
  const fr = useMemo(() => depthFractions(book?.bids ?? [], book?.asks ?? []), [book]);
  const bids = book?.bids ?? [];
  const asks = book?.asks ?? [];
  const pad = (n: number) => Array.from({ length: Math.max(0, rows - n) }, (_, i) => <EmptyLine key={`e${i}`} />);
  return (
    <section
      className={styles.wide}
      aria-label={t('book.title')}
      data-testid="wide-book"
      data-synced={book?.synced ?? false}
      data-book-ts={book?.ts ?? 0}
      data-painted={paint.on || undefined}
    >
      <div className={styles.wideHead}>
        <span>{t('book.bid')}</span>
        <span>{t('book.ask')}</span>
      </div>
      <div className={styles.wideCols}>
        <div className={styles.sideRows} data-testid="book-bids">
          {paint.on ? (
            <canvas key={paint.epoch} ref={bidsCanvas} className={styles.bars} aria-hidden />
          ) : (
            <DepthBars fractions={fr.bids} rowHeight={ROW_PX} side="bid" />
          )}
          {bids.map((r, i) => (
            <BookLine
              key={i}
              price={r.price}
              qty={r.qty}
              side="bid"
              decimals={dp}
              marks={marks}
              tip={tip}
              qtyFirst
              ghost={paint.on}
            />
          ))}
          {pad(bids.length)}
        </div>
        <div className={styles.sideRows} data-testid="book-asks">
          {paint.on ? (
            <canvas key={paint.epoch} ref={asksCanvas} className={styles.bars} aria-hidden />
          ) : (
            <DepthBars fractions={fr.asks} rowHeight={ROW_PX} side="ask" fromLeft />
          )}
          {/* rows keyed by position: a moving book updates their text instead of building new buttons */}
          {asks.map((r, i) => (
            <BookLine
              key={i}
              price={r.price}
              qty={r.qty}
              side="ask"
              decimals={dp}
              marks={marks}
              tip={tip}
              ghost={paint.on}
            />
          ))}
          {pad(asks.length)}
        </div>
      </div>
      <StepPicker steps={steps} step={step} onStep={setStep} />
    </section>
  );
}
