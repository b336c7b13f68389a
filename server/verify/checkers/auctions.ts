/** NFT auctions: every won auction's buyer, price and payment deadline from its bids and end (core proveAuction). */
import { NFT_RULES, proveAuction } from '../../../core';
import type {} from '../../areas/nft/domain'; // the NFT tables join Database there
import type { OutcomeChecker, VerifyRow } from '../../db/outcome-checker';
import { rowOf } from '../rows';

export const auctionsChecker: OutcomeChecker = {
  product: 'NFT auctions',
  async check(db) {
    const orders = await db
      .selectFrom('nft_orders')
      .selectAll()
      .where('kind', '=', 'auction')
      .where('auction_end_at', 'is not', null)
      .orderBy('id')
      .execute();
    const out: VerifyRow[] = [];
    for (const o of orders) {
      const end = (o.auction_end_at as Date).getTime();
      // this auction's bids: after the item's previous won auction ended, if any
      const prev = orders
        .filter((p) => p.item_id === o.item_id && p.id !== o.id && (p.auction_end_at as Date).getTime() < end)
        .reduce((m, p) => Math.max(m, (p.auction_end_at as Date).getTime()), -Infinity);
      const bids = await db
        .selectFrom('nft_bids')
        .select(['user_id', 'price', 'created_at'])
        .where('item_id', '=', o.item_id)
        .execute();
      const proof = proveAuction({
        bids: bids
          .map((b) => ({ userId: b.user_id, price: b.price, at: new Date(b.created_at).getTime() }))
          .filter((b) => b.at > prev),
        endAt: end,
        payWindowMs: NFT_RULES.payWindowMs,
        stored: {
          buyerId: o.buyer_id,
          price: o.price,
          payDeadline: o.pay_deadline?.getTime() ?? null,
          status: o.status,
          paidAt: o.paid_at?.getTime() ?? null,
        },
      });
      out.push(rowOf(o.id, proof));
    }
    return out;
  },
};
