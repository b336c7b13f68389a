import type { TFunction } from 'i18next';
import type { DualProduct } from '../../../core';

/** A product's maturity: its date, or for a demo product the minutes after purchase each order matures. */
export function maturityText(
  p: Pick<DualProduct, 'end_time' | 'demo' | 'demo_maturity_seconds'>,
  t: TFunction,
  day: (iso: string) => string,
): string {
  if (p.end_time) return day(p.end_time);
  if (p.demo && p.demo_maturity_seconds)
    return t('prod.dual.demoMaturity', { count: Math.max(1, Math.round(p.demo_maturity_seconds / 60)) });
  return '--';
}
