/**
 * One view's interest in a book: which symbol, grouped how, how many rows and trades, and whether
 * something it shows changed since its last snapshot. The view's numbers are clamped here, once,
 * so a bad value from the page cannot make the worker post a whole book or throw on a zero step.
 */
import type { BookView } from '../api-types';

const MAX_BOOK_ROWS = 100;
const MAX_BOOK_TRADES = 100;
const DEFAULT_BOOK_TRADES = 20;

/** A BookView made safe: integer counts within bounds, a positive decimal step or null. */
export interface BookShape {
  symbol: string;
  step: string | null;
  rows: number;
  trades: number;
  depth: boolean;
}

const STEP = /^(?:\d+(?:\.\d+)?|\.\d+)$/;
const clamp = (n: unknown, lo: number, hi: number, fallback: number) =>
  typeof n === 'number' && Number.isFinite(n) ? Math.min(hi, Math.max(lo, Math.floor(n))) : fallback;

function bookShape(v: BookView): BookShape {
  const step =
    typeof v.step === 'string' && v.step.length <= 32 && STEP.test(v.step) && /[1-9]/.test(v.step) ? v.step : null;
  return {
    symbol: v.symbol,
    step,
    rows: clamp(v.rows, 1, MAX_BOOK_ROWS, 20),
    trades: clamp(v.trades, 0, MAX_BOOK_TRADES, DEFAULT_BOOK_TRADES),
    depth: v.depth === true,
  };
}

export class BookWatch {
  shape: BookShape;
  /** the book changed (or the view did) since the last snapshot */
  dirty = true;

  constructor(view: BookView) {
    this.shape = bookShape(view);
  }

  setView(view: BookView): void {
    const next = bookShape(view);
    const s = this.shape;
    if (
      next.symbol !== s.symbol ||
      next.step !== s.step ||
      next.rows !== s.rows ||
      next.trades !== s.trades ||
      next.depth !== s.depth
    )
      this.dirty = true;
    this.shape = next;
  }
}
