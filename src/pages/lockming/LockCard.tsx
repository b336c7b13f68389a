import { useTranslation } from 'react-i18next';
import type { LockConfig } from '../../../core';
import { Facts, type Fact } from '../../components/product/Facts';
import { Amount, Rate, RateRange } from '../../components/product/Figures';
import card from '../../components/product/card.module.css';
import { dividendLocal } from './kinds';

/**
 * One mining product: name and coin, the daily yield large, the minimum (and on the buy page the
 * maximum), lock days, dividend time and early-redemption penalty. With `onOpen` it is the list's
 * card, one button that opens the buy page; without, the buy page's head.
 */
export function LockCard({ c, onOpen }: { c: LockConfig; onOpen?: () => void }) {
  const { t } = useTranslation();
  const Title = onOpen ? 'h3' : 'h2';
  const max: Fact[] = [
    [
      t('prod.lock.maxAmount'),
      c.max_amount ? <Amount value={c.max_amount} unit={c.currency_name} /> : t('prod.lock.noLimit'),
    ],
  ];
  const body = (
    <>
      <div className={card.head}>
        <Title className={card.title}>{c.name}</Title>
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
          ...(onOpen ? [] : max),
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
    </>
  );
  return onOpen ? (
    <button type="button" className={card.card} onClick={onOpen} data-testid="lock-config" data-id={c.id}>
      {body}
      <div className={card.actions}>
        <span className={card.cta}>{t('prod.lock.stake')}</span>
      </div>
    </button>
  ) : (
    <section className={card.card}>{body}</section>
  );
}
