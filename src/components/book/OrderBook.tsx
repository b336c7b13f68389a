import { useCallback, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookSnapshot } from '../../market/types';
import { numText } from '../Num';
import { depthFractions } from './fractions';
import { StepPicker } from './StepPicker';
import { BookSide, writeGhostSide, type GhostText } from './BookSide';
import { useMirrorWrite } from './useMirrorWrite';
import { ROW_PX } from './rows';
import { useBookPane } from './useBookPane';
import type { PartSpec } from './usePaintedBook';
import { putAttr, putText } from '../../lib/dom-text';
import styles from './book.module.css';

export interface OrderBookProps {
  symbol: string;
  priceDecimals: number;
  /** rows per side */
  rows?: number;
  /** a tapped price (a row's or the last price) */
  onPick?: (price: string) => void;
}

/** The painted parts, in the order of their canvases: asks (best at the bottom), bids, the last price. */
const PARTS: PartSpec[] = [
  { kind: 'asks', bestLast: true, rowHeight: ROW_PX },
  { kind: 'bids', rowHeight: ROW_PX },
  { kind: 'last', rowHeight: 36 },
];

/** asks top-down (worst first, padded on top so the best ask sits on the last price), bids, and their depth fractions */
function arrange(book: BookSnapshot | null, rows: number) {
  const a = book?.asks ?? [];
  const b = book?.bids ?? [];
  const f = depthFractions(b, a);
  const pad = Math.max(0, rows - a.length);
  return {
    asks: [...a].reverse(),
    bids: b,
    fr: { asks: [...new Array<number>(pad).fill(0), ...[...f.asks].reverse()], bids: f.bids, pad },
  };
}

/** What a render of the rows depends on besides their figures: a snapshot of another shape renders. */
const shapeOf = (b: BookSnapshot) => `${b.asks.length}|${b.bids.length}|${b.synced}|${b.last ? 1 : 0}`;

const arrowOf = (dir: number | undefined) => (dir === 1 ? ' ↑' : dir === -1 ? ' ↓' : '');

/** A painted book's mirror snapshot written into the nodes <OrderBook/> rendered (useMirrorWrite). */
function putBook(el: HTMLElement, b: BookSnapshot, c: { text: GhostText; priceDecimals: number }): boolean {
  // asks top-down, as rendered (arrange)
  if (!writeGhostSide(el.querySelector('[data-testid="book-asks"]'), [...b.asks].reverse(), c.text)) return false;
  if (!writeGhostSide(el.querySelector('[data-testid="book-bids"]'), b.bids, c.text)) return false;
  const mid = el.querySelector('[data-testid="book-last"]');
  const lastText = numText(b.last?.price, 'price', c.priceDecimals, c.text.marks);
  putAttr(mid, 'aria-label', c.text.tip(lastText));
  putAttr(mid, 'data-price', b.last?.price ?? '');
  const shown = mid?.querySelector<HTMLElement>('[data-last]') ?? null;
  putText(shown, lastText);
  putText(shown?.querySelector<HTMLElement>('[aria-hidden]') ?? null, arrowOf(b.last?.dir));
  putAttr(el, 'data-book-ts', String(b.ts ?? 0));
  return true;
}

interface LastPriceProps {
  book: BookSnapshot | null;
  painted: boolean;
  epoch: number;
  canvas: ReturnType<typeof useBookPane>['paint']['canvases'][number];
  text: string;
  tip: (price: string) => string;
  onPick: (price: string, pointer: boolean) => void;
}

type Pick = ReturnType<typeof useBookPane>['paint']['pick'];

/** Taps on a row of either side or on the last price, reported as the price the book holds now. */
function usePicks(pick: Pick, onPick: ((price: string) => void) | undefined) {
  const pickAsk = useCallback(
    (p: string, row: number, pointer: boolean) => void pick(0, row, p, pointer).then((x) => onPick?.(x)),
    [pick, onPick],
  );
  const pickBid = useCallback(
    (p: string, row: number, pointer: boolean) => void pick(1, row, p, pointer).then((x) => onPick?.(x)),
    [pick, onPick],
  );
  const pickLast = useCallback(
    (p: string, pointer: boolean) => void pick(2, 0, p, pointer).then((x) => onPick?.(x)),
    [pick, onPick],
  );
  return { pickAsk, pickBid, pickLast };
}

/** The last price and its direction between the sides; a tap picks it. */
function LastPrice({ book, painted, epoch, canvas, text, tip, onPick }: LastPriceProps) {
  const last = book?.last;
  const dirCls = last?.dir === 1 ? styles.bid : last?.dir === -1 ? styles.ask : '';
  return (
    <button
      type="button"
      className={`${styles.mid} ${painted ? '' : dirCls} ${book && !book.synced ? styles.unsynced : ''}`}
      data-testid="book-last"
      aria-label={tip(text)}
      data-price={last?.price ?? ''}
      // the price it holds now: a painted book's mirror writes it in place
      onClick={(e) => {
        const p = e.currentTarget.getAttribute('data-price');
        if (p) onPick(p, e.detail > 0);
      }}
    >
      {painted ? <canvas key={epoch} ref={canvas} className={styles.midCanvas} aria-hidden /> : null}
      <span className={painted ? styles.ghost : undefined} data-last>
        {text}
        <span aria-hidden>{arrowOf(last?.dir)}</span>
      </span>
    </button>
  );
}

/**
 * The compact book beside an order form (Binance's phone layout): asks above with the best at
 * the bottom, the last price and its direction between, bids below; depth bars of the running
 * totals; a step picker. The worker keeps the book and sends only these rows — or, where a canvas
 * can be handed to it, paints them itself (usePaintedBook); the DOM rows then stay under the
 * canvases, refreshed once a second, for screen readers, keyboards and taps.
 */
export function OrderBook({ symbol, priceDecimals, rows = 7, onPick }: OrderBookProps) {
  const { t } = useTranslation();
  const mirror = useMirrorWrite(shapeOf, putBook);
  const { marks, tip, steps, step, setStep, dp, paint, book } = useBookPane(
    symbol,
    priceDecimals,
    rows,
    PARTS,
    mirror.write,
  );
  useLayoutEffect(() => mirror.rendered(book, paint.on ? { text: { decimals: dp, marks, tip }, priceDecimals } : null));
  const [base, quote] = symbol.split('/');
  const { pickAsk, pickBid, pickLast } = usePicks(paint.pick, onPick);
  const [asksCanvas, bidsCanvas, lastCanvas] = paint.canvases;
  const { asks, bids, fr } = arrange(book, rows);
  const common = { painted: paint.on, epoch: paint.epoch, decimals: dp, marks, tip };

  return (
    <section
      ref={mirror.el}
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
      <BookSide
        {...common}
        side="ask"
        rows={asks}
        padTop={fr.pad}
        padBottom={0}
        fractions={fr.asks}
        canvas={asksCanvas}
        onPick={pickAsk}
        testId="book-asks"
      />
      <LastPrice
        book={book}
        painted={paint.on}
        epoch={paint.epoch}
        canvas={lastCanvas}
        text={numText(book?.last?.price, 'price', priceDecimals, marks)}
        tip={tip}
        onPick={pickLast}
      />
      <BookSide
        {...common}
        side="bid"
        rows={bids}
        padBottom={Math.max(0, rows - bids.length)}
        fractions={fr.bids}
        canvas={bidsCanvas}
        onPick={pickBid}
        testId="book-bids"
      />
      <StepPicker steps={steps} step={step} onStep={setStep} />
    </section>
  );
}
