import { Button, Tabs } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DUAL_ORDER_STATUSES, type DualOrder, type DualOrderStatus } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { dualList } from '../../api/products';
import { when } from '../../components/product/shared';
import { PagedList } from '../../components/list/PagedList';
import { Facts } from '../../components/product/Facts';
import { StatusTag } from '../../components/product/StatusTag';
import { Amount, Rate } from '../../components/product/Figures';
import { timeLeft, useNow } from '../../components/product/useNow';
import card from '../../components/product/card.module.css';
import { usePageParam } from '../../components/product/usePageParam';
import { ProofPanel } from '../../components/proof/ProofPanel';

type Filter = 'all' | DualOrderStatus;
const FILTERS: Filter[] = ['all', ...DUAL_ORDER_STATUSES];
const asFilter = (v: string | null): Filter => ((FILTERS as (string | null)[]).includes(v) ? (v as Filter) : 'all');

/** Not settled yet: the list keeps re-reading itself until these are paid. */
const unsettled = (o: DualOrder) => o.status === 'purchased' || o.status === 'settling';

/**
 * My dual-invest orders (/dual/dual_list): purchased → settling → success | fail, with the
 * countdown to maturity, and once settled the settle price and what was paid in which coin.
 */
export default function InvestMinePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const filter = asFilter(usePageParam('status'));
  return (
    <PageFrame title={t('route.invest.mine')}>
      <div className={card.filters}>
        <Tabs activeKey={filter} onChange={(k) => setParams({ status: k }, { replace: true })}>
          {FILTERS.map((f) => (
            <Tabs.Tab key={f} title={f === 'all' ? t('prod.all') : t(`prod.status.${f}`)} />
          ))}
        </Tabs>
      </div>
      <PagedList<DualOrder>
        variant="cards"
        reloadKey={filter}
        fetchPage={(page, limit) => dualList({ page, limit, status: filter === 'all' ? undefined : filter })}
        itemKey={(o) => o.id}
        renderItem={(o) => <OrderCard o={o} />}
        live={(items) => items.some(unsettled)}
        emptyText={t('prod.dual.noOrders')}
        emptyAction={
          <Button color="primary" fill="outline" onClick={() => navigate('/pages/invest/invest')}>
            {t('prod.dual.browse')}
          </Button>
        }
        testId="dual-orders"
      />
    </PageFrame>
  );
}

function OrderCard({ o }: { o: DualOrder }) {
  const { t } = useTranslation();
  const now = useNow(unsettled(o));
  const left = timeLeft(o.maturity_at, now);
  return (
    <article className={card.card} data-testid="dual-order" data-status={o.status}>
      <div className={card.head}>
        <h3 className={card.title}>
          {o.currency_name}/{o.quote_name} · {t(`prod.dual.type.${o.type}`)}
        </h3>
        <StatusTag status={o.status} />
      </div>
      <Facts
        items={[
          [t('prod.dual.amount'), <Amount value={o.amount} unit={o.invest_currency_name} />],
          [t('prod.dual.quantity'), t('prod.sharesN', { count: o.num })],
          [t('prod.dual.apr'), <Rate rate={o.apr} />],
          [t('prod.dual.linkedPrice'), <Amount value={o.linked_price} unit={o.quote_name} />],
          [t('prod.dual.purchasedAt'), when(o.created_at)],
          [t('prod.dual.maturity'), when(o.maturity_at)],
        ]}
      />
      {o.status === 'purchased' ? (
        <p className={card.note} data-testid="dual-countdown">
          {left ? t('prod.dual.maturesIn', { left }) : t('prod.dual.settlingSoon')}
        </p>
      ) : null}
      {o.status === 'settling' ? <p className={card.note}>{t('prod.dual.settlingHint')}</p> : null}
      {o.status === 'success' ? (
        <div className={card.note} data-testid="dual-settlement">
          <Facts
            items={[
              [t('prod.dual.settlePrice'), <Amount value={o.settle_price} unit={o.quote_name} />],
              [
                t('prod.dual.payout'),
                <Amount value={o.payout_amount} unit={o.payout_currency_name ?? ''} testId="dual-payout" />,
              ],
              [t('prod.dual.settledAt'), when(o.settled_at)],
              [
                t('prod.dual.rule'),
                o.settle_price && o.payout_currency_id === o.currency_id
                  ? t('prod.dual.ruleBelow')
                  : t('prod.dual.ruleAbove'),
              ],
            ]}
          />
          <ProofPanel build={(v) => v.dualProofView(o, t)} testId="dual-proof" />
        </div>
      ) : null}
      {o.status === 'fail' ? (
        <p className={card.note}>
          {t('prod.dual.failed', {
            reason: o.fail_reason ? t(`prod.dual.failReason.${o.fail_reason}`, { defaultValue: o.fail_reason }) : '',
          })}
        </p>
      ) : null}
    </article>
  );
}
