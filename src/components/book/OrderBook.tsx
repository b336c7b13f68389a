import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBook } from '../../market/book';
import { numText } from '../Num';
import { useNumberMarks } from '../number-marks';
import { BookLine, EmptyLine, usePriceTip } from './BookLine';
import { DepthBars } from './DepthBars';
import { depthFractions } from './fractions';
import { StepPicker } from './StepPicker';
import { stepDecimals } from './steps';
import { useBookStep } from './useStep';
import { MIRROR_MS, usePaintedBook, type PartSpec } from './usePaintedBook';
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

/** The painted parts, in the order of their canvases: asks (best at the bottom), bids, the last price. */
const PARTS: PartSpec[] = [
  { kind: 'asks', bestLast: true, rowHeight: ROW_PX },
  { kind: 'bids', rowHeight: ROW_PX },
  { kind: 'last', rowHeight: 36 },
];

/**
 * The compact book beside an order form (Binance's phone layout): asks above with the best at
 * the bottom, the last price and its direction between, bids below; depth bars of the running
 * totals; a step picker. The worker keeps the book and sends only these rows — or, where a canvas
 * can be handed to it, paints them itself (usePaintedBook); the DOM rows then stay under the
 * canvases, refreshed once a second, for screen readers, keyboards and taps.
 */
export function OrderBook({ symbol, priceDecimals, rows = 7, onPick }: OrderBookProps) {
  const { t } = useTranslation();
  const marks = useNumberMarks();
  const tip = usePriceTip();
  const { steps, step, setStep } = useBookStep(symbol, priceDecimals);
  const dp = stepDecimals(step, priceDecimals);
  const paint = usePaintedBook({ symbol, step, rows, trades: 0 }, dp, priceDecimals, PARTS);
  const book = useBook(symbol, step, rows, 0, false, paint.on ? MIRROR_MS : undefined);
  const [base, quote] = symbol.split('/');
  const { pick } = paint;
  const pickAsk = useCallback(
    (p: string, row: number, pointer: boolean) => void pick(0, row, p, pointer).then((x) => onPick?.(x)),
    [pick, onPick],
  );
  const pickBid = useCallback(
    (p: string, row: number, pointer: boolean) => void pick(1, row, p, pointer).then((x) => onPick?.(x)),
    [pick, onPick],
  );
  const [asksCanvas, bidsCanvas, lastCanvas] = paint.canvases;

  const { asks, bids, fr } = useMemo(() => {
    const a = book?.asks ?? [];
    const b = book?.bids ?? [];
    const f = depthFractions(b, a);
    // asks top-down: worst first, padded on top so the best ask sits on the last price
    const pad = Math.max(0, rows - a.length);
    return {
      asks: [...a].reverse(),
      bids: b,
      fr: { asks: [...new Array<number>(pad).fill(0), ...[...f.asks].reverse()], bids: f.bids, pad },
    };
  }, [book, rows]);

  const last = book?.last;
  const dirCls = last?.dir === 1 ? styles.bid : last?.dir === -1 ? styles.ask : '';
  return (
    <section
      className={styles.book}
      aria-label={t('book.title')}
      data-testid="order-book"
      data-synced={book?.synced ?? false}
      data-book-ts={book?.ts ?? 0}
      data-painted={paint.on || undefined}
    >
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
        {paint.on ? (
          <canvas key={paint.epoch} ref={asksCanvas} className={styles.bars} aria-hidden />
        ) : (
          <DepthBars fractions={fr.asks} rowHeight={ROW_PX} side="ask" />
        )}
        {Array.from({ length: fr.pad }, (_, i) => (
          <EmptyLine key={`e${i}`} />
        ))}
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
            row={fr.pad + i}
            ghost={paint.on}
            onPick={pickAsk}
          />
        ))}
      </div>
      <button
        type="button"
        className={`${styles.mid} ${paint.on ? '' : dirCls} ${book && !book.synced ? styles.unsynced : ''}`}
        data-testid="book-last"
        aria-label={t('book.usePrice', { price: numText(last?.price, 'price', priceDecimals, marks) })}
        onClick={(e) => last && void pick(2, 0, last.price, e.detail > 0).then((x) => onPick?.(x))}
      >
        {paint.on ? <canvas key={paint.epoch} ref={lastCanvas} className={styles.midCanvas} aria-hidden /> : null}
        <span className={paint.on ? styles.ghost : undefined}>
          {numText(last?.price, 'price', priceDecimals, marks)}
          <span aria-hidden>{last?.dir === 1 ? ' ↑' : last?.dir === -1 ? ' ↓' : ''}</span>
        </span>
      </button>
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
            row={i}
            ghost={paint.on}
            onPick={pickBid}
          />
        ))}
        {Array.from({ length: Math.max(0, rows - bids.length) }, (_, i) => (
          <EmptyLine key={`e${i}`} />
        ))}
      </div>
      <StepPicker steps={steps} step={step} onStep={setStep} />
    </section>
  );
}
