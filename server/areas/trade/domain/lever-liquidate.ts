/**
 * Forced close of a user's positions when the account's risk rate (core riskRate) reaches the line.
 */
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { positionPnl, riskRate } from '../../../../core';
import { userLock, type TradeContext } from './context';
import { inTx, notice, positionChanged } from './events';
import { contractOf, leverAvailable, riskInput, type LeverRow } from './lever-view';
import { liquidateAtPrices } from './lever-risk-commit';
import { canon } from '../../../kernel/decimal';
import { emitLeverBalance, emitPosition } from './lever-events';
import { closingPnl, settleClose } from './lever-moves';

/**
 * Forced close: when the account's risk rate (fresh balance, every open position at the feed's
 * current price) is at or below the line, every open position of the user is closed — winners
 * first, so their profit covers the losers before any loss is capped. On the ledger's group commit
 * (lever-risk-commit.ts) when every loss is payable and nothing moved since the decision; else in
 * one transaction. Returns the closed rows.
 */
export async function liquidateIfDue(ctx: TradeContext, userId: number): Promise<LeverRow[]> {
  const closed = await userLock(ctx, userId, async () => {
    const done = await liquidateOnGroupCommit(ctx, userId);
    return done !== 'fallback' ? done : liquidateInTx(ctx, userId);
  });
  for (const r of closed) ctx.books.lever.removePosition(r.symbol, r.id, r.user_id);
  positionChanged(ctx, 'closed', closed);
  if (closed.length) {
    const notices = closed.map((r) =>
      notice(
        'lever_liquidated',
        'notice_lever_liquidated',
        { symbol: r.symbol, price: canon(r.close_price as string), line: ctx.liquidationLine },
        { type: 'lever', id: r.id },
      ),
    );
    await emitPosition(ctx, userId, closed, notices);
  }
  return closed;
}

/** The decision (core riskRate at the feed's prices, the balance read on `db`): null when not due; else the positions, winners first. */
async function liquidationDue(ctx: TradeContext, db: Kysely<Database>, userId: number) {
  const open = await db
    .selectFrom('lever_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'position')
    .execute();
  if (!open.length) return null;
  const bal = await leverAvailable(db, userId);
  ctx.books.lever.available.set(userId, bal.available);
  const priced = open.map((row) => {
    const lp = ctx.market.lastPrice(row.symbol);
    return { row, price: lp?.price ?? canon(row.open_price as string), tick: lp ?? null };
  });
  const rate = riskRate(riskInput(bal.available, priced));
  if (rate === null || new Decimal(rate).gt(ctx.liquidationLine)) return null;
  priced.sort((a, b) =>
    new Decimal(positionPnl(contractOf(b.row), b.price)).cmp(positionPnl(contractOf(a.row), a.price)),
  );
  const liq = { rate, line: ctx.liquidationLine, available: bal.available, group: Math.min(...open.map((o) => o.id)) };
  return { priced, liq, available: bal.available };
}

/** The liquidation as one element of a shared statement; 'fallback' (nothing written) for the transaction path. */
async function liquidateOnGroupCommit(ctx: TradeContext, userId: number): Promise<LeverRow[] | 'fallback'> {
  const due = await liquidationDue(ctx, ctx.db, userId);
  if (!due) return [];
  const done = await liquidateAtPrices(ctx.db, {
    userId,
    available: due.available,
    liq: due.liq,
    positions: due.priced.map((p) => ({ ...p, pnl: closingPnl(p.row, p.price).toFixed() })),
    closedAt: new Date(ctx.now()),
  });
  if (done === 'not_open') return [];
  if (done === 'fallback') return 'fallback';
  emitLeverBalance(ctx, userId, done.account);
  return done.rows;
}

/** The liquidation in one transaction: decided again there, each loss capped at the balance. */
function liquidateInTx(ctx: TradeContext, userId: number): Promise<LeverRow[]> {
  return inTx(ctx, async (trx, moves) => {
    const due = await liquidationDue(ctx, trx, userId);
    if (!due) return [];
    const out: LeverRow[] = [];
    for (const p of due.priced) {
      const at = p.tick ?? { price: p.price, seq: null };
      const r = await settleClose(trx, moves, ctx, p.row.id, at, 'liquidation', due.liq);
      if (r) out.push(r);
    }
    return out;
  });
}
