/** User-entered amounts (spec §5: a decimal with up to 10 decimals, positive). */
import { AppError } from '../../../errors';
import { canon } from '../../../kernel/decimal';

const AMOUNT_RE = /^\d{1,18}(\.\d{1,10})?$/;

export function parseAmount(raw: unknown): string {
  const s = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
  if (!AMOUNT_RE.test(s)) throw new AppError('amount_invalid');
  // plain digits (the pattern): canonical by its digits alone, no decimal object per request
  const c = canon(s);
  if (c === '0') throw new AppError('amount_invalid');
  return c;
}
