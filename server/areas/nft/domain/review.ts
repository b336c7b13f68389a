/**
 * The resale review queue (spec notice: sales of collections, blind boxes and auctions need
 * official review). A holder's resellNFT is a submission — fixed price or auction, with its
 * price, per-bid increment, margin and window, checked as spec §5 says — that waits in
 * nft_reviews; the item stays "not for sale" until an operator approves it, which applies the
 * listing (an auction opens a new round), or rejects it with a reason the holder reads. A review
 * moves no money. A resale cannot be undone, so a pending submission cannot be withdrawn.
 */
import { scheduleAuctionEnd } from './settle';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type {} from '../tables'; // the area's tables join Database there
import { inTransaction, type Trx } from '../../../db/tx';
import type { IdempotencyScope } from '../../../db/idempotency-scope';
import { addNotice } from '../../../db/notices';
import { AppError } from '../../../errors';
import { currencyDecimals, parsePrice } from './money';
import { answered, lockItemByCode, lockItemById, type ItemRow } from './shared';

const DAY = 86_400_000;

export interface ListingInput {
  code: string;
  price: unknown;
  /** 1 fixed price (default), 2 auction */
  pay_type?: unknown;
  per_increase?: unknown;
  margin?: unknown;
  start_time?: unknown;
  end_time?: unknown;
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

/** the holder may list it: theirs, not listed, no auction of it running or awaiting payment */
function checkListable(item: ItemRow, userId: number): void {
  if (item.owner_id !== userId) throw new AppError('nft_not_owner');
  if (item.listing !== 'not_for_sale' || item.auction_state === 'open' || item.auction_state === 'awaiting_payment')
    throw new AppError('nft_already_listed');
}

/** resellNFT {code, price, pay_type?, per_increase?, margin?, start_time?, end_time?}: a submission for review; answers its id. */
export async function submitListing(
  db: Kysely<Database>,
  userId: number,
  input: ListingInput,
  nowMs: number,
  key?: IdempotencyScope,
): Promise<{ id: number; status: 'pending' }> {
  const payType = input.pay_type === undefined || input.pay_type === '' ? 1 : Number(input.pay_type);
  if (payType !== 1 && payType !== 2) throw new AppError('param_error');
  const start = parseTime(input.start_time) ?? nowMs;
  const end = parseTime(input.end_time) ?? start + (payType === 2 ? 7 : 30) * DAY;
  return inTransaction(
    db,
    async (trx) => {
      const item = await lockItemByCode(trx, input.code);
      checkListable(item, userId);
      const pending = await trx
        .selectFrom('nft_reviews')
        .select('id')
        .where('item_id', '=', item.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (pending) throw new AppError('nft_review_pending');
      const decimals = await currencyDecimals(trx, item.currency_id);
      const price = parsePrice(input.price, decimals);
      const perIncrease = payType === 2 ? parsePrice(input.per_increase, decimals, 'nft_increment_invalid') : '0';
      const rawMargin = input.margin === undefined || input.margin === null ? '' : String(input.margin).trim();
      const margin =
        payType === 2 && rawMargin !== '' && !/^0+(\.0+)?$/.test(rawMargin) ? parsePrice(rawMargin, decimals) : '0';
      if (end <= start || end <= nowMs) throw new AppError('nft_end_before_start');
      const r = await trx
        .insertInto('nft_reviews')
        .values({
          item_id: item.id,
          user_id: userId,
          pay_type: payType,
          price,
          per_increase: perIncrease,
          margin,
          start_at: new Date(start),
          end_at: new Date(end),
          created_at: new Date(nowMs),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return answered(trx, userId, { id: r.id, status: 'pending' as const });
    },
    { key },
  );
}

/**
 * An operator's decision on one pending submission (the caller logs the action in `trx`).
 * Approving applies the listing if the holder still holds the item unlisted and the window has
 * not ended; otherwise it is refused (nft_review_stale) and the operator rejects it instead.
 */
export async function reviewListing(
  trx: Trx,
  r: { id: number; operatorId: number; approve: boolean; reason: string; nowMs: number },
): Promise<{ userId: number; itemId: number; code: string }> {
  const sub = await trx.selectFrom('nft_reviews').selectAll().where('id', '=', r.id).forUpdate().executeTakeFirst();
  if (!sub) throw new AppError('nft_review_not_found');
  if (sub.status !== 'pending') throw new AppError('nft_review_done');
  const item = await lockItemById(trx, sub.item_id);
  if (r.approve) {
    if (
      item.owner_id !== sub.user_id ||
      item.listing !== 'not_for_sale' ||
      item.auction_state === 'open' ||
      item.auction_state === 'awaiting_payment' ||
      sub.end_at.getTime() <= r.nowMs
    ) {
      throw new AppError('nft_review_stale');
    }
    const auction = sub.pay_type === 2;
    await trx
      .updateTable('nft_items')
      .set({
        listing: item.resold_count > 0 ? 'relisting' : 'reselling',
        resold_count: item.resold_count + 1,
        on_sale: true,
        pay_type: sub.pay_type,
        price: sub.price,
        per_increase: sub.per_increase,
        margin: sub.margin,
        start_at: sub.start_at,
        end_at: sub.end_at,
        original_end_at: sub.end_at,
        current_bid: null,
        bidder_id: null,
        bid_count: 0,
        auction_state: auction ? 'open' : 'none',
        // a second auction of the same item is a new round (margins and the won order are per round)
        auction_round: auction && item.auction_state !== 'none' ? item.auction_round + 1 : item.auction_round,
      })
      .where('id', '=', item.id)
      .execute();
    if (auction) await scheduleAuctionEnd(trx, item.id, sub.end_at.getTime(), r.nowMs);
  }
  await trx
    .updateTable('nft_reviews')
    .set({
      status: r.approve ? 'approved' : 'rejected',
      reason: r.reason,
      reviewed_by: r.operatorId,
      reviewed_at: new Date(r.nowMs),
    })
    .where('id', '=', sub.id)
    .execute();
  await addNotice(trx, {
    userId: sub.user_id,
    kind: 'nft',
    ...(r.approve
      ? { title: 'notice_nft_listing_approved_title', body: 'notice_nft_listing_approved_body' }
      : { title: 'notice_nft_listing_rejected_title', body: 'notice_nft_listing_rejected_body' }),
    params: { name: item.title, reason: r.reason },
  });
  return { userId: sub.user_id, itemId: item.id, code: item.code };
}
