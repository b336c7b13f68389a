import { Button, Tabs } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LOCK_ORDER_STATUSES, type LockOrder, type LockOrderStatus } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { lockOrders } from '../../api/products';
import { when } from '../../components/product/shared';
import { PagedList } from '../../components/list/PagedList';
import { Facts } from '../../components/product/Facts';
import { StatusTag } from '../../components/product/StatusTag';
import { Amount, Rate, RateRange } from '../../components/product/Figures';
import { timeLeft, useNow } from '../../components/product/useNow';
import card from '../../components/product/card.module.css';
import { usePageParam } from '../../components/product/usePageParam';
import { useRedeem } from './useRedeem';

const asStatus = (v: string | null): LockOrderStatus => (v === 'redeemed' ? 'redeemed' : 'in_progress');

/**
 * My lock-mining orders (/lh/deposit/order {page, limit, status}): in progress with earnings,
 * dividends and the time to expiry, and an early redemption that shows its penalty arithmetic
 * first; redeemed with how (at expiry or early), the penalty and what came back.
 */
export default function LockOrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const status = asStatus(usePageParam('status'));
  return (
    <PageFrame title={t('route.lockming.order')}>
      <div className={card.filters}>
        <Tabs activeKey={status} onChange={(k) => setParams({ status: k }, { replace: true })}>
          {LOCK_ORDER_STATUSES.map((s) => (
            <Tabs.Tab key={s} title={t(`prod.status.${s}`)} />
          ))}
        </Tabs>
      </div>
      <PagedList<LockOrder>
        variant="cards"
        reloadKey={status}
        fetchPage={(page, limit) => lockOrders(page, limit, status)}
        itemKey={(o) => o.id}
        renderItem={(o, refresh) => <OrderCard o={o} onRedeemed={refresh} />}
        emptyText={t(`prod.lock.noOrders.${status}`)}
        emptyAction={
          status === 'in_progress' ? (
            <Button color="primary" fill="outline" onClick={() => navigate('/pages/lockming/lockming')}>
              {t('prod.lock.browse')}
            </Button>
          ) : undefined
        }
        testId="lock-orders"
      />
    </PageFrame>
  );
}

function OrderCard({ o, onRedeemed }: { o: LockOrder; onRedeemed: () => void }) {
  const { t } = useTranslation();
  const { shown, pending, redeem } = useRedeem(o, onRedeemed);

  return (
    <article className={card.card} data-testid="lock-order" data-status={shown.status}>
      <div className={card.head}>
        <h3 className={card.title}>
          {shown.name} · {shown.currency_name}
        </h3>
        <StatusTag status={shown.status} />
      </div>
      <Facts
        items={[
          [t('prod.lock.amount'), <Amount value={shown.amount} unit={shown.currency_name} />],
          [t('prod.lock.dailyYield'), <RateRange min={shown.daily_rate_min} max={shown.daily_rate_max} />],
          [t('prod.lock.earned'), <Amount value={shown.earned} unit={shown.currency_name} testId="lock-earned" />],
          [t('prod.lock.dividends'), t('prod.lock.dividendsN', { count: shown.dividends_paid })],
          [t('prod.lock.lockAt'), when(shown.lock_at)],
          [t('prod.lock.expireAt'), when(shown.expire_at)],
        ]}
      />
      {shown.status === 'in_progress' ? (
        <InProgress shown={shown} active={o.status === 'in_progress'} pending={pending} onRedeem={redeem} />
      ) : (
        <Redemption shown={shown} />
      )}
    </article>
  );
}

interface InProgressProps {
  shown: LockOrder;
  /** the order as listed is still running: the clock ticks */
  active: boolean;
  pending: boolean;
  onRedeem: () => Promise<void>;
}

/** A running order: the time to expiry and the penalty now, and early redemption while days remain. */
function InProgress({ shown, active, pending, onRedeem }: InProgressProps) {
  const { t } = useTranslation();
  const now = useNow(active, 1000);
  const left = timeLeft(shown.expire_at, now);
  return (
    <>
      <p className={card.note}>
        {left ? t('prod.lock.expiresIn', { left, count: shown.remaining_days }) : t('prod.lock.expiring')} ·{' '}
        {t('prod.lock.penaltyNow')} <Amount value={shown.penalty_now} unit={shown.currency_name} /> (
        {<Rate rate={shown.penalty_ratio} />} × {shown.remaining_days})
      </p>
      {shown.remaining_days > 0 ? (
        <div className={card.actions}>
          <Button
            size="small"
            color="danger"
            fill="outline"
            loading={pending}
            disabled={pending}
            onClick={() => void onRedeem()}
            data-testid="lock-redeem"
          >
            {t('prod.lock.redeemEarly')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** A redeemed order: how (at expiry or early), when, the penalty and what came back. */
function Redemption({ shown }: { shown: LockOrder }) {
  const { t } = useTranslation();
  return (
    <div className={card.note} data-testid="lock-redemption">
      <Facts
        items={[
          [t('prod.lock.redeemType'), t(`prod.lock.redeemTypes.${shown.redeem_type ?? 'expired'}`)],
          [t('prod.lock.redeemedAt'), when(shown.redeemed_at)],
          [
            t('prod.lock.penaltyAmount'),
            <Amount value={shown.penalty ?? '0'} unit={shown.currency_name} testId="lock-penalty" />,
          ],
          [
            t('prod.lock.returned'),
            <Amount value={shown.returned} unit={shown.currency_name} testId="lock-returned" />,
          ],
        ]}
      />
    </div>
  );
}
