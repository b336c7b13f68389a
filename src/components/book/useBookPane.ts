import { useBook } from '../../market/book';
import type { BookSnapshot } from '../../market/types';
import { useNumberMarks } from '../number-marks';
import { usePriceTip } from './BookLine';
import { stepDecimals } from './steps';
import { useBookStep } from './useStep';
import { MIRROR_MS, usePaintedBook, type PartSpec } from './usePaintedBook';

/**
 * What both books start from: the step (and its decimals), the worker's painting where it can, and
 * the rows — at the mirror rate under painted canvases — with the language's marks and tooltip
 * made once per book, not per row.
 */
export function useBookPane(
  symbol: string,
  priceDecimals: number,
  rows: number,
  parts: PartSpec[],
  /** a painted book's mirror snapshot written into its rows' nodes (useBook's `write`) */
  write?: (b: BookSnapshot) => boolean,
) {
  // the language's marks for every row (one subscription per book, not per row)
  const marks = useNumberMarks();
  const tip = usePriceTip();
  const { steps, step, setStep } = useBookStep(symbol, priceDecimals);
  const dp = stepDecimals(step, priceDecimals);
  const paint = usePaintedBook({ symbol, step, rows, trades: 0 }, dp, priceDecimals, parts);
  const book = useBook(symbol, step, rows, 0, false, paint.on ? MIRROR_MS : undefined, write);
  return { marks, tip, steps, step, setStep, dp, paint, book };
}
