/**
 * The fills of one of the caller's spot orders, with the stored venue tick that crossed each resting
 * fill: the "how this was filled" panel recomputes the order from these with core's proveSpot,
 * as `npm run verify` does.
 */
import type { SpotFill } from '../../../../core';
import { AppError } from '../../../errors';
import { canon } from '../../../kernel/decimal';
import type { TradeContext } from './context';

export async function listSpotFills(ctx: TradeContext, userId: number, orderId: number): Promise<SpotFill[]> {
  const order = await ctx.db
    .selectFrom('spot_orders')
    .select(['user_id', 'symbol'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  // someone else's order answers as a missing one: ids are not a way to learn who traded what
  if (!order || order.user_id !== userId) throw new AppError('trade_order_not_found');
  const rows = await ctx.db
    .selectFrom('spot_fills as f')
    .leftJoin('market_ticks as t', (j) => j.onRef('t.symbol', '=', 'f.symbol').onRef('t.seq', '=', 'f.tick_seq'))
    .select([
      'f.id',
      'f.role',
      'f.price',
      'f.qty',
      'f.total',
      'f.fee',
      'f.book_seq',
      'f.tick_seq',
      'f.created_at',
      't.price as tick_price',
      't.ts as tick_ts',
    ])
    .where('f.order_id', '=', orderId)
    .orderBy('f.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    price: canon(r.price),
    qty: canon(r.qty),
    total: canon(r.total),
    fee: canon(r.fee),
    book_seq: Number(r.book_seq),
    // the fill names its tick; a pruned or missing tick shows as the fill's own price with no time (verify flags it)
    tick:
      r.tick_seq === null
        ? null
        : {
            price: canon(r.tick_price ?? r.price),
            seq: Number(r.tick_seq),
            ts: r.tick_ts === null ? null : Number(r.tick_ts),
          },
    created_at: r.created_at.getTime(),
  }));
}
