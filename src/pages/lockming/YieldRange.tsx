import { miningDailyYield, miningYield, type LockConfig } from '../../../core';
import { Amount } from '../../components/product/Figures';

/** Income over `days` (default one day) at the range's two ends, by core's formulas. */
export function YieldRange({ c, amount, days }: { c: LockConfig; amount: string; days?: number }) {
  const lo =
    days === undefined ? miningDailyYield(amount, c.daily_rate_min) : miningYield(amount, c.daily_rate_min, days);
  const hi =
    days === undefined ? miningDailyYield(amount, c.daily_rate_max) : miningYield(amount, c.daily_rate_max, days);
  if (lo === hi) return <Amount value={lo} unit={c.currency_name} />;
  return (
    <span>
      <Amount value={lo} /> – <Amount value={hi} unit={c.currency_name} />
    </span>
  );
}
