import { memo, useMemo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
// core's formatter itself (what <Num/> and the painting worker use), so a row needs no store
import { figureText as numText, type NumberMarks } from '../../../core';
import { putAttr } from '../../lib/dom-text';
import styles from './book.module.css';

export interface BookLineProps {
  /** the language's number marks, as the painted canvas above writes them (a reader hears what is shown) */
  marks: NumberMarks;
  /** the row's tooltip for a price as shown (usePriceTip: one per book, not a translation hook per row) */
  tip: (price: string) => string;
  price: string;
  qty: string;
  side: 'bid' | 'ask';
  /** decimals the price is shown with (the step's) */
  decimals: number;
  /** amount first (the bid column of a side-by-side book) */
  qtyFirst?: boolean;
  /** its place in the side, top-down (a painted book answers what it drew there) */
  row?: number;
  /** the worker paints this row: the text stays for screen readers, keyboards and taps, unseen */
  ghost?: boolean;
  /** `pointer`: tapped or clicked (not a keyboard or assistive technology's activation) */
  onPick?: (price: string, row: number, pointer: boolean) => void;
}

/**
 * One book row: price coloured by side, amount; a tap hands the price to the form. Its name is what
 * it shows (price and amount, in the order shown), so a screen reader and a voice command name it
 * as it reads.
 */
export const BookLine = memo(function BookLine({
  price,
  qty,
  side,
  decimals,
  marks,
  tip,
  qtyFirst,
  row = 0,
  ghost,
  onPick,
}: BookLineProps) {
  const p = numText(price, 'price', decimals, marks);
  const q = numText(qty, 'compact', 0, marks);
  const common = {
    type: 'button' as const,
    className: `${styles.line} ${qtyFirst ? styles.lineRev : ''} ${ghost ? styles.ghost : ''}`,
    'data-price': price,
    title: tip(p),
    // the price the row holds now: a painted book's mirror writes its rows in place (writeGhostLine)
    onClick: (e: MouseEvent<HTMLButtonElement>) =>
      onPick?.(e.currentTarget.getAttribute('data-price') ?? price, row, e.detail > 0),
  };
  // Painted by the worker: the row's name is an attribute and it holds no text. Its figures change
  // with every mirror snapshot, and text — even transparent — is shaped, laid out and painted
  // again on each change (thirty rows a second on the pair page); an attribute is neither.
  if (ghost) return <button {...common} aria-label={ghostName(p, q, qtyFirst)} />;
  const cells = [
    <span key="p" className={`${styles.price} ${side === 'bid' ? styles.bid : styles.ask}`}>
      {p}
    </span>,
    <span key="q" className={styles.qty}>
      {q}
    </span>,
  ];
  if (qtyFirst) cells.reverse();
  return <button {...common}>{cells}</button>;
});

/** A painted row's name: what it shows, in the order shown. */
const ghostName = (p: string, q: string, qtyFirst?: boolean) => (qtyFirst ? `${q} ${p}` : `${p} ${q}`);

/**
 * A painted row's new figures written into the button a <BookLine ghost/> rendered: the same
 * price, tooltip and name that render would give it, without a React render of the book.
 */
export function writeGhostLine(
  el: Element,
  r: { price: string; qty: string },
  decimals: number,
  marks: NumberMarks,
  tip: (price: string) => string,
  qtyFirst?: boolean,
): void {
  const p = numText(r.price, 'price', decimals, marks);
  putAttr(el, 'data-price', r.price);
  putAttr(el, 'title', tip(p));
  putAttr(el, 'aria-label', ghostName(p, numText(r.qty, 'compact', 0, marks), qtyFirst));
}

/**
 * "Use price {{price}}" in the page's language, for every row of a book: the sentence is translated
 * once per language and the price put in its place. Thirty rows each with their own translation
 * hook and interpolation, re-rendered with every mirror snapshot, were a visible share of the pair
 * page's main-thread time (terminal bench profile).
 */
export function usePriceTip(): (price: string) => string {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => {
    const mark = '\u0001';
    const parts = t('book.usePrice', { price: mark, lng: lang }).split(mark);
    return parts.length === 2
      ? (price: string) => parts[0] + price + parts[1]
      : (price: string) => t('book.usePrice', { price, lng: lang });
  }, [t, lang]);
}

/** A row with nothing in it, so a thin book keeps its shape and the last price stays put. */
export function EmptyLine() {
  return <div className={styles.line} aria-hidden />;
}
