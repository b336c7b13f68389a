/**
 * Closing copies: when the trader's position closes, the copies still open close at market. A copy
 * is claimed (status open → closed) before its close, so a concurrent self-hold (self-hold.ts)
 * either wins entirely or is refused.
 */
import { closePosition, type LeverRow, type TradeContext } from '../../trade/domain';
import { shownMoney } from '../../../kernel/decimal';
import { emitCopyNotice, traderName } from './mirror-notices';

/**
 * The trader's position closed: each copy still open closes at market. A copy the follower
 * already closed by hand (or was liquidated) is just marked closed.
 */
export async function mirrorClosed(ctx: TradeContext, traderPositionId: number): Promise<number> {
  const copies = await ctx.db
    .selectFrom('copy_trades')
    .select(['id', 'follower_id', 'follower_position_id', 'trader_id'])
    .where('trader_position_id', '=', traderPositionId)
    .where('status', '=', 'open')
    .orderBy('id')
    .execute();
  let closed = 0;
  for (const c of copies) {
    const claimed = await ctx.db
      .updateTable('copy_trades')
      .set({ status: 'closed', closed_at: new Date(ctx.now()) })
      .where('id', '=', c.id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (claimed.numUpdatedRows !== 1n || c.follower_position_id === null) continue;
    let row: LeverRow | null;
    try {
      row = await closePosition(ctx, c.follower_id, c.follower_position_id, 'copy');
    } catch (err) {
      // no price right now: give the claim back so the sweep retries
      await ctx.db.updateTable('copy_trades').set({ status: 'open', closed_at: null }).where('id', '=', c.id).execute();
      throw err;
    }
    if (!row) continue;
    closed++;
    const p = {
      trader: await traderName(ctx.db, c.trader_id),
      symbol: row.symbol,
      profit: shownMoney(row.profit, row.symbol.split('/')[1] ?? 'USDT'),
    };
    emitCopyNotice(ctx, c.follower_id, 'copy_closed', 'notice_copy_closed', p, c.id);
  }
  return closed;
}

/** A follower's mirror closed by itself (by hand, TP/SL, a forced close): its copy is no longer open. */
export async function followerPositionClosed(ctx: TradeContext, positionId: number): Promise<void> {
  await ctx.db
    .updateTable('copy_trades')
    .set({ status: 'closed', closed_at: new Date(ctx.now()) })
    .where('follower_position_id', '=', positionId)
    .where('status', '=', 'open')
    .execute();
}
