/**
 * Closing a leveraged position: by the user at the feed's price, by TP/SL at the triggering tick, or
 * all at once (batch); withdrawing an entrusted entry; moving its TP/SL. Closing unfreezes the margin
 * and settles the P&L (lever-moves.ts): a loss is taken from the available balance and never beyond
 * it, what a gap would leave unpaid is recorded as `uncovered_loss` (absorbed by the platform).
 */
import { ACCOUNT_TYPES, ExactDecimal, type LeverCloseReason, type LeverPosition } from '../../../../core';
import { AppError } from '../../../errors';
import { currentPrice, userLock, type TradeContext } from './context';
import { inTx, notice, positionChanged } from './events';
import type { IdempotencyScope } from '../../../db/idempotency-scope';
import { accountView, type LeverRow } from './lever-view';
import { LEVER_QUOTE_ID } from './settings';
import type { TickRef } from './books';
import { closeAtPrice } from './lever-commit';
import { canon, shownMoney } from '../../../kernel/decimal';
import { checkStops } from './lever-open';
import { bookPosition, emitLeverBalance, emitPosition } from './lever-events';
import { closingPnl, settleClose } from './lever-moves';

const LEVER = ACCOUNT_TYPES.lever;

async function ownLever(ctx: TradeContext, userId: number, id: number): Promise<LeverRow> {
  const row = await ctx.db.selectFrom('lever_orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.user_id !== userId) throw new AppError('trade_order_not_found');
  return row;
}

function closedNotice(r: LeverRow) {
  return r.close_reason === 'liquidation'
    ? null
    : notice(
        'lever_closed',
        'notice_lever_closed',
        {
          symbol: r.symbol,
          price: canon(r.close_price as string),
          profit: shownMoney(r.profit, r.symbol.split('/')[1] ?? 'USDT'),
        },
        { type: 'lever', id: r.id },
      );
}

/** Closes one position at a price (user close at the feed's price, TP/SL at the triggering tick). */
export async function closePosition(
  ctx: TradeContext,
  userId: number,
  id: number,
  reason: LeverCloseReason,
  at?: TickRef,
  key?: IdempotencyScope,
): Promise<LeverRow | null> {
  const row = await userLock(ctx, userId, async () => {
    const done = await closeOnGroupCommit(ctx, id, reason, at, key);
    if (done !== 'fallback') return done;
    return inTx(
      ctx,
      async (trx, moves) => {
        const cur = await trx
          .selectFrom('lever_orders')
          .select(['symbol'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const px = at ?? currentPrice(ctx, cur.symbol);
        return settleClose(trx, moves, ctx, id, px, reason);
      },
      key,
    );
  });
  if (!row) return null;
  ctx.books.lever.removePosition(row.symbol, row.id, row.user_id);
  positionChanged(ctx, 'closed', [row]);
  const n = closedNotice(row);
  await emitPosition(ctx, userId, [row], n ? [n] : []);
  return row;
}

/**
 * A close on the ledger's group commit (lever-commit.ts): the position read, its P&L computed here,
 * then one element of a shared statement — the same row and moves as settleClose + closingMoves.
 * 'fallback' (nothing written) for what the transaction path must decide: a missing row (it throws
 * there), or a loss beyond the balance (capped there). Null when the position is no longer open.
 */
async function closeOnGroupCommit(
  ctx: TradeContext,
  id: number,
  reason: LeverCloseReason,
  at: TickRef | undefined,
  key: IdempotencyScope | undefined,
): Promise<LeverRow | null | 'fallback'> {
  const r = await ctx.db.selectFrom('lever_orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) return 'fallback';
  if (r.status !== 'position') return null;
  const px = at ?? currentPrice(ctx, r.symbol);
  const done = await closeAtPrice(ctx.db, {
    row: r,
    price: px.price,
    tick: px,
    reason,
    closedAt: new Date(ctx.now()),
    pnl: closingPnl(r, px.price).toFixed(),
    key,
  });
  if (done === null || done === 'fallback') return done;
  emitLeverBalance(ctx, r.user_id, done.account);
  return done.row;
}

/** POST /lever/close: a position closes at market; an entrusted order is withdrawn (unfrozen). */
export async function closeOrCancel(
  ctx: TradeContext,
  userId: number,
  id: number,
  key?: IdempotencyScope,
): Promise<LeverPosition> {
  const own = await ownLever(ctx, userId, id);
  if (own.status === 'position') {
    const r = await closePosition(ctx, userId, id, 'user', undefined, key);
    if (!r) throw new AppError('trade_order_not_open');
    return (await accountView(ctx, userId)).present(r);
  }
  if (own.status !== 'entrusted') throw new AppError('trade_order_not_open');
  const row = await userLock(ctx, userId, () =>
    inTx(
      ctx,
      async (trx, moves) => {
        const r = await trx
          .updateTable('lever_orders')
          .set({ status: 'cancelled', closed_at: new Date(ctx.now()) })
          .where('id', '=', id)
          .where('status', '=', 'entrusted')
          .returningAll()
          .executeTakeFirst();
        if (!r) throw new AppError('trade_order_not_open');
        const total = new ExactDecimal(r.margin).plus(r.fee).toFixed();
        await moves.unfreeze({
          userId,
          currencyId: LEVER_QUOTE_ID,
          type: LEVER,
          amount: total,
          reason: 'lever_order_cancel',
          ref: { type: 'lever_order', id },
        });
        return r;
      },
      key,
    ),
  );
  ctx.books.lever.removeEntrusted(row.symbol, row.id);
  return (await emitPosition(ctx, userId, [row]))[0];
}

export async function batchClose(
  ctx: TradeContext,
  userId: number,
  type: 'all' | 'long' | 'short',
  key?: IdempotencyScope,
): Promise<{ closed: number; ids: number[] }> {
  let q = ctx.db.selectFrom('lever_orders').select('id').where('user_id', '=', userId).where('status', '=', 'position');
  if (type !== 'all') q = q.where('side', '=', type);
  const ids: number[] = [];
  for (const { id } of await q.orderBy('id').execute()) {
    const r = await closePosition(ctx, userId, id, 'batch', undefined, key);
    if (r) ids.push(r.id);
  }
  return { closed: ids.length, ids };
}

export async function setStops(
  ctx: TradeContext,
  userId: number,
  id: number,
  tp: string | null,
  sl: string | null,
): Promise<LeverPosition> {
  const own = await ownLever(ctx, userId, id);
  if (own.status !== 'position' && own.status !== 'entrusted') throw new AppError('trade_order_not_open');
  const lp = ctx.market.lastPrice(own.symbol);
  const ref =
    own.status === 'position' ? (lp?.price ?? canon(own.open_price as string)) : canon(own.target_price as string);
  checkStops(own.side, ref, tp, sl);
  // a position's new levels are checked against ticks after now only (a restart's replay too)
  const watch = own.status === 'position' && lp ? { watch_seq: lp.seq } : {};
  const row = await userLock(ctx, userId, () =>
    ctx.db
      .updateTable('lever_orders')
      .set({ target_profit_price: tp, stop_loss_price: sl, ...watch })
      .where('id', '=', id)
      .where('status', 'in', ['position', 'entrusted'])
      .returningAll()
      .executeTakeFirst(),
  );
  if (!row) throw new AppError('trade_order_not_open');
  if (row.status === 'position') bookPosition(ctx, row);
  return (await emitPosition(ctx, userId, [row]))[0];
}
