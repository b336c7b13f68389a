/**
 * Copy-trading multiple (spec §5, §9): a multiple above 1 that is not an integer is rounded to two
 * decimals, half up (1.005 → 1.01, 2.344 → 2.34). Integers and multiples ≤ 1 are kept as given
 * (canonical form). The result is a decimal string.
 */
import { ExactDecimal, dec, str, type DecimalInput } from './exact';

export function roundCopyMultiple(multiple: DecimalInput): string {
  const m = dec(multiple, 'multiple');
  if (m.gt(1) && !m.isInteger()) return str(m.toDecimalPlaces(2, ExactDecimal.ROUND_HALF_UP));
  return str(m);
}
