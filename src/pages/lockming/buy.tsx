import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { lockExpireAt, miningDailyYield, miningYield, type LockConfig } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { AmountField } from '../../components/form';
import { toastSuccess } from '../../lib/toast';
import { lockConfigs, lockDeposit } from '../../api/products';
import { confirmMoney, useLoad, when } from '../../components/product/shared';
import { LoadState } from '../../components/load/LoadState';
import { NotFound } from '../../components/product/NotFound';
import { Facts } from '../../components/product/Facts';
import { Amount, Rate, RateRange } from '../../components/product/Figures';
import { gt, lt, minus } from '../../components/product/money';
import card from '../../components/product/card.module.css';
import { usePageParam } from '../../components/product/usePageParam';
import { dividendLocal } from './kinds';
import { useMoneyText } from '../../components/Money';

/** Amount decimals the box accepts (the server refuses more than the coin has). */
const AMOUNT_DP = 8;

export default function LockBuyPage() {
  const id = Number(usePageParam('config_id'));
  const { t } = useTranslation();
  if (!Number.isInteger(id) || id <= 0)
    return <NotFound title={t('route.lockming.buy')} listPath="/pages/lockming/lockming" />;
  return <LockBuy key={id} id={id} />;
}

type AmountProblem = 'required' | 'min' | 'max' | 'balance' | null;

function problemOf(amount: string, c: LockConfig): AmountProblem {
  if (amount === '' || !gt(amount, '0')) return 'required';
  if (lt(amount, c.min_amount)) return 'min';
  if (c.max_amount !== null && gt(amount, c.max_amount)) return 'max';
  if (gt(amount, c.available)) return 'balance';
  return null;
}

/**
 * Lock an amount in one mining product (/lh/deposit {config_id, amount}). The daily yield range
 * and the total over the lock period are core's miningDailyYield / miningYield; insufficient
 * balance is flagged under the box; the confirmation sheet shows the penalty rule before locking.
 */
function LockBuy({ id }: { id: number }) {
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

  return (
    <PageFrame title={t('route.lockming.buy')}>
      <LoadState load={load}>
        {(c) => {
          const problem = problemOf(amount, c);
          const shownProblem = touched || problem === 'balance' || problem === 'max' ? problem : null;
          const cap = c.max_amount !== null && lt(c.max_amount, c.available) ? c.max_amount : c.available;
          return (
            <div className={card.wrap}>
              <section className={card.card}>
                <div className={card.head}>
                  <h2 className={card.title}>{c.name}</h2>
                  <span className={card.bigLabel}>{c.currency_name}</span>
                </div>
                <div className={card.big}>
                  <span>
                    <RateRange min={c.daily_rate_min} max={c.daily_rate_max} className={card.bigValue} />
                    <span className={card.bigLabel}> {t('prod.lock.dailyYield')}</span>
                  </span>
                </div>
                <Facts
                  items={[
                    [t('prod.lock.minAmount'), <Amount value={c.min_amount} unit={c.currency_name} />],
                    [
                      t('prod.lock.maxAmount'),
                      c.max_amount ? <Amount value={c.max_amount} unit={c.currency_name} /> : t('prod.lock.noLimit'),
                    ],
                    [t('prod.lock.lockDays'), t('prod.daysN', { count: c.lock_days })],
                    [
                      t('prod.lock.dividendTime'),
                      t('prod.lock.dividendAt', { utc: c.dividend_time, local: dividendLocal(c.dividend_time) }),
                    ],
                    [
                      t('prod.lock.penalty'),
                      <>
                        <Rate rate={c.penalty_ratio} /> {t('prod.lock.perRemainingDay')}
                      </>,
                    ],
                  ]}
                />
              </section>

              <h3 className={card.section}>{t('prod.lock.amount')}</h3>
              <AmountField
                label={t('prod.lock.amount')}
                value={amount}
                onChange={setAmount}
                decimals={AMOUNT_DP}
                unit={c.currency_name}
                placeholder={t('prod.lock.minPlaceholder', { min: money(c.min_amount, c.currency_name) })}
                available={c.available}
                availableUnit={c.currency_name}
                maxAmount={gt(cap, '0') ? cap : null}
                error={shownProblem ? errorText(shownProblem, c) : null}
                onBlur={() => setTouched(true)}
                data-testid="lock-amount"
              />
              {shownProblem === 'balance' ? (
                <button
                  type="button"
                  className={card.link}
                  onClick={() => navigate(`/pages/fund/receive?currency=${c.currency_id}`)}
                >
                  {t('prod.deposit')}
                </button>
              ) : null}

              <section className={card.note} aria-live="polite" data-testid="lock-preview">
                <div>
                  {t('prod.lock.dailyIncome')}:{' '}
                  {problem === null || problem === 'balance' ? <YieldRange c={c} amount={amount} /> : '--'}
                </div>
                <div>
                  {t('prod.lock.totalIncome')}:{' '}
                  {problem === null || problem === 'balance' ? (
                    <YieldRange c={c} amount={amount} days={c.lock_days} />
                  ) : (
                    '--'
                  )}
                </div>
              </section>

              <Button
                block
                color="primary"
                size="large"
                className={card.footer}
                loading={pending}
                disabled={pending}
                onClick={() => void submit(c)}
                data-testid="lock-submit"
              >
                {t('prod.lock.stake')}
              </Button>
              <p className={card.sub}>{t('prod.lock.penaltyRule')}</p>
            </div>
          );
        }}
      </LoadState>
    </PageFrame>
  );
}

/** Income over `days` (default one day) at the range's two ends, by core's formulas. */
function YieldRange({ c, amount, days }: { c: LockConfig; amount: string; days?: number }) {
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
