/**
 * A lock-mining configuration between the domain's names (fractions) and the family's wire names
 * (`day`, `save_min`, `interest_rate` in percent): the server answers with toLockConfigRow, our app
 * reads the answer back with fromLockConfigRow. Exact decimals both ways.
 */
import type { LockConfig, LockConfigRow } from '../types/lockup';
import { ExactDecimal } from './exact';

const pct = (fraction: string) => new ExactDecimal(fraction).times(100).toFixed();
const frac = (percent: string) => new ExactDecimal(percent).div(100).toFixed();

export function toLockConfigRow(c: LockConfig): LockConfigRow {
  return {
    id: c.id,
    kind: c.kind,
    name: c.name,
    currency_id: c.currency_id,
    currency_name: c.currency_name,
    day: c.lock_days,
    save_min: c.min_amount,
    save_max: c.max_amount,
    interest_rate: pct(c.daily_rate_min),
    interest_rate_max: pct(c.daily_rate_max),
    dividend_time: c.dividend_time,
    penalty_ratio: c.penalty_ratio,
    available: c.available,
  };
}

export function fromLockConfigRow(r: LockConfigRow): LockConfig {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    currency_id: r.currency_id,
    currency_name: r.currency_name,
    lock_days: r.day,
    min_amount: r.save_min,
    max_amount: r.save_max,
    daily_rate_min: frac(r.interest_rate),
    daily_rate_max: frac(r.interest_rate_max),
    dividend_time: r.dividend_time,
    penalty_ratio: r.penalty_ratio,
    available: r.available,
  };
}
