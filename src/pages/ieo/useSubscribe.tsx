import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useSnapshot } from 'valtio';
import { ExactDecimal, FUNDS_ACCOUNT_TYPE, type IeoPayCurrency, type IeoProjectDetail } from '../../../core';
import { toastSuccess } from '../../lib/toast';
import { ieoDetail, ieoSubscribe } from '../../api/products';
import { walletDetail } from '../../api/funds';
import { session } from '../../stores/session';
import { confirmMoney, useLoad, when, type Row } from '../../components/product/shared';
import { Amount } from '../../components/product/Figures';
import { gt, lt, minus, times } from '../../components/product/money';

/** Token amounts: the server's default token precision. */
export const TOKEN_DP = 4;

type Problem = 'required' | 'min' | 'max' | 'balance' | null;

/** What the form shows for the amount typed: its cost, what is wrong with it (once it should be said), the balance and the most it can buy. */
interface SubscribeFigures {
  cost: string | null;
  /** the problem to show: a missing or too-small amount only once the user has left the box or pressed Subscribe */
  shown: Problem;
  avail: string | null;
  cap: string | null;
}

/** What is wrong with the amount: none typed, under the minimum, over the maximum, more than the balance pays for. */
function problemWith(amount: string, p: IeoProjectDetail, cost: string | null, balance: string | null): Problem {
  if (amount === '' || !gt(amount, '0')) return 'required';
  if (lt(amount, p.min_amount)) return 'min';
  if (p.max_amount !== null && gt(amount, p.max_amount)) return 'max';
  if (cost && balance !== null && gt(cost, balance)) return 'balance';
  return null;
}

/** The problem in words, under the amount. */
export function problemText(t: TFunction, problem: Problem, p: IeoProjectDetail): string | null {
  if (problem === 'balance') return t('common.insufficientBalance');
  if (problem === 'min') return t('prod.ieo.err.min', { min: p.min_amount, unit: p.symbol });
  if (problem === 'max') return t('prod.ieo.err.max', { max: p.max_amount, unit: p.symbol });
  if (problem === 'required') return t('prod.ieo.err.required');
  return null;
}

/**
 * One IEO project's subscription: the project, the paying currency and its balance, the amount typed
 * and its problems, and the subscription after the confirmation sheet (then the orders page).
 */
export function useSubscribe(id: number) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSnapshot(session);
  const load = useLoad(() => ieoDetail(id), [id]);
  const [payId, setPayId] = useState<number>();
  const pay: IeoPayCurrency | undefined =
    load.data?.pay_currencies.find((c) => c.currency_id === payId) ?? load.data?.pay_currencies[0];
  const balance = useLoad(
    async () => (pay && token ? (await walletDetail(pay.currency_id, FUNDS_ACCOUNT_TYPE)).available : null),
    [pay?.currency_id, token],
  );
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);

  const balanceNow = typeof balance.data === 'string' ? balance.data : null;
  const problemOf = (p: IeoProjectDetail, cost: string | null) => problemWith(amount, p, cost, balanceNow);

  const figures = (p: IeoProjectDetail): SubscribeFigures => {
    const cost = pay && amount && gt(amount, '0') ? times(amount, pay.price) : null;
    const problem = problemOf(p, cost);
    const shown = touched || problem === 'balance' || problem === 'max' ? problem : null;
    const avail = balanceNow;
    const byBalance =
      pay && avail && gt(pay.price, '0')
        ? new ExactDecimal(avail).div(pay.price).toDecimalPlaces(TOKEN_DP, ExactDecimal.ROUND_DOWN).toFixed()
        : null;
    const cap = byBalance && p.max_amount !== null && lt(p.max_amount, byBalance) ? p.max_amount : byBalance;
    return { cost, shown, avail, cap };
  };

  const submit = async (p: IeoProjectDetail) => {
    setTouched(true);
    if (!pay) return;
    const cost = amount && gt(amount, '0') ? times(amount, pay.price) : null;
    if (problemOf(p, cost) || !cost) return;
    const available = balanceNow;
    const rows: Row[] = [
      [t('prod.ieo.project'), `${p.name} (${p.symbol})`],
      [t('prod.ieo.applyAmount'), <Amount value={amount} unit={p.symbol} />],
      [t('prod.ieo.price'), <Amount value={pay.price} unit={pay.currency_name} />],
      [t('prod.ieo.pay'), <Amount value={cost} unit={pay.currency_name} testId="confirm-pay" />, true],
      [t('prod.ieo.endAt'), when(p.end_at)],
      [t('prod.ieo.listingAt'), when(p.listing_at)],
    ];
    if (available)
      rows.push([
        t('prod.balanceAfter'),
        <Amount value={minus(available, cost)} unit={pay.currency_name} testId="confirm-balance-after" />,
      ]);
    const ok = await confirmMoney(t('prod.ieo.confirmTitle'), rows, t('prod.ieo.confirmNote'));
    if (!ok) return;
    setPending(true);
    try {
      await ieoSubscribe({ project_id: p.id, amount, pay_currency: pay.currency_id, price: pay.price });
      toastSuccess(t('prod.ieo.subscribed'));
      navigate('/pages/ieo/order', { replace: true });
    } catch {
      // toasted (e.g. the price changed): re-read the project and the balance, keep the amount
      void load.reload();
      void balance.reload();
    } finally {
      setPending(false);
    }
  };

  return { load, pay, setPayId, amount, setAmount, setTouched, pending, figures, submit };
}

/** The subscription's state and actions, as the form reads them. */
export type Subscription = ReturnType<typeof useSubscribe>;
