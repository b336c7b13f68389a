import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { IeoAllocation, IeoOrder } from '../../../core';
import { ProofPanel } from '../../components/proof/ProofPanel';
import { PageFrame } from '../../components/PageFrame';
import { ieoAllocation, ieoOrders } from '../../api/products';
import { when } from '../../components/product/shared';
import { PagedList } from '../../components/list/PagedList';
import { Facts } from '../../components/product/Facts';
import { StatusTag } from '../../components/product/StatusTag';
import { Amount } from '../../components/product/Figures';
import card from '../../components/product/card.module.css';

/** My IEO subscriptions (/user/project/order): frozen payment while pending, then allotted tokens, cost and refund. */
export default function IeoOrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageFrame title={t('route.ieo.order')}>
      <PagedList<IeoOrder>
        variant="cards"
        fetchPage={(page, limit) => ieoOrders(page, limit)}
        itemKey={(o) => o.id}
        renderItem={(o) => <OrderCard o={o} />}
        emptyText={t('prod.ieo.noOrders')}
        emptyAction={
          <Button color="primary" fill="outline" onClick={() => navigate('/pages/ieo/ieo')}>
            {t('prod.ieo.browse')}
          </Button>
        }
        testId="ieo-order-list"
      />
    </PageFrame>
  );
}

function OrderCard({ o }: { o: IeoOrder }) {
  const { t } = useTranslation();
  return (
    <article className={card.card} data-testid="ieo-order" data-status={o.status}>
      <div className={card.head}>
        <h3 className={card.title}>
          {o.project_name} ({o.symbol})
        </h3>
        <StatusTag status={o.status} />
      </div>
      <Facts
        items={[
          [t('prod.ieo.applyAmount'), <Amount value={o.amount} unit={o.symbol} />],
          [t('prod.ieo.price'), <Amount value={o.price} unit={o.pay_currency_name} />],
          [t('prod.ieo.frozen'), <Amount value={o.pay_amount} unit={o.pay_currency_name} />],
          [t('prod.ieo.appliedAt'), when(o.created_at)],
        ]}
      />
      {o.status === 'pending' ? (
        <p className={card.note}>{t('prod.ieo.pendingHint')}</p>
      ) : (
        <div className={card.note}>
          <Facts
            items={[
              [t('prod.ieo.allotted'), <Amount value={o.allotted ?? '0'} unit={o.symbol} />],
              [t('prod.ieo.cost'), <Amount value={o.cost ?? '0'} unit={o.pay_currency_name} />],
              [t('prod.ieo.refund'), <Amount value={o.refund ?? '0'} unit={o.pay_currency_name} />],
              [t('prod.ieo.finalisedAt'), when(o.finalised_at)],
            ]}
          />
          {o.finalised_at ? <AllotmentProof o={o} /> : null}
        </div>
      )}
    </article>
  );
}

/** "How this was settled": the project's published subscription list, fetched when opened, allotted again with core's proveIeo. */
function AllotmentProof({ o }: { o: IeoOrder }) {
  const { t } = useTranslation();
  const [alloc, setAlloc] = useState<IeoAllocation | null>(null);
  return (
    <ProofPanel
      build={(v) => v.ieoProofView(o, alloc, t)}
      onOpen={() => void ieoAllocation(o.project_id).then(setAlloc)}
      testId="ieo-proof"
    >
      <span>…</span>
    </ProofPanel>
  );
}
