import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { LoadState } from '../../components/load/LoadState';
import { Facts } from '../../components/product/Facts';
import { usePageParam } from '../../components/product/usePageParam';
import { NotFound } from '../../components/product/NotFound';
import { useRateText } from '../../components/product/Figures';
import { AskAbout } from '../../components/service/AskAbout';
import { orderState } from './orders';
import { receiptFacts, useReceipt } from './useReceipt';
import { itemPath } from './media';
import s from './nft.module.css';
import { useMoneyText } from '../../components/Money';

export default function PurchaseOnePage() {
  const id = Number(usePageParam('id'));
  const { t } = useTranslation();
  if (!Number.isInteger(id) || id <= 0)
    return <NotFound title={t('route.nft.purchase_one')} listPath="/pages/nft/purchase" />;
  return <Receipt key={id} id={id} />;
}

/**
 * One purchase's receipt (/bind_box/getNFTOrder): the work, what was paid and to whom — price, the
 * buyer's fee, the creator's royalty out of a resale, the total — when, and its state; a won
 * auction not yet paid shows its deadline, what is forfeited, and the pay button. Opening an
 * auction order's receipt reads its message.
 */
function Receipt({ id }: { id: number }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const rate = useRateText();
  const navigate = useNavigate();
  const { load, now, pending, pay } = useReceipt(id);

  return (
    <PageFrame title={t('route.nft.purchase_one')}>
      <LoadState load={load}>
        {(o) => {
          const st = orderState(o, now, t);
          const waiting = o.kind === 'auction' && !o.is_pay && !o.is_expired;
          return (
            <div className={s.detail}>
              <button
                type="button"
                className={s.person}
                onClick={() => navigate(itemPath(o))}
                data-testid="nft-receipt-item"
              >
                <img className={s.thumb} src={o.image} alt="" width={64} height={64} />
                <span className={s.personBody}>
                  <span className={s.name} data-may-truncate>
                    {o.name}
                  </span>
                  <span className={s.muted}>{o.author_name}</span>
                </span>
              </button>
              <p className={s.state} data-testid="nft-receipt-state">
                {st.text}
              </p>
              <Facts items={receiptFacts(o, t, rate)} />
              {waiting ? (
                <>
                  <p className={s.muted}>
                    {t('nft.forfeitRule', { margin: money(o.margin, o.currency_name), unit: o.currency_name })}
                  </p>
                  <Button
                    block
                    color="primary"
                    disabled={pending}
                    onClick={() => void pay(o)}
                    data-testid="nft-receipt-pay"
                  >
                    {t('nft.pay')}
                  </Button>
                </>
              ) : null}
              {o.kind !== 'buy' ? <p className={s.muted}>{t('nft.reviewNotice')}</p> : null}
              <AskAbout type="nft_order" id={o.id} />
            </div>
          );
        }}
      </LoadState>
    </PageFrame>
  );
}
