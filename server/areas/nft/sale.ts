/**
 * Fixed-price sales (buyNFT on pay_type 1) and resale (resellNFT). One transaction each: the item
 * row is locked first, then the parties' balance locks in id order; the buyer pays price + fee,
 * the seller gets price − royalty, the creator the royalty on a resale (on a first sale the
 * creator is the seller). Ownership moves with a guarded update, so an item is never sold twice.
 */
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type {} from './tables'; // the area's tables join Database there
import { credit, debit } from '../../db/ledger';
import { inTransaction, type Trx } from '../../db/tx';
import { lockUsers } from '../../db/user-locks';
import { AppError } from '../../errors';
import { currencyDecimals, parsePrice } from './money';
import { feesFor } from '../../../core';
import { BUYABLE, NFT_ACCOUNT, answered, checkWindow, creatorOf, lockItemByCode, type ItemRow } from './shared';
import { buyBox } from './boxes';

const DAY = 86_400_000;

/** buyNFT {code}: a fixed-price item or one box of a blind-box series; returns the order id. */
export async function buyNFT(db: Kysely<Database>, userId: number, code: string, nowMs: number): Promise<number> {
  return inTransaction(db, async (trx) => {
    const item = await lockItemByCode(trx, code);
    if (item.pay_type === 2) throw new AppError('nft_is_auction');
    checkWindow(item, nowMs);
    if (!item.on_sale || !(BUYABLE as readonly string[]).includes(item.listing)) throw new AppError('nft_not_on_sale');
    if (item.owner_id === userId) throw new AppError('nft_own_item');
    const orderId = item.pay_type === 3 ? await buyBox(trx, userId, item, nowMs) : await sellItem(trx, userId, item, item.price, nowMs, 'buy');
    return answered(trx, userId, orderId);
  });
}

/**
 * Moves the money of a sale at `price` and the item to the buyer (used by buyNFT and by paying a
 * won auction, whose margin the caller has already dealt with). Returns the order id.
 */
export async function sellItem(trx: Trx, buyerId: number, item: ItemRow, price: string, nowMs: number, kind: 'buy' | 'auction', orderId?: number): Promise<number> {
  const creator = await creatorOf(trx, item.artist_id);
  const resale = item.owner_id !== null;
  const seller = item.owner_id ?? creator;
  const fees = feesFor(price, await currencyDecimals(trx, item.currency_id), item.royalty_rate, resale && creator !== null && creator !== seller);
  await lockUsers(trx, [buyerId, ...(seller ? [seller] : []), ...(creator ? [creator] : [])]);
  let id = orderId;
  if (id === undefined) {
    const o = await trx
      .insertInto('nft_orders')
      .values({
        item_id: item.id, buyer_id: buyerId, seller_id: seller, kind: resale ? 'resale' : kind, currency_id: item.currency_id,
        price: fees.price, fee: fees.fee, royalty: fees.royalty, status: 'paid', created_at: new Date(nowMs), paid_at: new Date(nowMs), is_read: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = o.id;
  }
  const ref = { type: 'nft_order', id };
  await debit(trx, { userId: buyerId, currencyId: item.currency_id, type: NFT_ACCOUNT, amount: fees.total, reason: 'nft_buy', ref });
  if (seller && new Decimal(fees.seller_gets).gt(0)) {
    await credit(trx, { userId: seller, currencyId: item.currency_id, type: NFT_ACCOUNT, amount: fees.seller_gets, reason: 'nft_sale', ref });
  }
  if (creator && new Decimal(fees.royalty).gt(0)) {
    await credit(trx, { userId: creator, currencyId: item.currency_id, type: NFT_ACCOUNT, amount: fees.royalty, reason: 'nft_royalty', ref });
  }
  const moved = await trx
    .updateTable('nft_items')
    .set({ owner_id: buyerId, listing: 'not_for_sale', on_sale: false })
    .where('id', '=', item.id)
    .where('owner_id', 'is not distinct from', item.owner_id)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new AppError('nft_not_on_sale');
  return id;
}

/** a time field: unix seconds, unix ms or an ISO string; '' / missing → undefined */
export function parseTime(raw: unknown): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const s = String(raw).trim();
  if (/^\d{1,10}$/.test(s)) return Number(s) * 1000;
  if (/^\d{13}$/.test(s)) return Number(s);
  const t = Date.parse(s);
  if (Number.isNaN(t)) throw new AppError('param_error');
  return t;
}

/** resellNFT {code, price, start_time?, end_time?}: the owner lists the item; a resale cannot be undone. */
export async function resellNFT(db: Kysely<Database>, userId: number, input: { code: string; price: unknown; start_time?: unknown; end_time?: unknown }, nowMs: number): Promise<boolean> {
  const start = parseTime(input.start_time) ?? nowMs;
  const end = parseTime(input.end_time) ?? start + 30 * DAY;
  return inTransaction(db, async (trx) => {
    const item = await lockItemByCode(trx, input.code);
    if (item.owner_id !== userId) throw new AppError('nft_not_owner');
    if (item.listing !== 'not_for_sale' || item.auction_state === 'open' || item.auction_state === 'awaiting_payment') throw new AppError('nft_already_listed');
    const price = parsePrice(input.price, await currencyDecimals(trx, item.currency_id));
    if (end <= start) throw new AppError('nft_end_before_start');
    if (end <= nowMs) throw new AppError('nft_end_before_start');
    await trx
      .updateTable('nft_items')
      .set({
        listing: item.resold_count > 0 ? 'relisting' : 'reselling', resold_count: item.resold_count + 1, on_sale: true, pay_type: 1, price,
        start_at: new Date(start), end_at: new Date(end), original_end_at: new Date(end), current_bid: null, bidder_id: null, bid_count: 0, auction_state: 'none',
      })
      .where('id', '=', item.id)
      .execute();
    return answered(trx, userId, true);
  });
}
