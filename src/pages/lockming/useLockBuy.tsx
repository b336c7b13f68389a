import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { lockExpireAt, type LockConfig } from '../../../core';
import { toastSuccess } from '../../lib/toast';
import { lockConfigs, lockDeposit } from '../../api/products';
import { confirmMoney, useLoad, when } from '../../components/product/shared';
import { Amount, Rate, RateRange } from '../../components/product/Figures';
import { gt, lt, minus } from '../../components/product/money';
import card from '../../components/product/card.module.css';
import { useMoneyText } from '../../components/Money';
import { YieldRange } from './YieldRange';

type AmountProblem = 'required' | 'min' | 'max' | 'balance' | null;

/** What is wrong with the amount: none typed, under the minimum, over the maximum, more than the balance. */
export function problemOf(amount: string, c: LockConfig): AmountProblem {
  if (amount === '' || !gt(amount, '0')) return 'required';
  if (lt(amount, c.min_amount)) return 'min';
  if (c.max_amount !== null && gt(amount, c.max_amount)) return 'max';
  if (gt(amount, c.available)) return 'balance';
  return null;
}

/**
 * Locking an amount in one mining product: the product, the amount typed (its problem said once
 * the user has left the box), and the lock after the sheet that states the penalty rule (then my orders).
 */
export function useLockBuy(id: number) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const navigate = useNavigate();
  const load = useLoad(async () => {
    const c = (await lockConfigs()).find((x) => x.id === id);
    if (!c) throw new Error('not found');
    return c;
  }, [id]);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);

  const errorText = (p: AmountProblem, c: LockConfig) => {
    if (p === 'balance') return t('common.insufficientBalance');
    if (p === 'min')
      return t('prod.lock.err.min', { min: money(c.min_amount, c.currency_name), unit: c.currency_name });
    if (p === 'max')
      return t('prod.lock.err.max', { max: money(c.max_amount, c.currency_name), unit: c.currency_name });
    if (p === 'required') return t('prod.lock.err.required');
    return null;
  };

  const submit = async (c: LockConfig) => {
    setTouched(true);
    if (problemOf(amount, c)) return;
    // the server's rule (core): the lock ends with its last dividend, at the dividend time, not lock time + N × 24 h
    const expires = new Date(lockExpireAt(Date.now(), c.dividend_time, c.lock_days)).toISOString();
    const ok = await confirmMoney(
      t('prod.lock.confirmTitle'),
      [
        [t('prod.lock.product'), `${c.name} · ${c.currency_name}`],
        [t('prod.lock.amount'), <Amount value={amount} unit={c.currency_name} testId="confirm-amount" />, true],
        [t('prod.lock.lockDays'), t('prod.daysN', { count: c.lock_days })],
        [t('prod.lock.dailyYield'), <RateRange min={c.daily_rate_min} max={c.daily_rate_max} />],
        [t('prod.lock.dailyIncome'), <YieldRange c={c} amount={amount} />],
        [t('prod.lock.totalIncome'), <YieldRange c={c} amount={amount} days={c.lock_days} />],
        [t('prod.lock.expireAt'), when(expires)],
        [
          t('prod.lock.penalty'),
          <span className={card.words}>
            <Rate rate={c.penalty_ratio} /> {t('prod.lock.perRemainingDay')}
          </span>,
        ],
        [t('prod.balanceAfter'), <Amount value={minus(c.available, amount)} unit={c.currency_name} />],
      ],
      t('prod.lock.confirmNote'),
    );
    if (!ok) return;
    setPending(true);
    try {
      await lockDeposit(c.id, amount);
      toastSuccess(t('prod.lock.locked'));
      navigate('/pages/lockming/order', { replace: true });
    } catch {
      // the server's translated reason was toasted; the amount stays, the balance is re-read
      void load.reload();
    } finally {
      setPending(false);
    }
  };

  return { load, amount, setAmount, touched, setTouched, pending, errorText, submit };
}
