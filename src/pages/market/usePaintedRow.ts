import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { numText } from '../../components/Num';
import { followPaintTheme, measureRow, paintRow, type PaintHandle } from '../../market/painted-rows';
import { onRow } from '../../market/store';
import { batchLayoutRead } from '../../lib/layout-batch';
import type { Quote } from '../../api/market';
import type { TickerRow } from '../../market/types';
import { figuresOf, turnover } from './sort';
import styles from './market.module.css';

/** The turnover before the stream has spoken: the REST snapshot's. */
export function restTurnover(quote: Quote): string {
  return turnover(figuresOf(quote, undefined));
}

type Span = RefObject<HTMLSpanElement | null>;

/** The row's cells the worker is told about (their boxes and fonts), and the host its canvas is laid in. */
interface PaintedCells {
  host: Span;
  vol: Span;
  last: Span;
  lastFont: Span;
  change: Span;
  probe: Span;
}

interface RowLabels {
  volLabel: string;
  lastLabel: string;
  changeLabel: string;
}

/**
 * A painted row: the worker paints the figures into a canvas laid over the cells, and the row's
 * accessible name follows the store. Returns the refs for the empty cells the view renders.
 */
export function usePaintedRow(quote: Quote, labels: RowLabels): PaintedCells {
  const cells: PaintedCells = {
    host: useRef<HTMLSpanElement>(null),
    vol: useRef<HTMLSpanElement>(null),
    last: useRef<HTMLSpanElement>(null),
    lastFont: useRef<HTMLSpanElement>(null),
    change: useRef<HTMLSpanElement>(null),
    probe: useRef<HTMLSpanElement>(null),
  };
  useRowName(cells.host, quote, labels);
  useRowCanvas(cells, quote, labels.volLabel);
  return cells;
}

function useRowName(host: Span, quote: Quote, { volLabel, lastLabel, changeLabel }: RowLabels) {
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
    // the host ref is stable
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [quote, volLabel, lastLabel, changeLabel]);
}

function useRowCanvas(
  { host, vol: volCell, last: lastCell, lastFont, change: changeCell, probe }: PaintedCells,
  quote: Quote,
  volLabel: string,
) {
  const handle = useRef<{ paint: PaintHandle; measure: () => void } | null>(null);
  const label = useRef(volLabel);
  label.current = volLabel;
  // A replaced worker lost the canvases it painted: a new one is put up.
  const [generation, setGeneration] = useState(0);

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
    // the cells' refs are stable
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [quote, generation]);

  // A new language changes the turnover label (and may move nothing else).
  useLayoutEffect(() => {
    handle.current?.measure();
  }, [volLabel]);
}
