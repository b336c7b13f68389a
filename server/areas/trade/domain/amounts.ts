/**
 * Parsing of user-typed amounts and prices: a plain positive decimal string within the field's
 * decimals and limits, else a translated error naming what is wrong. Nothing is rounded silently.
 */
import Decimal from 'decimal.js';
import type { MessageKey } from '../../../errors';
import { AppError } from '../../../errors';

const DECIMAL = /^\d+(\.\d+)?$/;

export interface AmountRule {
  decimals: number;
  min?: string;
  max?: string;
  /** the key when the value is not a positive number */
  invalid?: MessageKey;
}

/** Canonical decimal string of a valid amount (no trailing zeros). */
export function parseAmount(raw: unknown, rule: AmountRule): string {
  const invalid = rule.invalid ?? 'trade_amount_invalid';
  const s = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
  if (!DECIMAL.test(s) || s.length > 40) throw new AppError(invalid);
  const d = new Decimal(s);
  if (d.lte(0) || d.gte('1e17')) throw new AppError(invalid);
  if (d.decimalPlaces() > rule.decimals) throw new AppError('trade_too_many_decimals', { decimals: rule.decimals });
  if (rule.min !== undefined && d.lt(rule.min))
    throw new AppError('trade_below_minimum', { min: new Decimal(rule.min).toFixed() });
  if (rule.max !== undefined && d.gt(rule.max))
    throw new AppError('trade_above_maximum', { max: new Decimal(rule.max).toFixed() });
  return d.toFixed();
}

/** An optional price: '' or absent → null. */
export function parseOptionalPrice(raw: unknown, decimals: number): string | null {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
  return parseAmount(raw, { decimals, invalid: 'trade_price_invalid' });
}
