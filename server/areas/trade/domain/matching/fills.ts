/**
 * Writing fills inside a matching transaction: a fill row per side (taker, maker) with the book
 * seq it used, the ledger moves it causes (collected in a MoveList, journaled against the fill)
 * and the order row brought up to date. Resting (maker) orders are re-read FOR UPDATE, so a stale
 * in-memory book can never fill more than an order's remainder.
 */
import { ACCOUNT_TYPES, ExactDecimal } from '../../../../../core';
import type { Selectable } from 'kysely';
import type { SpotOrdersTable } from '../../tables';
import type { Trx } from '../context';
import type { PairSettings } from '../settings';
import { buyFrozen, fillFee } from './fees';
import type { MoveList } from './moves';
import { vwap } from './walk';

export type SpotRow = Selectable<SpotOrdersTable>;
const CHANGE = ACCOUNT_TYPES.change;
const D = (v: string | number) => new ExactDecimal(v);

export interface FillCtx {
  trx: Trx;
  list: MoveList;
  pair: PairSettings;
  bookSeq: number;
  now: Date;
  /** the venue tick that crossed a resting order into this fill (cross runs, restart replay) */
  tickSeq?: number;
}

async function insertFill(
  c: FillCtx,
  r: SpotRow,
  role: 'taker' | 'maker',
  price: string,
  qty: string,
  total: string,
  fee: string,
  counter: number | null,
): Promise<{ type: string; id: number }> {
  const f = await c.trx
    .insertInto('spot_fills')
    .values({
      order_id: r.id,
      user_id: r.user_id,
      symbol: r.symbol,
      side: r.side,
      role,
      price,
      qty,
      total,
      fee,
      book_seq: c.bookSeq,
      tick_seq: c.tickSeq ?? null,
      counter_order_id: counter,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { type: 'spot_fill', id: f.id };
}

/** The order's running figures after a fill of qty at price with that fee. */
function progressed(r: SpotRow, qty: string, total: string, fee: string) {
  const filled = D(r.filled).plus(qty);
  const sum = D(r.total ?? '0').plus(total);
  return {
    filled: filled.toFixed(),
    total: sum.toFixed(),
    fee: D(r.fee).plus(fee).toFixed(),
    fill_price: vwap({ filled: filled.toFixed(), total: sum.toFixed() }),
    done: filled.gte(r.amount),
  };
}

/** A taker's fill (not frozen funds: paid from / to available). Returns the row's new figures. */
export async function takerFill(
  c: FillCtx,
  r: SpotRow,
  price: string,
  qty: string,
  counter: number | null,
): Promise<SpotRow> {
  const f = fillFee(r.total ?? '0', price, qty, r.fee_rate);
  const ref = await insertFill(c, r, 'taker', price, qty, f.total, f.fee, counter);
  const { pair } = c;
  const u = { userId: r.user_id, type: CHANGE, ref };
  if (r.side === 'buy') {
    c.list.add('debit', {
      ...u,
      currencyId: pair.legalId,
      amount: D(f.total).plus(f.fee).toFixed(),
      reason: 'spot_buy',
    });
    c.list.add('credit', { ...u, currencyId: pair.currencyId, amount: qty, reason: 'spot_buy' });
  } else {
    c.list.add('debit', { ...u, currencyId: pair.currencyId, amount: qty, reason: 'spot_sell' });
    c.list.add('credit', {
      ...u,
      currencyId: pair.legalId,
      amount: D(f.total).minus(f.fee).toFixed(),
      reason: 'spot_sell',
    });
  }
  const p = progressed(r, qty, f.total, f.fee);
  return { ...r, filled: p.filled, total: p.total, fee: p.fee, fill_price: p.fill_price, fill_seq: c.bookSeq };
}

/** A resting order's fill at its own price, paid from its frozen funds; the row is updated. */
export async function makerFill(c: FillCtx, id: number, qty: string, counter: number | null): Promise<SpotRow> {
  const r = await c.trx.selectFrom('spot_orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!r || (r.status !== 'open' && r.status !== 'partially_filled'))
    throw new Error(`resting order ${id} is not open`);
  const left = D(r.amount).minus(r.filled).minus(qty);
  if (left.lt(0)) throw new Error(`resting order ${id} has less than ${qty} left`);
  const price = D(r.target_price as string).toFixed();
  const { pair } = c;
  let total: string;
  let fee: string;
  let frozen: string;
  if (r.side === 'buy') {
    frozen = buyFrozen(left.toFixed(), price, r.fee_rate);
    const spend = D(r.frozen).minus(frozen);
    total = D(price).times(qty).toFixed();
    fee = spend.minus(total).toFixed();
    const ref = await insertFill(c, r, 'maker', price, qty, total, fee, counter);
    c.list.add('settleFrozen', {
      userId: r.user_id,
      currencyId: pair.legalId,
      type: CHANGE,
      amount: spend.toFixed(),
      reason: 'spot_buy',
      ref,
    });
    c.list.add('credit', {
      userId: r.user_id,
      currencyId: pair.currencyId,
      type: CHANGE,
      amount: qty,
      reason: 'spot_buy',
      ref,
    });
  } else {
    const f = fillFee(r.total ?? '0', price, qty, r.fee_rate);
    total = f.total;
    fee = f.fee;
    frozen = left.toFixed();
    const ref = await insertFill(c, r, 'maker', price, qty, total, fee, counter);
    c.list.add('settleFrozen', {
      userId: r.user_id,
      currencyId: pair.currencyId,
      type: CHANGE,
      amount: qty,
      reason: 'spot_sell',
      ref,
    });
    c.list.add('credit', {
      userId: r.user_id,
      currencyId: pair.legalId,
      type: CHANGE,
      amount: D(total).minus(fee).toFixed(),
      reason: 'spot_sell',
      ref,
    });
  }
  const p = progressed(r, qty, total, fee);
  return c.trx
    .updateTable('spot_orders')
    .set({
      filled: p.filled,
      total: p.total,
      fee: p.fee,
      fill_price: p.fill_price,
      fill_seq: c.bookSeq,
      frozen,
      status: p.done ? 'filled' : 'partially_filled',
      filled_at: p.done ? c.now : null,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Self-trade prevention (EXPIRE_MAKER) and user cancels: the remainder is cancelled, its funds unfrozen. */
export async function cancelResting(c: Omit<FillCtx, 'bookSeq'>, id: number, reason: string): Promise<SpotRow | null> {
  const r = await c.trx.selectFrom('spot_orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!r || (r.status !== 'open' && r.status !== 'partially_filled')) return null;
  const { pair } = c;
  c.list.add('unfreeze', {
    userId: r.user_id,
    currencyId: r.side === 'buy' ? pair.legalId : pair.currencyId,
    type: CHANGE,
    amount: D(r.frozen).toFixed(),
    reason,
    ref: { type: 'spot_order', id },
  });
  return c.trx
    .updateTable('spot_orders')
    .set({ status: 'cancelled', cancelled_at: c.now, frozen: '0' })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
