/**
 * The overnight fee (core overnightFee): once a day per position open at 00:00 UTC, never beyond
 * the available balance.
 */
import Decimal from 'decimal.js';
import { ACCOUNT_TYPES, overnightFee } from '../../../../core';
import { userLock, type TradeContext } from './context';
import { inTx } from './events';
import { contractOf, leverAvailable, type LeverRow } from './lever-view';
import { LEVER_QUOTE_ID } from './settings';
import { chargeOvernightOf } from './lever-risk-commit';
import { emitLeverBalance } from './lever-events';

const LEVER = ACCOUNT_TYPES.lever;

const DAY_MS = 86_400_000;
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Overnight fee: every position open at 00:00 UTC of `nowMs`'s day pays one day's fee
 * (core overnightFee) once. The (position, day) primary key of lever_overnight_charges is the
 * idempotency key: a re-run, a restart or a second process charges nothing more. The positions are
 * charged at once, on the ledger's group commit (lever-risk-commit.ts); a fee beyond the available
 * balance takes the transaction path, which takes what there is (the shortfall recorded as
 * `due − amount`).
 */
export async function chargeOvernight(ctx: TradeContext, nowMs: number): Promise<number> {
  const day = utcDay(nowMs);
  const dayStart = new Date(Math.floor(nowMs / DAY_MS) * DAY_MS);
  const rows = await ctx.db
    .selectFrom('lever_orders as o')
    .selectAll('o')
    .where('o.status', '=', 'position')
    .where('o.opened_at', '<', dayStart)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('lever_overnight_charges as c')
            .select('c.order_id')
            .whereRef('c.order_id', '=', 'o.id')
            .where('c.day', '=', day),
        ),
      ),
    )
    .execute();
  const done = await Promise.allSettled(rows.map((r) => chargeOneOvernight(ctx, r, day)));
  const failed = done.find((d) => d.status === 'rejected');
  if (failed) throw failed.reason;
  return done.filter((d) => d.status === 'fulfilled' && d.value).length;
}

/** One position's day: true when charged now. */
async function chargeOneOvernight(ctx: TradeContext, r: LeverRow, day: string): Promise<boolean> {
  const pair = ctx.settings.get(r.symbol);
  if (!pair) return false;
  const due = overnightFee(contractOf(r), pair.overnightRate, 1);
  return userLock(ctx, r.user_id, async () => {
    const done = await chargeOvernightOf(ctx.db, { row: r, day, due });
    if (done === 'fallback') return overnightInTx(ctx, r, day, due);
    if (done === 'dup' || done === 'not_open') return false;
    emitLeverBalance(ctx, r.user_id, done);
    return true;
  });
}

/** The day's fee in one transaction, taken from the available balance and never beyond it. */
function overnightInTx(ctx: TradeContext, r: LeverRow, day: string, due: string): Promise<boolean> {
  return inTx(ctx, async (trx, moves) => {
    const claimed = await trx
      .insertInto('lever_overnight_charges')
      .values({ order_id: r.id, day, amount: '0', due })
      .onConflict((oc) => oc.columns(['order_id', 'day']).doNothing())
      .returning('order_id')
      .executeTakeFirst();
    if (!claimed) return false;
    const still = await trx
      .selectFrom('lever_orders')
      .select('status')
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    if (still.status !== 'position') return false;
    const bal = await leverAvailable(trx, r.user_id);
    const amount = Decimal.min(due, bal.available);
    if (amount.gt(0))
      await moves.debit({
        userId: r.user_id,
        currencyId: LEVER_QUOTE_ID,
        type: LEVER,
        amount: amount.toFixed(),
        reason: 'lever_overnight_fee',
        ref: { type: 'lever_order', id: r.id },
      });
    await trx
      .updateTable('lever_overnight_charges')
      .set({ amount: amount.toFixed() })
      .where('order_id', '=', r.id)
      .where('day', '=', day)
      .execute();
    await trx
      .updateTable('lever_orders')
      .set((eb) => ({ overnight_fee: eb('overnight_fee', '+', amount.toFixed()) }))
      .where('id', '=', r.id)
      .execute();
    return true;
  });
}
