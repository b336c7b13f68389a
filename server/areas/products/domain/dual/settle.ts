/**
 * Dual-invest settlement at maturity, in two committed steps so each state the spec names is real:
 *  1. purchased → settling: the feed's price at the maturity instant is recorded (settle_price);
 *  2. settling → success: spec §9's formula (core settleDualOrder) pays base or quote via the ledger.
 * Each step is a conditional status update in the same transaction as its ledger entry, so a run
 * that stops anywhere (crash, restart) resumes without paying twice: a settling order keeps the
 * price it recorded, a success order is never touched again.
 * No price at all for the maturity instant (none recorded, no candle) for 10 minutes → fail and
 * the amount is refunded. Each order's maturity is a durable job (settleDualJob, enqueued by the
 * purchase); settleDueDual is the start-up sweep's.
 */
import type { Kysely } from 'kysely';
import { settleDualOrder } from '../../../../../core';
import type { Database } from '../../../../db/schema';
import { credit } from '../../../../db/ledger';
import { dualSymbol } from './products';
import { PRODUCT_ACCOUNT, currencyNames, type AfterCommit } from './shared';
import { inTransaction } from '../../../../db/tx';
import { enqueueDualSettle } from '../queue';

/** What settled an order: a feed tick (seq) or, with seq null, the 1-minute candle opening at ts. */
export interface SettleMark {
  price: string;
  seq: number | null;
  ts: number;
}

/** The last traded price at or before an instant, or undefined when it is not known. */
export interface PriceAt {
  priceAt(symbol: string, atMs: number): Promise<SettleMark | undefined>;
}

const NO_PRICE_GRACE_MS = 10 * 60_000;

/** purchased → settling with the deciding tick, which goes on record (market_ticks) in the same transaction. */
async function markSettling(db: Kysely<Database>, orderId: number, symbol: string, mark: SettleMark): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const r = await trx
      .updateTable('dual_orders')
      .set({
        status: 'settling',
        settle_price: mark.price,
        settle_symbol: symbol,
        settle_seq: mark.seq,
        settle_ts: mark.ts,
      })
      .where('id', '=', orderId)
      .where('status', '=', 'purchased')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    if (mark.seq !== null) {
      await trx
        .insertInto('market_ticks')
        .values({ symbol, seq: mark.seq, price: mark.price, ts: mark.ts })
        .onConflict((oc) => oc.columns(['symbol', 'seq']).doNothing())
        .execute();
    }
    return true;
  });
}

async function payOut(db: Kysely<Database>, orderId: number, nowMs: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const o = await trx
      .selectFrom('dual_orders')
      .selectAll()
      .where('id', '=', orderId)
      .where('status', '=', 'settling')
      .forUpdate()
      .executeTakeFirst();
    if (!o || o.settle_price === null) return false;
    const payout = settleDualOrder({
      type: o.type,
      amount: o.amount,
      linkedPrice: o.linked_price,
      settlePrice: o.settle_price,
      apr: o.apr,
      days: o.days,
    });
    const currencyId = payout.currency === 'base' ? o.currency_id : o.quote_id;
    await trx
      .updateTable('dual_orders')
      .set({
        status: 'success',
        payout_currency_id: currencyId,
        payout_amount: payout.amount,
        settled_at: new Date(nowMs),
      })
      .where('id', '=', o.id)
      .where('status', '=', 'settling')
      .execute();
    if (payout.amount !== '0')
      await credit(trx, {
        userId: o.user_id,
        currencyId,
        type: PRODUCT_ACCOUNT,
        amount: payout.amount,
        reason: 'dual_payout',
        ref: { type: 'dual_order', id: o.id },
      });
    return true;
  });
}

