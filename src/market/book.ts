/**
 * One order book for a screen: the worker keeps the whole book and sends, at most once per
 * snapshot window, only the rows this view shows (top `rows` per side grouped by `step`, running
 * totals, best bid/ask, the last trade and the newest trades).
 */
import { useEffect, useReducer, useRef } from 'react';
import { openWatch, type WatchHandle } from './bridge';
import type { BookSnapshot, BookView } from './types';

/**
 * The live top of `symbol`'s book, or null until the worker has it. `step` is the price step to
 * group by (a decimal string such as "0.01" or "10"; omit for one row per level); a null symbol
 * watches no book; `depth` asks for the depth chart's geometry instead of rows. A changed symbol,
 * step or count updates the same watch; rows of the previous symbol are never returned.
 * `windowMs`: at most one snapshot per this many ms (a book the worker paints keeps its DOM rows
 * for screen readers at a low rate); the base window when absent.
 * `write`: each snapshot is handed to it first, to be written straight into the nodes the last
 * render made (as the pair header's figures are, lib/dom-text); it says whether it could. Only a
 * snapshot it could not write (another shape: rows coming or going) renders the component again.
 * A render for any reason shows the newest snapshot.
 */
export function useBook(
  symbol: string | null,
  step: string | undefined,
  rows: number,
  trades?: number,
  depth?: boolean,
  windowMs?: number,
  write?: (b: BookSnapshot) => boolean,
): BookSnapshot | null {
  const shown = useRef<BookSnapshot | null>(null);
  const [, render] = useReducer((n: number) => n + 1, 0);
  const writer = useRef(write);
  writer.current = write;
  // null: no book wanted (yet); the watch stays open, asking for nothing
  const view: BookView | undefined = symbol ? { symbol, step, rows, trades, ...(depth ? { depth } : {}) } : undefined;
  const latest = useRef<BookView | undefined>(view);
  latest.current = view;
  const windowRef = useRef(windowMs);
  windowRef.current = windowMs;
  const handle = useRef<WatchHandle | null>(null);

  useEffect(() => {
    const watch = openWatch({ symbols: [], book: latest.current, throttleMs: windowRef.current }, (s) => {
      const b = s.book;
      // A snapshot built before a view change may still be on its way.
      if (!b || b.symbol !== latest.current?.symbol) return;
      shown.current = b;
      if (!writer.current?.(b)) render();
    });
    handle.current = watch;
    return () => {
      watch.close();
      handle.current = null;
    };
  }, []);

  useEffect(() => {
    handle.current?.update({ symbols: [], book: latest.current, throttleMs: windowRef.current });
    if (shown.current && shown.current.symbol !== symbol) {
      shown.current = null;
      render();
    }
  }, [symbol, step, rows, trades, depth, windowMs]);

  return shown.current && shown.current.symbol === symbol ? shown.current : null;
}
