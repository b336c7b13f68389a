/**
 * payNFTOrder {id} on the payments' group commit (pay-writer.ts, migration 060): the order and its
 * item read without a lock, the fees computed as a sale's (core feesFor, the royalty on a resale),
 * then checked again under the statement's locks, which pay an order once.
 */
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type {} from '../tables'; // the area's tables join Database there
import { KeyTaken, keyToMark, type IdempotencyScope } from '../../../db/idempotency-scope';
import { AppError } from '../../../errors';
import { feesFor } from '../../../../core';
import { NFT_ACCOUNT } from './shared';
import { platformOf } from './sale';
import { submitPay, type PayElement } from './pay-writer';

/** The winner pays the final price + fee before the deadline; the margin comes back. */
export async function payWonOrder(
  db: Kysely<Database>,
  userId: number,
  orderId: number,
  nowMs: number,
  reqKey?: IdempotencyScope,
): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const found = await readOrder(db, orderId);
    if (!found || found.buyer_id !== userId) throw new AppError('nft_order_not_found');
    if (found.status === 'paid') throw new AppError('nft_order_paid');
    if (found.status === 'expired' || (found.pay_deadline && nowMs >= found.pay_deadline.getTime()))
      throw new AppError('nft_order_expired');
    const key = keyToMark(reqKey, [userId]);
    const row = await submitPay(db, await payElement(db, found, nowMs, key));
    if (row.dup) throw new KeyTaken();
    if (row.refused === 'nft_stale') {
      // changed since read (a new owner, an edit): read again; the key was not used
      if (key) key.consumed = false;
      continue;
    }
    if (row.refused) throw new AppError(row.refused);
    return true;
  }
  throw new AppError('too_many_requests');
}

/** The order with its item, the item's creator and its coin's decimals: one round trip. */
function readOrder(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom('nft_orders as o')
    .innerJoin('nft_items as i', 'i.id', 'o.item_id')
    .leftJoin('nft_artists as a', 'a.id', 'i.artist_id')
    .leftJoin('currencies as c', 'c.id', 'i.currency_id')
    .select(['o.id', 'o.buyer_id', 'o.status', 'o.pay_deadline', 'o.price', 'o.item_id'])
    .select(['i.owner_id', 'i.royalty_rate', 'i.artist_id', 'i.currency_id'])
    .select(['a.user_id as creator_id', 'c.qty_decimals'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}

type OrderRead = NonNullable<Awaited<ReturnType<typeof readOrder>>>;

/** The payment's element: its parties and the fees as a sale at the order's price computes them. */
async function payElement(
  db: Kysely<Database>,
  o: OrderRead,
  nowMs: number,
  key: IdempotencyScope | undefined,
): Promise<PayElement> {
  const creator = o.creator_id ?? null;
  const seller = o.owner_id ?? creator;
  const resale = o.owner_id !== null;
  const fees = feesFor(o.price, o.qty_decimals ?? 8, o.royalty_rate, resale && creator !== null && creator !== seller);
  return {
    od: o.id,
    i: o.item_id,
    o: o.owner_id,
    p: new Decimal(o.price).toFixed(),
    rr: new Decimal(o.royalty_rate).toFixed(),
    ar: o.artist_id,
    c: o.currency_id,
    ac: NFT_ACCOUNT,
    b: o.buyer_id,
    s: seller,
    cr: creator,
    pl: await platformOf(db),
    at: new Date(nowMs).toISOString(),
    tot: fees.total,
    sg: fees.seller_gets,
    r: fees.royalty,
    f: fees.fee,
    ku: key?.userId ?? null,
    k: key?.key ?? null,
    ...(key?.claim ? { kc: key.claim.route, kw: key.claim.owner } : {}),
  };
}
