import { ExactDecimal, earlyRedemption, type LockOrder } from '../../../core';
import i18n from '../../i18n';
import { lockConfigs } from '../../api/products';
import { confirmMoney, type Row } from '../../components/product/shared';
import { Amount, Rate } from '../../components/product/Figures';
import { isNum } from '../../components/product/money';
import card from '../../components/product/card.module.css';

/**
 * The early-redemption sheet (spec §4, §9): the penalty arithmetic written out —
 * ratio × remaining days × amount = penalty, amount − penalty = returned — with both figures from
 * core's earlyRedemption, the function the server charges with; then the balance it leaves.
 * Resolves true when the user confirms.
 */
export async function confirmEarlyRedemption(o: LockOrder): Promise<boolean> {
  const t = i18n.t.bind(i18n);
  const r = earlyRedemption({ amount: o.amount, penaltyRatio: o.penalty_ratio, remainingDays: o.remaining_days });
  // The balance the principal returns to; unknown (not shown) if the read fails.
  const available = await lockConfigs()
    .then((cs) => cs.find((c) => c.currency_id === o.currency_id)?.available)
    .catch(() => undefined);
  const u = o.currency_name;
  const rows: Row[] = [
    [t('prod.lock.product'), `${o.name} · ${u}`],
    [t('prod.lock.amount'), <Amount value={o.amount} unit={u} />],
    [t('prod.lock.remainingDays'), t('prod.daysN', { count: o.remaining_days })],
    [
      t('prod.lock.penaltyRatio'),
      <span className={card.words}>
        <Rate rate={o.penalty_ratio} /> {t('prod.lock.perRemainingDay')}
      </span>,
    ],
    [
      t('prod.lock.penaltyAmount'),
      <span className={card.words} data-testid="redeem-formula">
        <Rate rate={o.penalty_ratio} /> × {o.remaining_days} × <Amount value={o.amount} /> ={' '}
        <Amount value={r.penalty} unit={u} testId="redeem-penalty" />
      </span>,
    ],
    [
      t('prod.lock.returnedFormula'),
      <span className={card.words} data-testid="redeem-returned-formula">
        <Amount value={o.amount} /> − <Amount value={r.penalty} /> ={' '}
        <Amount value={r.returned} unit={u} testId="redeem-returned" />
      </span>,
      true,
    ],
  ];
  if (isNum(available))
    rows.push([
      t('prod.balanceAfter'),
      <Amount value={new ExactDecimal(available).plus(r.returned).toFixed()} unit={u} testId="redeem-balance-after" />,
    ]);
  return confirmMoney(t('prod.lock.redeemTitle'), rows, t('prod.lock.redeemNote'));
}
