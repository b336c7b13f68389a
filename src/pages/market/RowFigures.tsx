import { memo, useLayoutEffect, useRef, useState } from 'react';
import { changeDir, numClass, numText } from '../../components/Num';
import { pillClass } from '../../components/market/ChangePill';
import { canPaintRows, followPaintTheme, measureRow, paintRow, type PaintHandle } from '../../market/painted-rows';
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

/** Decided once: a browser either can hand canvases to a worker or it cannot. */
export const PAINTED_ROWS = canPaintRows();

/** Set a cell's text or class only when it changed: an unchanged cell costs no style or layout. */
function put(el: HTMLElement, text: string | null, cls: string | null): void {
  if (cls !== null && el.className !== cls) el.className = cls;
  if (text === null) return;
  const node = el.firstChild;
  if (node && node.nodeType === Node.TEXT_NODE) {
    if ((node as Text).data !== text) (node as Text).data = text;
  } else el.textContent = text;
}

function restTurnover(quote: Quote): string {
  return turnover(figuresOf(quote, undefined));
}

/**
 * The live part of a market row: turnover, last price and the change pill, as three grid cells of
 * the row.
 *
 * Where the browser can transfer a canvas to a worker (every current one), the market worker
 * paints these figures itself (workers/paint/row-painter.ts) into a canvas laid over the row, and
 * a tick costs this thread nothing. The cells stay in the DOM as the layout the worker is told
 * (measured here) and as visually hidden text for screen readers and find-in-page, rewritten from
 * the store at the list's text cadence (CONSTANTS.listTextMs).
 *
 * Elsewhere React renders the cells once and the row's snapshots write their text and classes
 * straight into them (stores/market `onRow`) — a React render per row per snapshot cost more than
 * the style and layout of the change itself. Formatting and classes are Num's and ChangePill's, so
 * the cells look and read exactly like a <Num/>.
 */
export const RowFigures = memo(function RowFigures(props: RowFiguresProps) {
  return PAINTED_ROWS ? <PaintedFigures {...props} /> : <DomFigures {...props} />;
});

function PaintedFigures({ quote, volLabel }: RowFiguresProps) {
  const host = useRef<HTMLSpanElement>(null);
  const volCell = useRef<HTMLSpanElement>(null);
  const vol = useRef<HTMLSpanElement>(null);
  const lastCell = useRef<HTMLSpanElement>(null);
  const last = useRef<HTMLSpanElement>(null);
  const changeCell = useRef<HTMLSpanElement>(null);
  const probe = useRef<HTMLSpanElement>(null);
  const pct = useRef<HTMLSpanElement>(null);
  const handle = useRef<{ paint: PaintHandle; measure: () => void } | null>(null);
  const label = useRef(volLabel);
  label.current = volLabel;
  // A replaced worker lost the canvases it painted: a new one is put up.
  const [generation, setGeneration] = useState(0);

  // Text for assistive technology, from the store (no colours: nobody sees it).
  useLayoutEffect(() => {
    const v = vol.current;
    const l = last.current;
    const p = pct.current;
    if (!v || !l || !p) return;
    const rest = restTurnover(quote);
    return onRow(quote.symbol, (row: TickerRow | undefined, stale: boolean) => {
      put(v, numText(row ? row.turnover : rest, 'compact', 4), null);
      put(l, numText(row?.last ?? quote.last, 'price', quote.price_decimals), null);
      if (stale) l.setAttribute('data-stale', 'true');
      else l.removeAttribute('data-stale');
      put(p, numText(row?.changePct ?? quote.change, 'percent', 2), null);
    });
  }, [quote]);

  // The canvas is made here, not rendered: a canvas transfers its control once, so every attach
  // (a new quote, a new worker) needs a fresh element.
  useLayoutEffect(() => {
    const h = host.current;
    const cells = { vol: volCell.current, volFont: vol.current, last: lastCell.current, lastFont: last.current, change: changeCell.current, pillProbe: probe.current };
    if (!h || !cells.vol || !cells.volFont || !cells.last || !cells.lastFont || !cells.change || !cells.pillProbe) return;
    followPaintTheme();
    const canvas = document.createElement('canvas');
    canvas.className = styles.figuresCanvas;
    h.appendChild(canvas);
    const measured = { canvas, ...(cells as { [K in keyof typeof cells]: HTMLElement }) };
    const paint = paintRow(
      canvas,
      {
        symbol: quote.symbol,
        decimals: quote.price_decimals,
        rest: { last: quote.last, changePct: quote.change, turnover: restTurnover(quote) },
        layout: measureRow(measured, label.current),
      },
      () => setGeneration((g) => g + 1),
    );
    let size = `${canvas.clientWidth}x${canvas.clientHeight}`;
    const measure = () => paint.relayout(measureRow(measured, label.current));
    handle.current = { paint, measure };
    // Width (rotation, zoom) changes the cells' boxes: measure again.
    const ro = new ResizeObserver(() => {
      const now = `${canvas.clientWidth}x${canvas.clientHeight}`;
      if (now === size) return;
      size = now;
      measure();
    });
    ro.observe(canvas);
    return () => {
      ro.disconnect();
      paint.close();
      handle.current = null;
      canvas.remove();
    };
  }, [quote, generation]);

  // A new language changes the turnover label (and may move nothing else).
  useLayoutEffect(() => {
    handle.current?.measure();
  }, [volLabel]);

  return (
    <>
      <span ref={volCell} className={styles.vol}>
        <span className={styles.srOnly}>
          {volLabel} <span ref={vol} />
        </span>
      </span>
      <span ref={lastCell} className={styles.lastCell}>
        <span ref={last} className={`${styles.last} ${styles.srOnly}`} data-testid="last-price" />
      </span>
      <span ref={changeCell} className={styles.change}>
        {/* never seen: the pill's size, padding, corners and font for the worker */}
        <span ref={probe} className={`${pillClass('0')} ${styles.probe}`} aria-hidden="true" />
        <span className={styles.srOnly} data-testid="change">
          <span ref={pct} />
        </span>
      </span>
      <span ref={host} className={styles.figures} aria-hidden="true" data-testid="row-canvas" />
    </>
  );
}

function DomFigures({ quote, volLabel }: RowFiguresProps) {
  const vol = useRef<HTMLSpanElement>(null);
  const last = useRef<HTMLSpanElement>(null);
  const pill = useRef<HTMLSpanElement>(null);
  const pct = useRef<HTMLSpanElement>(null);

  useLayoutEffect(() => {
    const cells = { vol: vol.current, last: last.current, pill: pill.current, pct: pct.current };
    if (!cells.vol || !cells.last || !cells.pill || !cells.pct) return;
    const c = cells as { [K in keyof typeof cells]: HTMLSpanElement };
    // Before the stream has spoken: the REST snapshot's figures.
    const rest = restTurnover(quote);
    let shown: string | undefined;
    let dir: 0 | 1 | -1 = 0;
    return onRow(quote.symbol, (row: TickerRow | undefined, stale: boolean) => {
      const lastValue = row?.last ?? quote.last;
      // Held colour of the last change (as <Num/> does): flips only when the price moves.
      const d = changeDir(shown, lastValue);
      if (d !== 0) dir = d;
      shown = lastValue;
      const change = row?.changePct ?? quote.change;
      put(c.vol, numText(row ? row.turnover : rest, 'compact', 4), numClass({ stale }));
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
}
