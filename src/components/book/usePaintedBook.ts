import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { CONSTANTS } from '../../../core/types/api';
import type { BookPart, BookView, PaintedBook } from '../../market/types';
import { canPaintRows, followPaintTheme, paintBook, type BookPaintHandle } from '../../market/painted-rows';

/** What the DOM rows under painted canvases are refreshed at: for screen readers, keyboards and taps, not the eye (as the Markets rows' text). */
export const MIRROR_MS = CONSTANTS.listTextMs;

/** One canvas of the book: its kind and the flags BookPart carries; geometry is measured here. */
export type PartSpec = Pick<BookPart, 'kind' | 'bestLast' | 'qtyFirst' | 'barsFromLeft' | 'rowHeight'>;

export interface PaintedBookState {
  /** the worker paints these canvases; the DOM rows are a low-rate mirror under them */
  on: boolean;
  /** canvas refs, one per part in order */
  canvases: RefObject<HTMLCanvasElement | null>[];
  /** key for the canvases: a replaced worker took the old ones with it */
  epoch: number;
  /**
   * The price a tap on row `row` (top-down) of part `part` means: what the worker painted there
   * for a pointer (the user saw it), the row's own DOM price for a keyboard or screen reader
   * (the user heard it); `fallback` when the worker has none.
   */
  pick(part: number, row: number, fallback: string, pointer: boolean): Promise<string>;
}

function fontOf(el: Element): string {
  const s = getComputedStyle(el);
  return `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
}

function measure(canvases: RefObject<HTMLCanvasElement | null>[], specs: readonly PartSpec[]): BookPart[] | null {
  const parts: BookPart[] = [];
  for (let i = 0; i < specs.length; i++) {
    const c = canvases[i].current;
    if (!c) return null;
    const r = c.getBoundingClientRect();
    // the canvas inherits its container's font, which the DOM rows under it use
    const font = fontOf(c);
    parts.push({
      ...specs[i],
      width: r.width,
      height: r.height,
      dpr: window.devicePixelRatio || 1,
      priceFont: font,
      qtyFont: font,
    });
  }
  return parts;
}

/**
 * A book whose rows the market worker paints (workers/paint/book-painter.ts) into the canvases
 * this returns refs for, when the browser can hand a canvas to a worker. `view` null: nothing
 * painted yet. Geometry follows the canvases' size (ResizeObserver); a changed view or decimals
 * update the same painted book.
 */
export function usePaintedBook(
  view: BookView | null,
  decimals: number,
  lastDecimals: number,
  specs: readonly PartSpec[],
): PaintedBookState {
  const [on] = useState(canPaintRows);
  const [epoch, setEpoch] = useState(0);
  const refs = useRef<RefObject<HTMLCanvasElement | null>[]>([]);
  while (refs.current.length < specs.length) refs.current.push({ current: null });
  const canvases = refs.current.slice(0, specs.length);
  const handle = useRef<BookPaintHandle | null>(null);
  const latest = useRef({ view, decimals, lastDecimals, specs });
  latest.current = { view, decimals, lastDecimals, specs };
  const ident = view
    ? `${view.symbol}|${view.step ?? ''}|${view.rows}|${view.trades ?? ''}|${decimals}|${lastDecimals}`
    : '';

  const book = useCallback((): PaintedBook | null => {
    const l = latest.current;
    const parts = l.view && measure(refs.current, l.specs);
    return l.view && parts ? { view: l.view, decimals: l.decimals, lastDecimals: l.lastDecimals, parts } : null;
  }, []);

  const has = ident !== '';
  useLayoutEffect(() => {
    if (!on || !has) return;
    const b = book();
    if (!b) return;
    followPaintTheme();
    const h = paintBook(
      refs.current.slice(0, b.parts.length).map((r) => r.current as HTMLCanvasElement),
      b,
      () => setEpoch((e) => e + 1),
    );
    handle.current = h;
    const ro = new ResizeObserver(() => {
      const next = book();
      if (next) h.update(next);
    });
    for (const r of refs.current) if (r.current) ro.observe(r.current);
    return () => {
      ro.disconnect();
      h.close();
      handle.current = null;
    };
    // a new painted book per worker (epoch) and once a view exists; the view itself follows below
  }, [on, epoch, has, book]);

  useEffect(() => {
    const next = ident ? book() : null;
    if (next) handle.current?.update(next);
  }, [ident, book]);

  const pick = useCallback(async (part: number, row: number, fallback: string, pointer: boolean) => {
    const h = handle.current;
    if (!pointer || !h) return fallback;
    return (await h.priceAt(part, row).catch(() => null)) ?? fallback;
  }, []);

  return { on, canvases, epoch, pick };
}
