import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { NFT_RULES, type NftOrder } from '../../../core';
import { confirmMoney, when } from '../../components/product/shared';
import { Amount, useRateText } from '../../components/product/Figures';
import { useAction } from '../../components/action/useAction';
import { payOrder } from '../../api/nft';
import { timeLeft } from '../../components/product/useNow';
import s from './nft.module.css';

/** An order's state in words: an auction order waits for payment (with its deadline), is paid or expired; other orders are paid at once. */
export function orderState(
  o: NftOrder,
  now: number,
  t: (k: string, o?: Record<string, unknown>) => string,
): { text: string; color: 'success' | 'warning' | 'danger' } {
  if (o.is_pay) return { text: t('nft.orderPaid'), color: 'success' };
  if (o.is_expired) return { text: t('nft.orderExpired'), color: 'danger' };
  return { text: t('nft.payBy', { time: timeLeft(o.overtime, now) || when(o.overtime) }), color: 'warning' };
}

/** One order in the purchase record: the work's picture, its name, what kind of purchase, the total and the state. */
export function OrderRow({ o, now }: { o: NftOrder; now: number }) {
  const { t } = useTranslation();
  const st = orderState(o, now, t);
  return (
    <span className={s.orderRow}>
      <img className={s.thumb} src={o.image} alt="" width={64} height={64} loading="lazy" />
      <span className={s.orderBody}>
        <span className={s.name} data-may-truncate>
          {o.name}
        </span>
        <span className={s.muted}>
          {t(`nft.kind.${o.kind}`)} · {when(o.created_at)}
        </span>
        <span className={s.row}>
          <span className={s.price}>
            <Amount value={o.total} unit={o.currency_name} />
          </span>
          <Tag color={st.color} fill="outline">
            {st.text}
          </Tag>
        </span>
      </span>
    </span>
  );
}

/** Paying a won auction: the confirmation sheet (price, fee, total, the margin that comes back), then payNFTOrder once. */
export function usePayOrder(reload: () => unknown) {
  const { t } = useTranslation();
  const rate = useRateText();
  const { pending, run } = useAction(reload);
  const pay = async (o: NftOrder) => {
    const ok = await confirmMoney(t('nft.confirmPay'), [
      [t('nft.price'), <Amount value={o.price} unit={o.currency_name} />],
      [t('nft.fee', { rate: rate(NFT_RULES.feeRate) }), <Amount value={o.fee} unit={o.currency_name} />],
      [t('nft.total'), <Amount value={o.total} unit={o.currency_name} />, true],
      [t('nft.marginBack'), <Amount value={o.margin} unit={o.currency_name} />],
    ]);
    if (ok) await run(() => payOrder(o.id), t('nft.paid'));
  };
  return { pending, pay, run };
}
