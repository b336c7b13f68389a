import type { RefObject } from 'react';
import type { NumberMarks } from '../../../core';
import type { BookRow } from '../../market/types';
import { BookLine, EmptyLine, writeGhostLine } from './BookLine';
import { DepthBars } from './DepthBars';
import { ROW_PX } from './rows';
import styles from './book.module.css';

interface BookSideProps {
  side: 'bid' | 'ask';
  rows: readonly BookRow[];
  /** empty rows above the first (asks padded so the best ask sits on the last price) */
  padTop?: number;
  /** empty rows below the last */
  padBottom: number;
  /** the DOM depth bars' fractions, one per row shown (padding included) */
  fractions: number[];
  /** the worker paints this side into `canvas` (keyed by `epoch`: a replaced worker took the old one) */
  painted: boolean;
  epoch: number;
  canvas: RefObject<HTMLCanvasElement | null>;
  decimals: number;
  marks: NumberMarks;
  tip: (price: string) => string;
  /** amount first, bars from the right (the bid column of a side-by-side book) */
  qtyFirst?: boolean;
  barsFromLeft?: boolean;
  /** a tapped row; rows then carry their place, top-down, counting the padding above */
  onPick?: (price: string, row: number, pointer: boolean) => void;
  testId: string;
}

/** One side of a book: its depth bars (or the worker's canvas), the rows, and empty rows to keep its height. */
export function BookSide(p: BookSideProps) {
  const padTop = p.padTop ?? 0;
  return (
    <div className={styles.sideRows} data-testid={p.testId}>
      {p.painted ? (
        <canvas key={p.epoch} ref={p.canvas} className={styles.bars} aria-hidden />
      ) : (
        <DepthBars fractions={p.fractions} rowHeight={ROW_PX} side={p.side} fromLeft={p.barsFromLeft} />
      )}
      {Array.from({ length: padTop }, (_, i) => (
        <EmptyLine key={`e${i}`} />
      ))}
      {/* rows keyed by position: a moving book updates their text instead of building new buttons */}
      {p.rows.map((r, i) => (
        <BookLine
          key={i}
          price={r.price}
          qty={r.qty}
          side={p.side}
          decimals={p.decimals}
          marks={p.marks}
          tip={p.tip}
          qtyFirst={p.qtyFirst}
          row={p.onPick ? padTop + i : undefined}
          ghost={p.painted}
          onPick={p.onPick}
        />
      ))}
      {Array.from({ length: p.padBottom }, (_, i) => (
        <EmptyLine key={`e${i}`} />
      ))}
    </div>
  );
}

/** What a painted row's name and tooltip are made with. */
export type GhostText = Pick<BookSideProps, 'decimals' | 'marks' | 'tip' | 'qtyFirst'>;

/**
 * A painted side's new rows written into the buttons its last render made (<BookSide painted/>);
 * false when they do not fit them (another number of rows), so the side must render.
 */
export function writeGhostSide(side: Element | null, rows: readonly BookRow[], p: GhostText): boolean {
  if (!side) return false;
  const lines = side.querySelectorAll(':scope > button');
  if (lines.length !== rows.length) return false;
  rows.forEach((r, i) => writeGhostLine(lines[i], r, p.decimals, p.marks, p.tip, p.qtyFirst));
  return true;
}
