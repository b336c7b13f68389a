/**
 * What the parties hear about their order: the in-app notice is written in the step's own
 * transaction (message keys: it reads in the reader's language), the email follows the commit
 * (ctx.notify; a crash in between loses only the email), in the language that party last used on
 * the order (the taker's at open, the merchant's at posting the ad).
 *   opened → the merchant; paid → the seller; released → the buyer; appeal opened or decided and
 *   timeout → both.
 */
import { addNotice } from '../../../db/notices';
import type { MessageKey } from '../../../errors';
import type { Trx } from '../../../db/tx';
import { canon } from '../../../kernel/decimal';
import { currencyName, type OrderRow, type OtcNote, type OtcNoticeKind } from './shared';

export const OTC_NOTICE_KEYS: Record<OtcNoticeKind, { title: MessageKey; body: MessageKey }> = {
  otc_order_opened: { title: 'otc_order_opened_title', body: 'otc_order_opened_body' },
  otc_order_paid: { title: 'otc_order_paid_title', body: 'otc_order_paid_body' },
  otc_order_released: { title: 'otc_order_released_title', body: 'otc_order_released_body' },
  otc_appeal_opened: { title: 'otc_appeal_opened_title', body: 'otc_appeal_opened_body' },
  otc_appeal_release: { title: 'otc_appeal_decided_title', body: 'otc_appeal_release_body' },
  otc_appeal_refund: { title: 'otc_appeal_decided_title', body: 'otc_appeal_refund_body' },
  otc_order_timeout: { title: 'otc_order_timeout_title', body: 'otc_order_timeout_body' },
};

export type Party = 'buyer' | 'seller' | 'merchant';
export type NoticeOrder = Pick<
  OrderRow,
  | 'id'
  | 'buyer_id'
  | 'seller_id'
  | 'merchant_id'
  | 'taker_id'
  | 'coin_id'
  | 'coin_amount'
  | 'fiat_amount'
  | 'fiat'
  | 'taker_lang'
  | 'merchant_lang'
>;

/** Writes the in-app notices of one step to the named parties; returns the emails to send after the commit. */
export async function noteOrder(
  trx: Trx,
  o: NoticeOrder,
  kind: OtcNoticeKind,
  to: readonly Party[],
  extra: Record<string, string> = {},
): Promise<OtcNote[]> {
  const notes = notesFor(o, kind, to, await currencyName(trx, o.coin_id), extra);
  const keys = OTC_NOTICE_KEYS[kind];
  for (const n of notes)
    await addNotice(trx, { userId: n.userId, kind, title: keys.title, body: keys.body, params: n.params });
  return notes;
}

/** One step's notices to the named parties (`coin`: the coin's name), as noteOrder writes them. */
export function notesFor(
  o: NoticeOrder,
  kind: OtcNoticeKind,
  to: readonly Party[],
  coin: string,
  extra: Record<string, string> = {},
): OtcNote[] {
  const params = {
    id: String(o.id),
    coin,
    coin_amount: canon(o.coin_amount),
    fiat_amount: canon(o.fiat_amount),
    fiat: o.fiat,
    ...extra,
  };
  const ids = [...new Set(to.map((p) => (p === 'buyer' ? o.buyer_id : p === 'seller' ? o.seller_id : o.merchant_id)))];
  return ids.map((userId) => ({
    userId,
    kind,
    lang: userId === o.taker_id ? o.taker_lang : o.merchant_lang,
    orderId: o.id,
    params,
  }));
}