async function failAndRefund(db: Kysely<Database>, orderId: number, nowMs: number, reason: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const o = await trx
      .updateTable('dual_orders')
      .set({ status: 'fail', fail_reason: reason, settled_at: new Date(nowMs) })
      .where('id', '=', orderId)
      .where('status', '=', 'purchased')
      .returning(['user_id', 'invest_currency_id', 'amount'])
      .executeTakeFirst();
    if (!o) return false;
    await credit(trx, {
      userId: o.user_id,
      currencyId: o.invest_currency_id,
      type: PRODUCT_ACCOUNT,
      amount: o.amount,
      reason: 'dual_refund',
      ref: { type: 'dual_order', id: orderId },
    });
    return true;
  });
}

type DueOrder = { id: number; status: string; currency_id: number; quote_id: number; maturity_at: Date };

/** One matured order, both steps: 'done' when it reached success or fail, 'waiting' for a price, 'gone' when another run got there. */
async function settleOrder(
  db: Kysely<Database>,
  prices: PriceAt,
  o: DueOrder,
  names: Map<number, string>,
  nowMs: number,
  afterCommit?: AfterCommit,
): Promise<'done' | 'waiting' | 'gone'> {
  if (o.status === 'purchased') {
    const at = o.maturity_at.getTime();
    const symbol = dualSymbol(names.get(o.currency_id) ?? '', names.get(o.quote_id) ?? '');
    const mark = await prices.priceAt(symbol, at);
    if (mark === undefined) {
      const late = nowMs - at >= NO_PRICE_GRACE_MS;
      const failed = late && (await failAndRefund(db, o.id, nowMs, 'no_price'));
      afterCommit?.('dual_fail', o.id);
      return failed ? 'done' : late ? 'gone' : 'waiting';
    }
    await markSettling(db, o.id, symbol, mark);
    afterCommit?.('dual_settling', o.id);
  }
  const paid = await payOut(db, o.id, nowMs);
  afterCommit?.('dual_success', o.id);
  return paid ? 'done' : 'gone';
}

/** Settles every order whose maturity is at or before nowMs. Returns how many reached success or fail. */
export async function settleDueDual(
  db: Kysely<Database>,
  prices: PriceAt,
  nowMs: number,
  afterCommit?: AfterCommit,
): Promise<number> {
  const due = await db
    .selectFrom('dual_orders')
    .select(['id', 'status', 'currency_id', 'quote_id', 'maturity_at'])
    .where('status', 'in', ['purchased', 'settling'])
    .where('maturity_at', '<=', new Date(nowMs))
    .orderBy('maturity_at')
    .limit(200)
    .execute();
  const names = await currencyNames(
    db,
    due.flatMap((o) => [o.currency_id, o.quote_id]),
  );
  let done = 0;
  for (const o of due) if ((await settleOrder(db, prices, o, names, nowMs, afterCommit)) === 'done') done++;
  return done;
}

/** while no price is known for a matured order, its job looks again this often (until the grace ends) */
const NO_PRICE_RETRY_MS = 15_000;

/**
 * The maturity job of one order (areas/products/domain/queue.ts): settles it if it has matured on
 * the products' clock; a job that came early, or finds no price yet, enqueues its next look.
 */
export async function settleDualJob(
  db: Kysely<Database>,
  prices: PriceAt,
  orderId: number,
  nowMs: number,
): Promise<'done' | 'early' | 'waiting' | 'gone'> {
  const o = await db
    .selectFrom('dual_orders')
    .select(['id', 'status', 'currency_id', 'quote_id', 'maturity_at'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!o || (o.status !== 'purchased' && o.status !== 'settling')) return 'gone';
  const at = o.maturity_at.getTime();
  if (at > nowMs) {
    await enqueueDualSettle(db, o.id, at, nowMs);
    return 'early';
  }
  const r = await settleOrder(db, prices, o, await currencyNames(db, [o.currency_id, o.quote_id]), nowMs);
  if (r === 'waiting')
    await enqueueDualSettle(db, o.id, Math.min(nowMs + NO_PRICE_RETRY_MS, at + NO_PRICE_GRACE_MS), nowMs);
  return r;
}
