/** POST /follow/selfHolding: a follower keeps a copy as their own position, no longer closed with the trader's. */
import type { CopyTrade } from '../../../../core';
import { AppError } from '../../../errors';
import { accountView, type TradeContext } from '../../trade/domain';
import { inTransaction } from '../../../db/tx';
import { copyRows } from './copy-history';

/** The copy becomes the follower's own position (no longer follows the trader's close). */
export async function selfHold(ctx: TradeContext, userId: number, positionId: number): Promise<CopyTrade> {
  const own = await ctx.db
    .selectFrom('lever_orders')
    .select(['user_id'])
    .where('id', '=', positionId)
    .executeTakeFirst();
  if (!own || own.user_id !== userId) throw new AppError('copy_position_not_found');
  const copyId = await inTransaction(ctx.db, async (trx) => {
    const c = await trx
      .updateTable('copy_trades')
      .set({ status: 'self_held', closed_at: new Date(ctx.now()) })
      .where('follower_position_id', '=', positionId)
      .where('follower_id', '=', userId)
      .where('status', '=', 'open')
      .returning('id')
      .executeTakeFirst();
    if (!c) throw new AppError('copy_not_copied');
    const r = await trx
      .updateTable('lever_orders')
      .set({ copied: false })
      .where('id', '=', positionId)
      .where('status', '=', 'position')
      .where('copied', '=', true)
      .executeTakeFirst();
    if (r.numUpdatedRows !== 1n) throw new AppError('copy_not_copied');
    return c.id;
  });
  const view = await accountView(ctx, userId);
  const row = await ctx.db
    .selectFrom('lever_orders')
    .selectAll()
    .where('id', '=', positionId)
    .executeTakeFirstOrThrow();
  ctx.market.emitToUser(userId, 'position', view.present(row));
  const [copy] = await copyRows(ctx.db, userId, { id: copyId });
  return copy;
}
