import { useState } from 'react';
import { Button, Rate } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { OtcOrder } from '../../../core';
import { ImageField } from '../../components/form/ImageField';
import { uploadImage } from '../../api/profile';
import { cancelOrder, markPaid, rateOrder } from '../../api/otc';
import { useMoneyText } from '../../components/Money';
import { useOrderActions, type OrderActionsState } from './useOrderActions';
import s from './otc.module.css';

interface Props {
  o: OtcOrder;
  a: OrderActionsState;
}

/** What the reader can do now: pay with proof or cancel (buyer, unpaid), release (seller), appeal (paid), rate (taker). */
export function OrderActions({ o, onChanged }: { o: OtcOrder; onChanged: () => void }) {
  const { t } = useTranslation();
  const a = useOrderActions(o, onChanged);
  const buyer = o.role === 'buyer';
  return (
    <section className={s.card} data-testid="otc-actions">
      {o.status === 'unpaid' ? buyer ? <PayOrCancel o={o} a={a} /> : <AwaitPayment a={a} /> : null}
      {o.status === 'paid' ? <PaidActions buyer={buyer} a={a} /> : null}
      {o.status === 'appeal' ? <span data-testid="otc-under-appeal">{t('otc.underAppeal')}</span> : null}
      {o.resolution ? <span>{t('otc.resolution', { reason: o.resolution })}</span> : null}
      {o.can_rate ? <RateRow o={o} a={a} /> : null}
      {o.rating ? <span>★ {o.rating}</span> : null}
      {['released', 'cancelled', 'refunded'].includes(o.status) && !o.can_rate && !o.rating ? (
        <span className={s.muted}>{t('otc.finished')}</span>
      ) : null}
    </section>
  );
}

/** the buyer, unpaid: pay with a proof image, or cancel */
function PayOrCancel({ o, a }: Props) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const [proof, setProof] = useState<string>();
  return (
    <>
      <span>{t('otc.payHint', { fiat: `${money(o.fiat_amount, o.fiat)} ${o.fiat}` })}</span>
      <ImageField upload={uploadImage} label={t('otc.proof')} testId="otc-proof" onChange={setProof} />
      <Button
        block
        color="primary"
        loading={a.pending}
        disabled={!proof}
        onClick={() => void a.run(() => markPaid(o.id, proof!), t('otc.markedPaid'))}
        data-testid="otc-paid"
      >
        {t('otc.markPaid')}
      </Button>
      <Button
        block
        fill="outline"
        disabled={a.pending}
        onClick={() => void a.run(() => cancelOrder(o.id), t('otc.cancelled'))}
        data-testid="otc-cancel"
      >
        {t('otc.cancelOrder')}
      </Button>
    </>
  );
}

/** the seller, unpaid: wait, or release before being paid */
function AwaitPayment({ a }: { a: OrderActionsState }) {
  const { t } = useTranslation();
  return (
    <>
      <span>{t('otc.waitPayment')}</span>
      <Button
        block
        fill="outline"
        disabled={a.pending}
        onClick={() => void a.release(true)}
        data-testid="otc-release-early"
      >
        {t('otc.releaseEarly')}
      </Button>
    </>
  );
}

/** paid: the seller releases, the buyer waits; either may appeal */
function PaidActions({ buyer, a }: { buyer: boolean; a: OrderActionsState }) {
  const { t } = useTranslation();
  return (
    <>
      {buyer ? (
        <span>{t('otc.waitRelease')}</span>
      ) : (
        <Button
          block
          color="primary"
          loading={a.pending}
          onClick={() => void a.release(false)}
          data-testid="otc-release"
        >
          {t('otc.confirmRelease')}
        </Button>
      )}
      <Button
        block
        fill="outline"
        color="danger"
        disabled={a.pending}
        onClick={() => void a.appeal()}
        data-testid="otc-appeal"
      >
        {t('otc.appeal')}
      </Button>
    </>
  );
}

function RateRow({ o, a }: Props) {
  const { t } = useTranslation();
  return (
    <div className={s.row}>
      <span>{t('otc.rate')}</span>
      <Rate
        allowClear={false}
        onChange={(v) => void a.run(() => rateOrder(o.id, v), t('otc.rated'))}
        aria-label={t('otc.rate')}
      />
    </div>
  );
}
