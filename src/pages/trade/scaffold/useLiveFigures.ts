/**
 * A form's figures that move with the market (an estimate at the live price) follow the ticker as
 * the pair header does: React renders them with the price read at render, then the store's row
 * listener writes their new text into the nodes, at most once per `ms`. The form renders for the
 * user's input only, not with the market.
 */
import { useEffect, useLayoutEffect, useReducer, useRef, type RefObject } from 'react';
import { marketStore, onRow } from '../../../market/store';
import { putText } from '../../../lib/dom-text';

/** The last price now, without subscribing: a render for user input reads the market as it is. */
export function lastPrice(symbol: string): string | null {
  return marketStore.tickers[symbol]?.last ?? null;
}

/**
 * Refs for `count` nodes whose text is `texts(last)[i]`; `texts` is the latest render's (it closes
 * over the form's input). The nodes must hold one text node each (render a single string). With
 * `follows` false the figures do not depend on the price (nothing typed yet): no listener, no timer.
 */
export function useLiveFigures(
  symbol: string,
  ms: number,
  count: number,
  texts: (last: string | null) => readonly string[],
  follows = true,
): RefObject<HTMLSpanElement | null>[] {
  const refs = useRef<RefObject<HTMLSpanElement | null>[]>([]);
  while (refs.current.length < count) refs.current.push({ current: null });
  const latest = useRef(texts);
  latest.current = texts;
  useLayoutEffect(() => {
    if (!follows) return;
    let at = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const write = () => {
      timer = null;
      at = Date.now();
      const shown = latest.current(lastPrice(symbol));
      refs.current.forEach((r, i) => putText(r.current, shown[i] ?? ''));
    };
    // the first call (at subscription) is the render's own figures: nothing to write
    let first = true;
    const off = onRow(symbol, () => {
      if (first) {
        first = false;
        at = Date.now();
        return;
      }
      if (timer !== null) return;
      const wait = at + ms - Date.now();
      if (wait <= 0) write();
      else timer = setTimeout(write, wait);
    });
    return () => {
      off();
      if (timer !== null) clearTimeout(timer);
    };
  }, [symbol, ms, follows]);
  return refs.current;
}

/**
 * Renders the caller again with the market, at most once per `ms`, while `on`: an open confirm
 * sheet, whose figures are few and read before money moves.
 */
export function useRenderWithMarket(on: boolean, symbol: string, ms: number): void {
  const [, render] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!on) return;
    let at = Date.now();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = onRow(symbol, () => {
      if (timer !== null) return;
      timer = setTimeout(
        () => {
          timer = null;
          at = Date.now();
          render();
        },
        Math.max(0, at + ms - Date.now()),
      );
    });
    return () => {
      off();
      if (timer !== null) clearTimeout(timer);
    };
  }, [on, symbol, ms]);
}
