/** The backstop for mirroring events lost to a crash; the copytrade jobs run it every few seconds and at start. */
import { sql } from 'kysely';
import type { TradeContext } from '../../trade/domain';
import { mirrorOpened } from './mirror-open';
import { followerPositionClosed, mirrorClosed } from './mirror-close';

/**
 * Copies whose trader position has closed are closed; copies whose own position has closed are
 * marked; trader positions opened in the last `window` ms that a live follow has no copy of are
 * mirrored.
 */
export async function reconcile(ctx: TradeContext, windowMs = 30_000): Promise<void> {
  const stale = await ctx.db
    .selectFrom('copy_trades as c')
    .innerJoin('lever_orders as t', 't.id', 'c.trader_position_id')
    .select('c.trader_position_id')
    .distinct()
    .where('c.status', '=', 'open')
    .where('t.status', '=', 'closed')
    .execute();
  for (const s of stale) await mirrorClosed(ctx, s.trader_position_id);
  const gone = await ctx.db
    .selectFrom('copy_trades as c')
    .innerJoin('lever_orders as o', 'o.id', 'c.follower_position_id')
    .select('o.id')
    .where('c.status', '=', 'open')
    .where('o.status', '=', 'closed')
    .execute();
  for (const g of gone) await followerPositionClosed(ctx, g.id);
  const since = new Date(ctx.now() - windowMs);
  // mirrorOpened's own tests (not a copy itself; a live follow older than it without a copy), over all recent positions at once
  const missed = await sql<{ id: number }>`
    SELECT o.id FROM lever_orders o
    WHERE o.status = 'position' AND o.copied = false AND o.opened_at >= ${since}
      AND NOT EXISTS (SELECT 1 FROM copy_trades w WHERE w.follower_position_id = o.id)
      AND EXISTS (SELECT 1 FROM copy_follows f WHERE f.trader_id = o.user_id AND f.status = 'following' AND f.created_at <= o.opened_at
                  AND NOT EXISTS (SELECT 1 FROM copy_trades c WHERE c.follow_id = f.id AND c.trader_position_id = o.id))`.execute(
    ctx.db,
  );
  for (const m of missed.rows) {
    const p = await ctx.db.selectFrom('lever_orders').selectAll().where('id', '=', m.id).executeTakeFirst();
    if (p) await mirrorOpened(ctx, p);
  }
}
