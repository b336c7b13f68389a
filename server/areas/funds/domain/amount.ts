/** User-entered amounts (spec §5: a decimal with up to 10 decimals, positive). */
import Decimal from 'decimal.js';
import { AppError } from '../../../errors';

const AMOUNT_RE = /^\d{1,18}(\.\d{1,10})?$/;

export function parseAmount(raw: unknown): string {
  const s = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
  if (!AMOUNT_RE.test(s)) throw new AppError('amount_invalid');
  const d = new Decimal(s);
  if (d.lte(0)) throw new AppError('amount_invalid');
  return d.toFixed();
}
