import { ltvPercent } from '../../../core';
import { useFixedText, useQuantityText } from '../../components/Money';

/** The loans pages' figures as text in the language's marks: a ratio as a percent ('0.65' → "65,00" in French), fixed places, amounts. */
export function useLoanText() {
  const fixed = useFixedText();
  const qty = useQuantityText();
  return { pct: (ratio: string, places = 2) => fixed(ltvPercent(ratio, places), places), fixed, qty };
}

export type LoanText = ReturnType<typeof useLoanText>;
