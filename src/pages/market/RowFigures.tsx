import { memo, useMemo, useRef } from 'react';
import { numClass, numText } from '../../components/Num';
import { useNumberMarks } from '../../components/number-marks';
import { pillClass } from '../../components/market/ChangePill';
import { canPaintRows } from '../../market/painted-rows';
import { putClass, putNum, putText } from '../../lib/dom-text';
import { useQuoteCells } from '../../components/market/useQuoteCells';
import type { Quote } from '../../api/market';
import { restTurnover, usePaintedRow } from './usePaintedRow';
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
  const cells = usePaintedRow(quote, { volLabel, lastLabel, changeLabel });
  // Empty cells: their boxes and fonts are what the worker is told; the canvas shows the figures.
  return (
    <>
      <span ref={cells.vol} className={styles.vol} aria-hidden="true" />
      <span ref={cells.last} className={styles.lastCell} aria-hidden="true">
        <span ref={cells.lastFont} className={styles.last} />
      </span>
      <span ref={cells.change} className={styles.change} aria-hidden="true">
        {/* never seen: the pill's size, padding, corners and font for the worker */}
        <span ref={cells.probe} className={`${pillClass('0')} ${styles.probe}`} />
      </span>
      <span ref={cells.host} className={styles.figures} aria-hidden="true" data-testid="row-canvas" />
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
