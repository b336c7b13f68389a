import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../../stores/session';
import { minBid, type NftDetail } from '../../../core';
import { confirmMoney, useLoad } from '../../components/product/shared';
import { Amount, useRateText } from '../../components/product/Figures';
import { useNow } from '../../components/product/useNow';
import { bidNft, buyNft, nftDetail, payMargin } from '../../api/nft';
import { useAction } from '../../components/action/useAction';
import { useOnReconnect, useUserEvents } from '../../market';

type ConfirmRow = [string, ReactNode, boolean?];

/**
 * One artwork's state and actions: the work (read again on this work's notices and on reconnect),
 * the clock, the raise typed, and buy / pay margin / bid, each after its confirmation sheet.
 */
export function useArtwork(code: string) {
  const { t } = useTranslation();
  const rate = useRateText();
  const load = useLoad(() => nftDetail(code), [code]);
  const now = useNow();
  const [raise, setRaise] = useState('');
  const me = useSnapshot(session).user?.id;

  const { pending, run } = useAction(load.reload);
  // an auction notice about this work (outbid, won, margin back) is toasted at the app root; the page
  // reads the work again so its bid, minimum and state agree with the toast
  useUserEvents((e) => {
    if (e.kind === 'notice' && e.notice.ref.type === 'nft' && e.notice.params.code === code) void load.reload();
  });
  // a bid, a sale or a box sold while the socket was away (a deploy) sent no notice that reached us
  useOnReconnect(() => void load.reload());

  const buy = async (d: NftDetail) => {
    const f = d.fees;
    const rows: ConfirmRow[] = [
      [t('nft.price'), <Amount value={f.price} unit={d.currency_name} />],
      [t('nft.fee', { rate: rate(f.fee_rate) }), <Amount value={f.fee} unit={d.currency_name} />],
      [t('nft.total'), <Amount value={f.total} unit={d.currency_name} testId="nft-confirm-total" />, true],
    ];
    if (f.royalty !== '0') rows.push([t('nft.royalty'), <Amount value={f.royalty} unit={d.currency_name} />]);
    if (await confirmMoney(t('nft.confirmBuy'), rows, t('nft.reviewNotice')))
      await run(() => buyNft(d.code), t('nft.bought'));
  };

  const bid = async (d: NftDetail, r: string) => {
    // the bid this raise makes: core's next-bid rule with the raise as the step
    const next = minBid({ price: d.price, current_bid: d.current_bid, per_increase: r });
    const rows: ConfirmRow[] = [
      [t('nft.raise'), <Amount value={r} unit={d.currency_name} />],
      [t('nft.yourBid'), <Amount value={next} unit={d.currency_name} testId="nft-confirm-bid" />, true],
      [t('nft.margin'), <Amount value={d.margin} unit={d.currency_name} />],
    ];
    if (await confirmMoney(t('nft.confirmBid'), rows, t('nft.winnerRule', { hours: d.rules.pay_window_hours })))
      await run(() => bidNft(d.code, r), t('nft.bidPlaced'));
  };

  const margin = (d: NftDetail) => run(() => payMargin(d.code), t('nft.marginPaid'));

  return { load, now, raise, setRaise, me, pending, buy, bid, margin };
}
