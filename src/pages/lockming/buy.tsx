import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { LockConfig } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { AmountField } from '../../components/form';
import { LoadState } from '../../components/load/LoadState';
import { NotFound } from '../../components/product/NotFound';
import { gt, lt } from '../../components/product/money';
import card from '../../components/product/card.module.css';
import { usePageParam } from '../../components/product/usePageParam';
import { useMoneyText } from '../../components/Money';
import { YieldRange } from './YieldRange';
import { LockCard } from './LockCard';
import { problemOf, useLockBuy } from './useLockBuy';

/** Amount decimals the box accepts (the server refuses more than the coin has). */
const AMOUNT_DP = 8;

export default function LockBuyPage() {
  const id = Number(usePageParam('config_id'));
  const { t } = useTranslation();
  if (!Number.isInteger(id) || id <= 0)
    return <NotFound title={t('route.lockming.buy')} listPath="/pages/lockming/lockming" />;
  return <LockBuy key={id} id={id} />;
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
  const { load, amount, setAmount, touched, setTouched, pending, errorText, submit } = useLockBuy(id);

  return (
    <PageFrame title={t('route.lockming.buy')}>
      <LoadState load={load}>
        {(c) => {
          const problem = problemOf(amount, c);
          const shownProblem = touched || problem === 'balance' || problem === 'max' ? problem : null;
          const cap = c.max_amount !== null && lt(c.max_amount, c.available) ? c.max_amount : c.available;
          return (
            <div className={card.wrap}>
              <LockCard c={c} />

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

              <LockPreview c={c} amount={amount} priced={problem === null || problem === 'balance'} />

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

/** The income a day and over the lock, once the amount can be priced (`priced`); dashes until then. */
function LockPreview({ c, amount, priced }: { c: LockConfig; amount: string; priced: boolean }) {
  const { t } = useTranslation();
  return (
    <section className={card.note} aria-live="polite" data-testid="lock-preview">
      <div>
        {t('prod.lock.dailyIncome')}: {priced ? <YieldRange c={c} amount={amount} /> : '--'}
      </div>
      <div>
        {t('prod.lock.totalIncome')}: {priced ? <YieldRange c={c} amount={amount} days={c.lock_days} /> : '--'}
      </div>
    </section>
  );
}
