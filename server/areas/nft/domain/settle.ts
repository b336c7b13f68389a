/**
 * The NFT timers, settled by the job (jobs.ts) from durable rows, each exactly once:
 * - an auction past its end (auction_state 'open', end_at ≤ now): the winner gets an order due
 *   within NFT_RULES.payWindowMs of the end; every other margin is refunded at once; no bid → all
 *   refunded, unsold;
 * - a won order past its deadline (status 'awaiting_payment'): expired, the winner's margin is
 *   forfeited (spent from frozen), the item stays with its seller.
 * Each unit re-reads and re-checks its row under lock, so a restart or a second runner only ever
 * finds work that is still due. A settled auction's bidders are told after its commit (notices.ts).
 */
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import { NFT_RULES } from '../../../../core';
import type { Database } from '../../../db/schema';
import type {} from '../tables'; // the area's tables join Database there
import { settleFrozen, unfreeze } from '../../../db/ledger';
import { creditPlatform, platformUserId } from '../../../db/platform';
import { inTransaction, type Trx } from '../../../db/tx';
import { lockUsers } from '../../../db/user-locks';
import { enqueueInTx, runAtFor } from '../../../db/jobs';
import { currencyDecimals } from './money';
import { feesFor } from '../../../../core';
import { NFT_ACCOUNT, creatorOf, lockItemById, type ItemRow } from './shared';
import { inboxNotes, lotOf, refundNote, wonNote, type Lot, type NftNote, type NftNotify } from '../notices';

/** The durable jobs: an auction's end and a won order's payment deadline, one pending job per item / order. */
export const NFT_AUCTION_END = 'nft.auction_end';
export const NFT_PAY_DEADLINE = 'nft.pay_deadline';
export const auctionEndKey = (itemId: number) => `nft.auction_end:${itemId}`;
export const payDeadlineKey = (orderId: number) => `nft.pay_deadline:${orderId}`;

/**
 * (Re)schedules an open auction's end, in the transaction that opens or moves it. `nowMs`: the
 * rules' clock where the caller has one (then the job runs that long from now); without it, at the
 * end itself (the same instant in production).
 */
export async function scheduleAuctionEnd(
  trx: Trx | Kysely<Database>,
  itemId: number,
  endMs: number,
  nowMs?: number,
): Promise<void> {
  await enqueueInTx(
    trx,
    NFT_AUCTION_END,
    { id: itemId },
    { jobKey: auctionEndKey(itemId), runAt: nowMs === undefined ? new Date(endMs) : runAtFor(endMs, nowMs) },
  );
}

/** Test hook: called after each unit commits; throwing stops the run there (a "crash"). */
export type AfterCommit = (kind: string, id: number) => void;

/** Refunds every held margin of the item but the winner's; returns the notes for the refunded ones worth telling (a zero margin is not). */
async function refundMargins(
  trx: Trx,
  item: ItemRow,
  lot: Lot,
  exceptUser: number | null,
  nowMs: number,
): Promise<NftNote[]> {
  const held = await trx
    .selectFrom('nft_margins')
    .selectAll()
    .where('item_id', '=', item.id)
    .where('status', '=', 'held')
    .orderBy('user_id')
    .execute();
  const refund = held.filter((m) => m.user_id !== exceptUser);
  await lockUsers(
    trx,
    refund.map((m) => m.user_id),
  );
  const notes: NftNote[] = [];
  for (const m of refund) {
    if (new Decimal(m.amount).gt(0)) {
      await unfreeze(trx, {
        userId: m.user_id,
        currencyId: item.currency_id,
        type: NFT_ACCOUNT,
        amount: new Decimal(m.amount).toFixed(),
        reason: 'nft_margin_refund',
        ref: { type: 'nft_margin', id: m.id },
      });
      notes.push(refundNote(m.user_id, lot, m.id, m.amount));
    }
    await trx
      .updateTable('nft_margins')
      .set({ status: 'refunded', settled_at: new Date(nowMs) })
      .where('id', '=', m.id)
      .execute();
  }
  return notes;
}

export type Outcome = 'done' | 'early' | 'gone';

/**
 * Settles one auction past its end, once (its row locked and re-checked); an early job is moved to
 * the end. After the commit the winner hears what to pay and the others that their margin is back;
 * a run that finds it settled already ('gone') tells no one.
 */
export async function settleAuction(
  db: Kysely<Database>,
  itemId: number,
  nowMs: number,
  notify: NftNotify,
): Promise<Outcome> {
  const { outcome, notes } = await inTransaction(db, async (trx): Promise<{ outcome: Outcome; notes: NftNote[] }> => {
    const item = await lockItemById(trx, itemId);
    if (item.auction_state !== 'open') return { outcome: 'gone', notes: [] }; // settled already
    const endMs = new Date(item.end_at).getTime();
    if (endMs > nowMs) {
      await scheduleAuctionEnd(trx, item.id, endMs, nowMs); // extended, or the job came early
      return { outcome: 'early', notes: [] };
    }
    const lot = await lotOf(trx, item);
    const notes: NftNote[] = [];
    const winner = item.bidder_id;
    if (winner !== null && item.current_bid !== null)
      notes.push(await awardWinner(trx, item, { winner, bid: item.current_bid, lot }, nowMs));
    notes.push(...(await refundMargins(trx, item, lot, winner, nowMs)));
    await inboxNotes(trx, notes);
    await trx
      .updateTable('nft_items')
      .set({ auction_state: winner !== null ? 'awaiting_payment' : 'unsold', on_sale: false })
      .where('id', '=', item.id)
      .execute();
    return { outcome: 'done', notes };
  });
  if (notes.length) await notify(notes);
  return outcome;
}

