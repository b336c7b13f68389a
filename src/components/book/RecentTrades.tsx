import { memo, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBook } from '../../market/book';
import type { BookSnapshot, BookTrade } from '../../market/types';
import type { NumberMarks } from '../../../core';
import { numText } from '../Num';
import { useNumberMarks } from '../number-marks';
import { MIRROR_MS, usePaintedBook, type PartSpec } from './usePaintedBook';
import { putAttr, putClass } from '../../lib/dom-text';
import { useMirrorWrite } from './useMirrorWrite';
import styles from './book.module.css';

/** Matches .tradeLine's height in book.module.css. */
const TRADE_PX = 22;
const PARTS: PartSpec[] = [{ kind: 'trades', rowHeight: TRADE_PX }];

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
const clock = (ms: number) => {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/** A trade's cells as shown: time, price (its class the taker's side), amount. */
function tradeCells(tr: BookTrade, decimals: number, marks: NumberMarks) {
  return {
    time: clock(tr.ts),
    price: numText(tr.price, 'price', decimals, marks),
    priceCls: tr.side === 'buy' ? styles.bid : styles.ask,
    qty: numText(tr.qty, 'compact', 0, marks),
  };
}

/** What a render of the rows depends on besides their figures: a snapshot of another shape renders. */
const shapeOf = (b: BookSnapshot) => String(b.trades.length);

/** A painted list's mirror snapshot written into the rows <TradeLine ghost/> rendered (useMirrorWrite). */
function putTrades(el: HTMLDivElement, b: BookSnapshot, c: { decimals: number; marks: NumberMarks }): boolean {
  const rows = el.querySelectorAll(':scope > [role="rowgroup"] > [role="row"]');
  if (rows.length !== b.trades.length) return false;
  b.trades.forEach((tr, i) => {
    const row = rows[i];
    const [time, price, qty] = row.children;
    if (!qty) return;
    const x = tradeCells(tr, c.decimals, c.marks);
    putAttr(row, 'data-side', tr.side);
    putAttr(time, 'aria-label', x.time);
    putClass(price as HTMLElement, x.priceCls);
    putAttr(price, 'aria-label', x.price);
    putAttr(qty, 'aria-label', x.qty);
  });
  return true;
}

const TradeLine = memo(function TradeLine({
  tr,
  decimals,
  marks,
  ghost,
}: {
  tr: BookTrade;
  decimals: number;
  marks: NumberMarks;
  ghost: boolean;
}) {
  const x = tradeCells(tr, decimals, marks);
  // Painted by the worker: each cell's text is its name, an attribute — every trade moves down a
  // row with each mirror snapshot, and text (even transparent) is shaped, laid out and painted
  // again on each change; an attribute is neither.
  const cell = (className: string, text: string) =>
    ghost ? (
      <span role="cell" className={className} aria-label={text} />
    ) : (
      <span role="cell" className={className}>
        {text}
      </span>
    );
  return (
    <div className={`${styles.tradeLine} ${ghost ? styles.ghost : ''}`} role="row" data-side={tr.side}>
      {cell(styles.tradeTime, x.time)}
      {cell(x.priceCls, x.price)}
      {cell(styles.qty, x.qty)}
    </div>
  );
});

/**
 * The newest trades of a pair from the worker's trade ring: time, price coloured by the taker's
 * side, amount. Painted by the worker where it can be (usePaintedBook), over DOM rows refreshed
 * once a second for screen readers: written into their nodes, the list renders only when rows come
 * or go (useMirrorWrite).
 */
export function RecentTrades({
  symbol,
  priceDecimals,
  count = 20,
}: {
  symbol: string;
  priceDecimals: number;
  count?: number;
}) {
  const { t } = useTranslation();
  const marks = useNumberMarks();
  const paint = usePaintedBook({ symbol, rows: 1, trades: count }, priceDecimals, priceDecimals, PARTS);
  const mirror = useMirrorWrite(shapeOf, putTrades);
  const book = useBook(symbol, undefined, 1, count, false, paint.on ? MIRROR_MS : undefined, mirror.write);
  useLayoutEffect(() => mirror.rendered(book, paint.on ? { decimals: priceDecimals, marks } : null));
  const [base, quote] = symbol.split('/');
  const trades = book?.trades ?? [];
  return (
    <div
      ref={mirror.el}
      className={styles.trades}
      role="table"
      aria-label={t('book.trades')}
      data-testid="recent-trades"
      data-painted={paint.on || undefined}
    >
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
      <div className={styles.tradeRows} role="rowgroup">
        {paint.on ? <canvas key={paint.epoch} ref={paint.canvases[0]} className={styles.bars} aria-hidden /> : null}
        {trades.map((tr, i) => (
          // keyed by position: each refresh shifts every trade down a row, so any key by trade
          // re-created all the rows' nodes once a second; by position they only change their text
          <TradeLine key={i} tr={tr} decimals={priceDecimals} marks={marks} ghost={paint.on} />
        ))}
      </div>
    </div>
  );
}
