import { Empty, PullToRefresh, Tabs } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LOCK_KINDS, type LockConfig } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { lockConfigs } from '../../api/products';
import { useLoad } from '../../components/product/shared';
import { LoadState } from '../../components/load/LoadState';
import { Facts } from '../../components/product/Facts';
import { Amount, Rate, RateRange } from '../../components/product/Figures';
import card from '../../components/product/card.module.css';
import { usePageParam } from '../../components/product/usePageParam';
import { asKind, dividendLocal } from './kinds';

/**
 * Lock-up mining products (/lh/deposit/config), one tab per kind: lock-up, DeFi and cloud mining
 * (the Home entries open their kind). Each shows the minimum single amount, daily yield range,
 * lock period, dividend time and early-redemption penalty ratio.
 */
export default function LockmingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const kind = asKind(usePageParam('kind'));
  const load = useLoad(() => lockConfigs(kind), [kind]);
  return (
    <PageFrame
      title={t(`prod.lock.kind.${kind}`)}
      right={
        <button
          type="button"
          className={card.headBtn}
          onClick={() => navigate('/pages/lockming/order')}
          data-testid="lock-orders"
        >
          {t('prod.lock.myOrders')}
        </button>
      }
    >
      <div className={card.filters}>
        <Tabs activeKey={kind} onChange={(k) => setParams(k === 'lock' ? {} : { kind: k }, { replace: true })}>
          {LOCK_KINDS.map((k) => (
            <Tabs.Tab key={k} title={t(`prod.lock.kind.${k}`)} />
          ))}
        </Tabs>
      </div>
      <button
        type="button"
        className={card.note}
        style={{ margin: '8px 16px 0', width: 'calc(100% - 32px)', border: 0, textAlign: 'left' }}
        onClick={() => navigate(`/pages/lockming/welcome?kind=${kind}`)}
      >
        {t(`prod.lock.kindHint.${kind}`)} <span className={card.link}>{t('prod.lock.howItWorks')}</span>
      </button>
      <PullToRefresh onRefresh={load.reload}>
        <LoadState load={load}>
          {(configs) =>
            configs.length === 0 ? (
              <div style={{ padding: 48 }}>
                <Empty description={t('prod.lock.empty')} />
              </div>
            ) : (
              <div className={card.wrap} data-testid="lock-configs">
                {configs.map((c) => (
                  <ConfigCard key={c.id} c={c} onOpen={() => navigate(`/pages/lockming/buy?config_id=${c.id}`)} />
                ))}
              </div>
            )
          }
        </LoadState>
      </PullToRefresh>
    </PageFrame>
  );
}

function ConfigCard({ c, onOpen }: { c: LockConfig; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={card.card} onClick={onOpen} data-testid="lock-config" data-id={c.id}>
      <div className={card.head}>
        <h3 className={card.title}>{c.name}</h3>
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
      <div className={card.actions}>
        <span className={card.cta}>{t('prod.lock.stake')}</span>
      </div>
    </button>
  );
}