/**
 * The winner's side of a settled auction: an order for the winning bid (fees and royalty as at a
 * sale), due within NFT_RULES.payWindowMs of the end, its deadline job, and the note telling them.
 */
async function awardWinner(
  trx: Trx,
  item: ItemRow,
  { winner, bid, lot }: { winner: number; bid: string; lot: Lot },
  nowMs: number,
): Promise<NftNote> {
  const creator = await creatorOf(trx, item.artist_id);
  const seller = item.owner_id ?? creator;
  const fees = feesFor(
    bid,
    await currencyDecimals(trx, item.currency_id),
    item.royalty_rate,
    item.owner_id !== null && creator !== null && creator !== seller,
  );
  const m = await trx
    .selectFrom('nft_margins')
    .select('amount')
    .where('item_id', '=', item.id)
    .where('round', '=', item.auction_round)
    .where('user_id', '=', winner)
    .executeTakeFirstOrThrow();
  const deadline = new Date(item.end_at).getTime() + NFT_RULES.payWindowMs;
  const order = await trx
    .insertInto('nft_orders')
    .values({
      item_id: item.id,
      buyer_id: winner,
      seller_id: seller,
      kind: 'auction',
      currency_id: item.currency_id,
      price: fees.price,
      fee: fees.fee,
      royalty: fees.royalty,
      margin: m.amount,
      status: 'awaiting_payment',
      pay_deadline: new Date(new Date(item.end_at).getTime() + NFT_RULES.payWindowMs),
      auction_end_at: new Date(item.end_at),
      round: item.auction_round,
      created_at: new Date(nowMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueueInTx(
    trx,
    NFT_PAY_DEADLINE,
    { id: order.id },
    { jobKey: payDeadlineKey(order.id), runAt: runAtFor(deadline, nowMs) },
  );
  return wonNote(
    winner,
    lot,
    order.id,
    { price: fees.price, total: fees.total, margin: m.amount, deadlineMs: deadline },
    nowMs,
  );
}

/** Expires one won order unpaid at its deadline, once; an early job is moved to the deadline. */
export async function expireOrder(db: Kysely<Database>, orderId: number, nowMs: number): Promise<Outcome> {
  return inTransaction(db, async (trx) => {
    const o = await trx.selectFrom('nft_orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
    if (!o || o.status !== 'awaiting_payment' || !o.pay_deadline) return 'gone';
    if (o.pay_deadline.getTime() > nowMs) {
      await enqueueInTx(
        trx,
        NFT_PAY_DEADLINE,
        { id: o.id },
        { jobKey: payDeadlineKey(o.id), runAt: runAtFor(o.pay_deadline.getTime(), nowMs) },
      );
      return 'early';
    }
    const item = await lockItemById(trx, o.item_id);
    const m = await trx
      .selectFrom('nft_margins')
      .selectAll()
      .where('item_id', '=', item.id)
      .where('round', '=', o.round)
      .where('user_id', '=', o.buyer_id)
      .forUpdate()
      .executeTakeFirst();
    if (m && m.status === 'held') {
      if (new Decimal(m.amount).gt(0)) {
        // the forfeited margin leaves the winner's frozen balance for the platform's account
        const forfeit = {
          currencyId: item.currency_id,
          type: NFT_ACCOUNT,
          amount: new Decimal(m.amount).toFixed(),
          reason: 'nft_margin_forfeit',
          ref: { type: 'nft_margin', id: m.id },
        };
        await lockUsers(trx, [m.user_id, await platformUserId(trx)]);
        await settleFrozen(trx, { ...forfeit, userId: m.user_id });
        await creditPlatform(trx, forfeit);
      }
      await trx
        .updateTable('nft_margins')
        .set({ status: 'forfeited', settled_at: new Date(nowMs) })
        .where('id', '=', m.id)
        .execute();
    }
    await trx.updateTable('nft_orders').set({ status: 'expired', is_read: false }).where('id', '=', o.id).execute();
    await trx
      .updateTable('nft_items')
      .set({ auction_state: 'expired', on_sale: false })
      .where('id', '=', item.id)
      .execute();
    return 'done';
  });
}

/** The sweep (at start, and the tests' runOnce): every due unit, for rows from before the job queue; returns how many it settled. */
export async function settleDue(
  db: Kysely<Database>,
  nowMs: number,
  notify: NftNotify,
  afterCommit?: AfterCommit,
): Promise<{ auctions: number; expired: number }> {
  const now = new Date(nowMs);
  let auctions = 0;
  let expired = 0;
  const due = await db
    .selectFrom('nft_items')
    .select('id')
    .where('auction_state', '=', 'open')
    .where('end_at', '<=', now)
    .orderBy('id')
    .execute();
  for (const d of due) {
    if ((await settleAuction(db, d.id, nowMs, notify)) === 'done') {
      auctions++;
      afterCommit?.('nft_auction', d.id);
    }
  }
  const late = await db
    .selectFrom('nft_orders')
    .select('id')
    .where('status', '=', 'awaiting_payment')
    .where('pay_deadline', '<=', now)
    .orderBy('id')
    .execute();
  for (const d of late) {
    if ((await expireOrder(db, d.id, nowMs)) === 'done') {
      expired++;
      afterCommit?.('nft_expire', d.id);
    }
  }
  return { auctions, expired };
}
