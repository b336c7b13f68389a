/**
 * Restart replay of resting spot orders: a durable venue tick after an order's
 * watch_seq that crossed its price was seen by the feed, but the cross run it triggered may never
 * have committed. At start it is replayed as the engine's trade cross, on the symbol's queue: the
 * order is the maker at its own price. market_ticks keep no trade quantity (and the venue book of
 * that moment is gone), so the tick counts as unlimited liquidity, as a feed without a book does:
 * the whole remainder fills. The tick is recorded with the fill; the row is re-read FOR UPDATE, so
 * an order filled or cancelled meanwhile is left alone.
 */
import { pairBySymbol, type TradeContext } from '../context';
import type { TickRef } from '../books';
import { inTx } from '../events';
import { recordTick } from '../ticks';
import { makerFill } from './fills';
import { bookSeq, onSymbol } from './engine';
import { MoveList } from './moves';
import { publishFills } from './publish';
import { ExactDecimal, type SpotOrder } from '../../../../../core';

export async function replaySpotCross(
  ctx: TradeContext,
  order: { id: number; symbol: string },
  tick: TickRef,
): Promise<SpotOrder | null> {
  const pair = pairBySymbol(ctx, order.symbol);
  return onSymbol(ctx, pair.symbol, async () => {
    const seq = bookSeq(ctx, pair.symbol);
    let qty = '0';
    const row = await inTx(ctx, async (trx, moves) => {
      const r = await trx
        .selectFrom('spot_orders')
        .select(['status', 'amount', 'filled'])
        .where('id', '=', order.id)
        .forUpdate()
        .executeTakeFirst();
      if (!r || (r.status !== 'open' && r.status !== 'partially_filled')) return null;
      const c = { trx, list: new MoveList(), pair, bookSeq: seq, now: new Date(ctx.now()), tickSeq: tick.seq };
      qty = new ExactDecimal(r.amount).minus(r.filled).toFixed();
      const filled = await makerFill(c, order.id, qty, null);
      await c.list.apply(moves);
      await recordTick(trx, pair.symbol, tick); // the crossing tick, on record with the fill
      return filled;
    });
    if (!row) return null;
    ctx.market.books.book(pair.symbol).remove(order.id);
    // the venue was the taker: a resting buy was sold into
    return publishFills(
      ctx,
      pair,
      row,
      [],
      [{ price: new ExactDecimal(row.target_price as string).toFixed(), qty }],
      row.side === 'buy' ? 'sell' : 'buy',
    );
  });
}
