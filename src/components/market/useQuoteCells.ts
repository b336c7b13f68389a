import { useLayoutEffect, useRef } from 'react';
import { moveDirection } from '../../../core';
import { onRow } from '../../market/store';
import type { Quote } from '../../market/pairs';
import type { TickerRow } from '../../market/types';
import type { LiveQuote } from './useLiveQuote';

/** What a cell writer is handed on every snapshot of its symbol. */
export interface QuoteCellState extends LiveQuote {
  /** direction of the last price move, held until the price moves the other way (as <Num/> tints) */
  dir: 0 | 1 | -1;
  /** the stream's whole row (turnover, volume…), once it has spoken */
  row: TickerRow | undefined;
}

/**
 * The live figures of one quote written straight into cells React rendered once (lib/dom-text):
 * `write` runs before the first paint with the REST snapshot's figures (or the stream's, when it
 * has spoken), then on every snapshot of this symbol — no React render or commit per tick. The
 * market list's rows do the same (pages/market/RowFigures.tsx); this is it for a card or a short
 * list (Home's hot pairs). `deps` are what else the text depends on (the language's number marks).
 */
export function useQuoteCells(q: Quote, write: (s: QuoteCellState) => void, deps: readonly unknown[] = []): void {
  const writer = useRef(write);
  writer.current = write;
  useLayoutEffect(() => {
    let shown: string | undefined;
    let dir: 0 | 1 | -1 = 0;
    return onRow(q.symbol, (row: TickerRow | undefined, stale: boolean) => {
      const last = row?.last ?? q.last;
      const d = moveDirection(shown, last);
      if (d !== 0) dir = d;
      shown = last;
      writer.current({ last, changePct: row?.changePct ?? q.change, stale, dir, row });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the writer is read through its ref; deps re-run it
  }, [q, ...deps]);
}
