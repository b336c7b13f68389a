import { memo, useLayoutEffect, useRef } from 'react';
import { changeDir, numClass, numText } from '../../components/Num';
import { pillClass } from '../../components/market/ChangePill';
import { onRow } from '../../stores/market';
import type { Quote } from '../../api/market';
import type { TickerRow } from '../../market/types';
import { figuresOf, turnover } from './sort';
import styles from './market.module.css';

export interface RowFiguresProps {
  quote: Quote;
  /** the translated "Vol" label, from the row (so this component needs no i18n hook) */
  volLabel: string;
}

/** Set a cell's text or class only when it changed: an unchanged cell costs no style or layout. */
function put(el: HTMLElement, text: string | null, cls: string): void {
  if (el.className !== cls) el.className = cls;
  if (text === null) return;
  const node = el.firstChild;
  if (node && node.nodeType === Node.TEXT_NODE) {
    if ((node as Text).data !== text) (node as Text).data = text;
  } else el.textContent = text;
}

/**
 * The live part of a market row: turnover, last price and the change pill, as three grid cells of
 * the row. React renders the cells once; after that the row's snapshots write their text and
 * classes straight into them (stores/market `onRow`), because a React render per row per snapshot
 * — hooks, proxies, reconciliation — cost more main-thread time than the style and layout of the
 * change itself. Formatting and classes are Num's and ChangePill's (numText, numClass, pillClass),
 * so these cells look and read exactly like a <Num/>; the worker's row already carries change% and
 * turnover (core/), so no decimal maths happens here.
 */
export const RowFigures = memo(function RowFigures({ quote, volLabel }: RowFiguresProps) {
  const vol = useRef<HTMLSpanElement>(null);
  const last = useRef<HTMLSpanElement>(null);
  const pill = useRef<HTMLSpanElement>(null);
  const pct = useRef<HTMLSpanElement>(null);

  useLayoutEffect(() => {
    const cells = { vol: vol.current, last: last.current, pill: pill.current, pct: pct.current };
    if (!cells.vol || !cells.last || !cells.pill || !cells.pct) return;
    const c = cells as { [K in keyof typeof cells]: HTMLSpanElement };
    // Before the stream has spoken: the REST snapshot's figures.
    const restTurnover = turnover(figuresOf(quote, undefined));
    let shown: string | undefined;
    let dir: 0 | 1 | -1 = 0;
    return onRow(quote.symbol, (row: TickerRow | undefined, stale: boolean) => {
      const lastValue = row?.last ?? quote.last;
      // Held colour of the last change (as <Num/> does): flips only when the price moves.
      const d = changeDir(shown, lastValue);
      if (d !== 0) dir = d;
      shown = lastValue;
      const change = row?.changePct ?? quote.change;
      put(c.vol, numText(row ? row.turnover : restTurnover, 'compact', 4), numClass({ stale }));
      put(c.last, numText(lastValue, 'price', quote.price_decimals), numClass({ align: 'right', dir, stale, className: styles.last }));
      if (stale) c.last.setAttribute('data-stale', 'true');
      else c.last.removeAttribute('data-stale');
      put(c.pill, null, pillClass(change));
      put(c.pct, numText(change, 'percent', 2), numClass({ stale }));
    });
  }, [quote]);

  return (
    <>
      <span className={styles.vol}>
        {volLabel} <span ref={vol} />
      </span>
      <span className={styles.lastCell}>
        <span ref={last} data-testid="last-price" />
      </span>
      <span className={styles.change}>
        <span ref={pill} data-testid="change">
          <span ref={pct} />
        </span>
      </span>
    </>
  );
});
