import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { numClass, numText } from '../../components/Num';
import { useNumberMarks } from '../../components/number-marks';
import { pillClass } from '../../components/market/ChangePill';
import { canPaintRows, followPaintTheme, measureRow, paintRow, type PaintHandle } from '../../market/painted-rows';
import { onRow } from '../../market/store';
import { batchLayoutRead } from '../../lib/layout-batch';
import { putClass, putNum, putText } from '../../lib/dom-text';
import { useQuoteCells } from '../../components/market/useQuoteCells';
import type { Quote } from '../../api/market';
import type { TickerRow } from '../../market/types';
import { figuresOf, turnover } from './sort';
import styles from './market.module.css';

export interface RowFiguresProps {
  quote: Quote;
  /** the translated "Vol" label, from the row (so this component needs no i18n hook) */
  volLabel: string;
  /** painted rows: the translated "Last price" and "24h change" of that name */
  lastLabel: string;
  changeLabel: string;
}

/** Decided once: a browser either can hand canvases to a worker or it cannot. */
export const PAINTED_ROWS = canPaintRows();

function restTurnover(quote: Quote): string {
  return turnover(figuresOf(quote, undefined));
}

/**
 * The live part of a market row: turnover, last price and the change pill, as three grid cells of
 * the row.
 *
 * Where the browser can transfer a canvas to a worker (every current one), the market worker
 * paints these figures itself (workers/paint/row-painter.ts) into a canvas laid over the row, and
 * a tick costs this thread nothing. The cells stay in the DOM, empty, as the layout the worker is
 * told (measured here). Screen readers get the figures as the row's accessible name, rewritten
 * from the store at the list's text cadence (CONSTANTS.listTextMs): an attribute, because text in
 * the DOM — even visually hidden — is laid out again on every change (at 4× throttle that layout
 * and the chart's redraw in one frame made tasks over 50 ms).
 *
 * Elsewhere React renders the cells once and the row's snapshots write their text and classes
 * straight into them (market/store `onRow`) — a React render per row per snapshot cost more than
 * the style and layout of the change itself. Formatting and classes are Num's and ChangePill's, so
 * the cells look and read exactly like a <Num/>.
 */
export const RowFigures = memo(function RowFigures(props: RowFiguresProps) {
  return PAINTED_ROWS ? <PaintedFigures {...props} /> : <DomFigures {...props} />;
});

function PaintedFigures({ quote, volLabel, lastLabel, changeLabel }: RowFiguresProps) {
  const host = useRef<HTMLSpanElement>(null);
  const volCell = useRef<HTMLSpanElement>(null);
  const lastCell = useRef<HTMLSpanElement>(null);
  const lastFont = useRef<HTMLSpanElement>(null);
  const changeCell = useRef<HTMLSpanElement>(null);
  const probe = useRef<HTMLSpanElement>(null);
  const handle = useRef<{ paint: PaintHandle; measure: () => void } | null>(null);
  const label = useRef(volLabel);
  label.current = volLabel;
  // A replaced worker lost the canvases it painted: a new one is put up.
  const [generation, setGeneration] = useState(0);

  // The accessible name of the row these cells sit in (MarketRow's button; its own ref is not set
  // yet when a child's layout effect runs): the pair and its figures, from the store.
  useLayoutEffect(() => {
    const el = host.current?.parentElement;
    if (!el) return;
    const rest = restTurnover(quote);
    return onRow(quote.symbol, (live: TickerRow | undefined) => {
      const name = [
        `${quote.base}/${quote.quote}`,
        `${lastLabel} ${numText(live?.last ?? quote.last, 'price', quote.price_decimals)}`,
        `${changeLabel} ${numText(live?.changePct ?? quote.change, 'percent', 2)}`,
        `${volLabel} ${numText(live ? live.turnover : rest, 'compact', 4)}`,
      ].join(', ');
      if (el.getAttribute('aria-label') !== name) el.setAttribute('aria-label', name);
    });
  }, [quote, volLabel, lastLabel, changeLabel]);

  // The canvas is made here, not rendered: a canvas transfers its control once, so every attach
  // (a new quote, a new worker) needs a fresh element.
  useLayoutEffect(() => {
    const h = host.current;
    const cells = {
      vol: volCell.current,
      volFont: volCell.current,
      last: lastCell.current,
      lastFont: lastFont.current,
      change: changeCell.current,
      pillProbe: probe.current,
    };
    if (!h || !cells.vol || !cells.volFont || !cells.last || !cells.lastFont || !cells.change || !cells.pillProbe)
      return;
    followPaintTheme();
    const canvas = document.createElement('canvas');
    canvas.className = styles.figuresCanvas;
    h.appendChild(canvas);
    const measured = { canvas, ...(cells as { [K in keyof typeof cells]: HTMLElement }) };
    const sizeOf = () => `${canvas.clientWidth}x${canvas.clientHeight}`;
    let paint: PaintHandle | null = null;
    let size = '';
    // Width (rotation, zoom) changes the cells' boxes: measure again.
    const ro = new ResizeObserver(() => {
      const now = sizeOf();
      if (now === size) return;
      size = now;
      handle.current?.measure();
    });
    // Measured with the other rows of this commit (one layout for the list, not one per row).
    const cancel = batchLayoutRead(
      () => ({ layout: measureRow(measured, label.current), size: sizeOf() }),
      (m) => {
        size = m.size;
        const p = paintRow(
          canvas,
          {
            symbol: quote.symbol,
            decimals: quote.price_decimals,
            rest: { last: quote.last, changePct: quote.change, turnover: restTurnover(quote) },
            layout: m.layout,
          },
          () => setGeneration((g) => g + 1),
        );
        paint = p;
        handle.current = { paint: p, measure: () => p.relayout(measureRow(measured, label.current)) };
        ro.observe(canvas);
      },
    );
    return () => {
      cancel();
      ro.disconnect();
      paint?.close();
      handle.current = null;
      canvas.remove();
    };
  }, [quote, generation]);

  // A new language changes the turnover label (and may move nothing else).
  useLayoutEffect(() => {
    handle.current?.measure();
  }, [volLabel]);

  // Empty cells: their boxes and fonts are what the worker is told; the canvas shows the figures.
  return (
    <>
      <span ref={volCell} className={styles.vol} aria-hidden="true" />
      <span ref={lastCell} className={styles.lastCell} aria-hidden="true">
        <span ref={lastFont} className={styles.last} />
      </span>
      <span ref={changeCell} className={styles.change} aria-hidden="true">
        {/* never seen: the pill's size, padding, corners and font for the worker */}
        <span ref={probe} className={`${pillClass('0')} ${styles.probe}`} />
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
  const marks = useNumberMarks();

  // Before the stream has spoken: the REST snapshot's figures.
  const rest = useMemo(() => restTurnover(quote), [quote]);
  useQuoteCells(
    quote,
    ({ row, last: lastValue, changePct: change, stale, dir }) => {
      putText(vol.current, numText(row ? row.turnover : rest, 'compact', 4, marks), numClass({ stale }));
      putNum(
        last.current,
        numText(lastValue, 'price', quote.price_decimals, marks),
        numClass({ align: 'right', dir, stale, className: styles.last }),
        stale,
      );
      putClass(pill.current, pillClass(change));
      putText(pct.current, numText(change, 'percent', 2, marks), numClass({ stale }));
    },
    [marks, rest],
  );

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
