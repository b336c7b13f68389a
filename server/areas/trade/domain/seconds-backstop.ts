/** The `seconds.settle` job's handler (the key and enqueue: seconds-queue.ts, which says why it exists). */
import { canon } from '../../../kernel/decimal';
import type { TradeContext } from './context';
import type { TickRef } from './books';
import { lastDurableTick } from './ticks';
import { settleSeconds } from './seconds';
import { enqueueSecondsSettle } from './seconds-queue';

/** The job: settles the order by its durable end tick if it is still pending; returns whether it did. */
export async function settleSecondsJob(ctx: TradeContext, orderId: number): Promise<boolean> {
  const r = await ctx.db
    .selectFrom('seconds_orders')
    .select(['id', 'user_id', 'symbol', 'buy_price', 'buy_seq', 'buy_ts', 'expires_at'])
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (!r) return false;
  const expiresAt = Number(r.expires_at);
  // not yet due by the rules' clock (tests move it): look again then
  if (ctx.now() < expiresAt) {
    await enqueueSecondsSettle(ctx.db, r.id, expiresAt, ctx.now());
    return false;
  }
  const buy: TickRef = { price: canon(r.buy_price), seq: Number(r.buy_seq), ts: Number(r.buy_ts) };
  const end = (await lastDurableTick(ctx.db, r.symbol, buy.seq, expiresAt)) ?? buy;
  return (await settleSeconds(ctx, { id: r.id, userId: r.user_id, symbol: r.symbol }, end)) !== null;
}
