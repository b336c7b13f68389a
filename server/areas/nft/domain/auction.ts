/**
 * Auctions (spec §4, §5, §9). marginNFT freezes the item's margin (one per bidder and item);
 * auctionNFT {code, price} bids `price` above the current bid (before the first bid: above the
 * starting price), at least the per-bid increment; a bid in the last minutes moves the end
 * (soft close, capped at the original end + NFT_RULES.softCloseCapMs) and tells the bidder it
 * displaced (notices.ts). payNFTOrder pays a won auction within its deadline: price + fee
 * debited, the margin unfrozen, seller and creator paid.
 */
import { scheduleAuctionEnd } from './settle';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type {} from '../tables'; // the area's tables join Database there
import { freeze } from '../../../db/ledger';
import { inTransaction } from '../../../db/tx';
import type { IdempotencyScope } from '../../../db/idempotency-scope';
import { AppError } from '../../../errors';
import { currencyDecimals, parsePrice } from './money';
import { extendedEnd, minBid } from '../../../../core';
import { NFT_ACCOUNT, answered, checkWindow, lockItemByCode, type ItemRow } from './shared';
import { payWonOrder } from './pay';
import { inboxNotes, lotOf, outbidNote, type NftNote, type NftNotify } from '../notices';

function openAuction(item: ItemRow, userId: number, nowMs: number): void {
  if (item.pay_type !== 2) throw new AppError('nft_not_auction');
  checkWindow(item, nowMs);
  if (item.auction_state !== 'open') throw new AppError('nft_ended');
  if (item.owner_id === userId) throw new AppError('nft_own_item');
}

/** marginNFT {code}: freezes the margin that lets the caller bid. */
export async function marginNFT(
  db: Kysely<Database>,
  userId: number,
  code: string,
  nowMs: number,
  key?: IdempotencyScope,
): Promise<boolean> {
  return inTransaction(
    db,
    async (trx) => {
      const item = await lockItemByCode(trx, code);
      openAuction(item, userId, nowMs);
      const had = await trx
        .selectFrom('nft_margins')
        .select('id')
        .where('item_id', '=', item.id)
        .where('round', '=', item.auction_round)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (had) throw new AppError('nft_margin_paid');
      const m = await trx
        .insertInto('nft_margins')
        .values({ item_id: item.id, round: item.auction_round, user_id: userId, amount: item.margin, status: 'held' })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (new Decimal(item.margin).gt(0)) {
        await freeze(trx, {
          userId,
          currencyId: item.currency_id,
          type: NFT_ACCOUNT,
          amount: new Decimal(item.margin).toFixed(),
          reason: 'nft_margin',
          ref: { type: 'nft_margin', id: m.id },
        });
      }
      return answered(trx, userId, true);
    },
    { key },
  );
}

export interface BidOptions {
  /** the server's soft-close window (NFT_SOFT_CLOSE_SECONDS); core's default without it */
  softCloseMs?: number;
  /** after commit: the outbid notice to the previous highest bidder */
  notify?: NftNotify;
}

/**
 * auctionNFT {code, price}: `price` is the raise; returns the new bid and the (maybe extended) end.
 * The previous highest bidder hears it after the commit. A replay of the same idempotent request
 * never gets here (the route answers it from the stored answer), so it tells no one twice.
 */
export async function auctionNFT(
  db: Kysely<Database>,
  userId: number,
  input: { code: string; price: unknown },
  nowMs: number,
  opts: BidOptions = {},
  key?: IdempotencyScope,
): Promise<{ bid: string; end_time: string; extended: boolean }> {
  const { answer, notes } = await inTransaction(
    db,
    async (trx) => {
      const item = await lockItemByCode(trx, input.code);
      openAuction(item, userId, nowMs);
      const margin = await trx
        .selectFrom('nft_margins')
        .select('status')
        .where('item_id', '=', item.id)
        .where('round', '=', item.auction_round)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (margin?.status !== 'held')
        throw new AppError('nft_margin_required', { margin: new Decimal(item.margin).toFixed() });
      if (item.bidder_id === userId) throw new AppError('nft_already_highest');
      const raise = parsePrice(input.price, await currencyDecimals(trx, item.currency_id));
      const base = new Decimal(item.current_bid ?? item.price);
      const min = minBid(item);
      const bid = base.plus(raise);
      if (new Decimal(raise).lt(item.per_increase) || bid.lte(base) || bid.lt(min))
        throw new AppError('nft_bid_too_low', { min });
      const endMs = new Date(item.end_at).getTime();
      const newEnd = extendedEnd(endMs, new Date(item.original_end_at).getTime(), nowMs, opts.softCloseMs);
      const placed = await trx
        .insertInto('nft_bids')
        .values({ item_id: item.id, user_id: userId, price: bid.toFixed(), created_at: new Date(nowMs) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('nft_items')
        .set({ current_bid: bid.toFixed(), bidder_id: userId, bid_count: item.bid_count + 1, end_at: new Date(newEnd) })
        .where('id', '=', item.id)
        .execute();
      if (newEnd !== endMs) await scheduleAuctionEnd(trx, item.id, newEnd, nowMs);
      const notes: NftNote[] = [];
      if (item.bidder_id !== null && item.bidder_id !== userId) {
        const next = minBid({ ...item, current_bid: bid.toFixed() });
        notes.push(outbidNote(item.bidder_id, await lotOf(trx, item), placed.id, bid.toFixed(), next));
      }
      await inboxNotes(trx, notes);
      const answer = await answered(trx, userId, {
        bid: bid.toFixed(),
        end_time: new Date(newEnd).toISOString(),
        extended: newEnd !== endMs,
      });
      return { answer, notes };
    },
    { key },
  );
  if (notes.length) await opts.notify?.(notes);
  return answer;
}

/**
 * payNFTOrder {id}: the winner pays the final price + fee before the deadline; the margin comes
 * back. One payment of the payments' group commit (pay.ts).
 */
export function payNFTOrder(
  db: Kysely<Database>,
  userId: number,
  orderId: number,
  nowMs: number,
  key?: IdempotencyScope,
): Promise<boolean> {
  return payWonOrder(db, userId, orderId, nowMs, key);
}

/** readNFTOrderMessage {id}: marks the caller's order message read. */
export async function readOrderMessage(db: Kysely<Database>, userId: number, orderId: number): Promise<void> {
  const r = await db
    .updateTable('nft_orders')
    .set({ is_read: true })
    .where('id', '=', orderId)
    .where('buyer_id', '=', userId)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new AppError('nft_order_not_found');
}
