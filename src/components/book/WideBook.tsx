import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { depthFractions } from './fractions';
import { StepPicker } from './StepPicker';
import { BookSide, writeGhostSide, type GhostText } from './BookSide';
import { useMirrorWrite } from './useMirrorWrite';
import { putAttr } from '../../lib/dom-text';
import type { BookSnapshot } from '../../market/types';
import { ROW_PX } from './rows';
import { useBookPane } from './useBookPane';
import type { PartSpec } from './usePaintedBook';
import styles from './book.module.css';

/** The painted parts, in the order of their canvases: bids (amount first, bars from the right), asks (bars from the left). */
const PARTS: PartSpec[] = [
  { kind: 'bids', qtyFirst: true, rowHeight: ROW_PX },
  { kind: 'asks', barsFromLeft: true, rowHeight: ROW_PX },
];

/** What a render of the rows depends on besides their figures: a snapshot of another shape renders. */
const shapeOf = (b: BookSnapshot) => `${b.bids.length}|${b.asks.length}|${b.synced}`;

/** A painted book's mirror snapshot written into the nodes <WideBook/> rendered (useMirrorWrite). */
function putBook(el: HTMLElement, b: BookSnapshot, text: GhostText): boolean {
  if (!writeGhostSide(el.querySelector('[data-testid="book-bids"]'), b.bids, { ...text, qtyFirst: true })) return false;
  if (!writeGhostSide(el.querySelector('[data-testid="book-asks"]'), b.asks, text)) return false;
  putAttr(el, 'data-book-ts', String(b.ts ?? 0));
  return true;
}

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
  const mirror = useMirrorWrite(shapeOf, putBook);
  const { marks, tip, steps, step, setStep, dp, paint, book } = useBookPane(
    symbol,
    priceDecimals,
    rows,
    PARTS,
    mirror.write,
  );
  useLayoutEffect(() => mirror.rendered(book, paint.on ? { decimals: dp, marks, tip } : null));
  const [bidsCanvas, asksCanvas] = paint.canvases;
  const fr = depthFractions(book?.bids ?? [], book?.asks ?? []);
  const bids = book?.bids ?? [];
  const asks = book?.asks ?? [];
  const common = { painted: paint.on, epoch: paint.epoch, decimals: dp, marks, tip };
  return (
    <section
      ref={mirror.el}
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
        <BookSide
          {...common}
          side="bid"
          rows={bids}
          padBottom={Math.max(0, rows - bids.length)}
          fractions={fr.bids}
          canvas={bidsCanvas}
          qtyFirst
          testId="book-bids"
        />
        <BookSide
          {...common}
          side="ask"
          rows={asks}
          padBottom={Math.max(0, rows - asks.length)}
          fractions={fr.asks}
          canvas={asksCanvas}
          barsFromLeft
          testId="book-asks"
        />
      </div>
      <StepPicker steps={steps} step={step} onStep={setStep} />
    </section>
  );
}
