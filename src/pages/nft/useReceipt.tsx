import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { NFT_RULES, type NftOrderDetail } from '../../../core';
import { useLoad, when } from '../../components/product/shared';
import type { Fact } from '../../components/product/Facts';
import { Amount } from '../../components/product/Figures';
import { useNow } from '../../components/product/useNow';
import { nftOrder, readOrderMessage } from '../../api/nft';
import { usePayOrder } from './orders';

/** One receipt's order, the clock for its deadline, and paying it; opening an unread auction order reads its message. */
export function useReceipt(id: number) {
  const load = useLoad(() => nftOrder(id), [id]);
  const now = useNow();
  const { pending, pay } = usePayOrder(load.reload);
  const unread = load.data?.kind === 'auction' && !load.data.is_read;
  useEffect(() => {
    if (unread) void readOrderMessage(id).catch(() => undefined);
  }, [unread, id]);
  return { load, now, pending, pay };
}

/** What was paid and to whom: kind, numbers, creator and seller, price, fee, royalty, total, margin, times; `rate` writes the fee rate (useRateText). */
export function receiptFacts(o: NftOrderDetail, t: TFunction, rate: (r: string) => string): Fact[] {
  return [
    [t('nft.kindLabel'), t(`nft.kind.${o.kind}`)],
    [t('nft.orderNo'), String(o.id)],
    [t('nft.code'), o.code],
    [t('nft.creator'), o.author_name],
    [t('nft.seller'), o.seller ?? t('nft.firstSale')],
    [t('nft.price'), <Amount value={o.price} unit={o.currency_name} />],
    [t('nft.fee', { rate: rate(NFT_RULES.feeRate) }), <Amount value={o.fee} unit={o.currency_name} />],
    ...(o.royalty !== '0'
      ? ([[t('nft.royaltyPaid'), <Amount value={o.royalty} unit={o.currency_name} />]] as Fact[])
      : []),
    [t('nft.total'), <Amount value={o.total} unit={o.currency_name} testId="nft-receipt-total" />],
    ...(o.kind === 'auction'
      ? ([[t('nft.margin'), <Amount value={o.margin} unit={o.currency_name} />]] as Fact[])
      : []),
    [t('nft.orderTime'), when(o.created_at)],
    ...(o.paid_at ? ([[t('nft.paidAt'), when(o.paid_at)]] as Fact[]) : []),
  ];
}
