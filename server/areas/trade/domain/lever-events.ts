/**
 * What follows a committed lever change outside the database: the in-memory books that watch
 * TP/SL, limits and liquidation, and the user's socket events (position, balance, notice).
 */
import { ACCOUNT_TYPES, type LeverPosition } from '../../../../core';
import type { TradeContext } from './context';
import { notice } from './events';
import { accountView, type LeverRow } from './lever-view';
import { LEVER_QUOTE_ID } from './settings';
import type { BalanceAfter } from '../../../db/ledger';
import { canon, canonOrNull } from '../../../kernel/decimal';

const LEVER = ACCOUNT_TYPES.lever;

/** An open position in the books that watch its TP/SL and its account's risk. */
export function bookPosition(ctx: TradeContext, r: LeverRow): void {
  ctx.books.lever.addPosition({
    id: r.id,
    userId: r.user_id,
    symbol: r.symbol,
    side: r.side,
    lots: canon(r.lots),
    lotSize: canon(r.lot_size),
    multiple: r.multiple,
    openPrice: canon(r.open_price ?? '0'),
    margin: canon(r.margin),
    tp: canonOrNull(r.target_profit_price),
    sl: canonOrNull(r.stop_loss_price),
  });
}

/** The positions as the user sees them now (with the account's figures), and any notices, to the user's room. */
export async function emitPosition(
  ctx: TradeContext,
  userId: number,
  rows: LeverRow[],
  n?: ReturnType<typeof notice>[],
): Promise<LeverPosition[]> {
  const view = await accountView(ctx, userId);
  if (view.openRows.length) ctx.books.lever.available.set(userId, view.summary.balance);
  const out = rows.map((r) => view.present(r));
  for (const p of out) ctx.market.emitToUser(userId, 'position', p);
  for (const x of n ?? []) ctx.market.emitToUser(userId, 'notice', x);
  return out;
}

export function emitLeverBalance(ctx: TradeContext, userId: number, account: BalanceAfter): void {
  ctx.market.emitToUser(userId, 'balance', {
    currency_id: LEVER_QUOTE_ID,
    type: LEVER,
    available: account.available,
    frozen: account.frozen,
  });
}

/** At start: every open position and resting entry back into the books. */
export async function loadLeverBook(ctx: TradeContext): Promise<void> {
  const rows = await ctx.db
    .selectFrom('lever_orders')
    .selectAll()
    .where('status', 'in', ['entrusted', 'position'])
    .execute();
  for (const r of rows) {
    if (r.status === 'position') bookPosition(ctx, r);
    else
      ctx.books.lever.addEntrusted({
        id: r.id,
        userId: r.user_id,
        symbol: r.symbol,
        side: r.side,
        price: canon(r.target_price as string),
      });
  }
}
