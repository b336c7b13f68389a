/**
 * The money of a leveraged position inside the caller's transaction, one formula each: what an
 * opening freezes and charges, what a close releases, credits or debits (a loss capped at the
 * available balance, the rest recorded as uncovered), and a position settled at a price. The group
 * commits' statements (lever-commit.ts, lever-limit-commit.ts, lever-risk-commit.ts) follow the
 * same rules in SQL.
 */
import { ACCOUNT_TYPES, ExactDecimal, positionPnl, type LeverCloseReason } from '../../../../core';
import type { TradeContext, Trx } from './context';
import type { Moves } from './events';
import { contractOf, type LeverRow } from './lever-view';
import { LEVER_QUOTE_ID } from './settings';
import type { TickRef } from './books';
import { recordTick } from './ticks';
import { canon } from '../../../kernel/decimal';

const LEVER = ACCOUNT_TYPES.lever;

/** A position's P&L closed at `price` (core positionPnl), exact. */
export function closingPnl(r: LeverRow, price: string) {
  // ExactDecimal: |P&L| − the balance taken (uncovered) can need more than decimal.js's default 20 digits
  return new ExactDecimal(positionPnl(contractOf(r), price));
}

/** Every move of a position: its user's lever account in USDT, referring to the order. */
function moveBase(r: LeverRow, at?: Date) {
  return { userId: r.user_id, currencyId: LEVER_QUOTE_ID, type: LEVER, ref: { type: 'lever_order', id: r.id }, at };
}

/**
 * The money of an opening, in the caller's transaction: the margin frozen and, when the position
 * opens now, the fee charged (a resting limit entry freezes its fee until it fills). `at` dates
 * the journal entries of a position written after the fact (the demo's seeded past).
 */
export async function openingMoves(moves: Moves, r: LeverRow, opensNow: boolean, at?: Date): Promise<void> {
  const base = moveBase(r, at);
  await moves.freeze({ ...base, amount: canon(r.margin), reason: 'lever_margin' });
  const fee = canon(r.fee);
  if (fee === '0') return;
  if (opensNow) await moves.debit({ ...base, amount: fee, reason: 'lever_fee' });
  else await moves.freeze({ ...base, amount: fee, reason: 'lever_fee_freeze' });
}

/**
 * The money of a close at `price`, in the caller's transaction: the margin released, the P&L
 * credited, or a loss debited up to the available balance (the rest is the uncovered loss).
 * Returns the realised profit and the uncovered loss to store on the position.
 */
export async function closingMoves(
  moves: Moves,
  r: LeverRow,
  price: string,
  at?: Date,
): Promise<{ profit: string; uncovered_loss: string }> {
  const base = moveBase(r, at);
  const after = await moves.unfreeze({ ...base, amount: canon(r.margin), reason: 'lever_margin_release' });
  const pnl = closingPnl(r, price);
  let realised = pnl;
  let uncovered = new ExactDecimal(0);
  if (pnl.gt(0)) await moves.credit({ ...base, amount: pnl.toFixed(), reason: 'lever_profit' });
  else if (pnl.lt(0)) {
    const loss = ExactDecimal.min(pnl.neg(), after.available);
    if (loss.gt(0)) await moves.debit({ ...base, amount: loss.toFixed(), reason: 'lever_loss' });
    realised = loss.neg();
    uncovered = pnl.neg().minus(loss);
  }
  return { profit: realised.toFixed(), uncovered_loss: uncovered.toFixed() };
}

/** Settles one open position at `price` inside the caller's transaction; null if it is no longer open. */
export async function settleClose(
  trx: Trx,
  moves: Moves,
  ctx: TradeContext,
  id: number,
  at: TickRef | { price: string; seq: null },
  reason: LeverCloseReason,
  liq?: { rate: string; line: string; available: string; group: number },
): Promise<LeverRow | null> {
  const price = at.price;
  const r = await trx
    .updateTable('lever_orders')
    // a forced close keeps the risk rate and the line that decided it (the proof)
    .set({
      status: 'closed',
      close_price: price,
      close_seq: at.seq,
      close_reason: reason,
      closed_at: new Date(ctx.now()),
      ...(liq
        ? { liq_risk_rate: liq.rate, liq_line: liq.line, liq_available: liq.available, liq_group: liq.group }
        : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'position')
    .returningAll()
    .executeTakeFirst();
  if (!r) return null;
  if (at.seq !== null) await recordTick(trx, r.symbol, at); // the closing tick, on record with the close
  const settled = await closingMoves(moves, r, price);
  return trx.updateTable('lever_orders').set(settled).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
