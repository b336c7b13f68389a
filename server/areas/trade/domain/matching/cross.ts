/**
 * Resting user orders filled by the venue (they are the maker, at their own price):
 * - the book crosses them: venue levels at or through a resting price fill it up to their
 *   quantity, which is then held back (SymbolBook.consume) until the venue re-quotes;
 * - a venue trade prints at or through a resting price: it fills up to the trade's quantity
 *   (a feed without a book: the whole remainder, the last price being unlimited liquidity).
 * Orders are served best price first, then by id. Runs on the symbol's queue after each tick
 * batch of a symbol that has resting orders, and on a re-quote without a tick (feed.onBook).
 */
import { ExactDecimal } from '../../../../../core';
import type { BookSideName } from '../../../../../core/types/book';
import type { RestingOrder } from '../../../../market/books/symbol-book';
import { pairBySymbol, type TradeContext } from '../context';
import { inTx } from '../events';
import { makerFill, type SpotRow } from './fills';
import { bookSeq, onSymbol } from './engine';
import { MoveList } from './moves';
import { publishFills } from './publish';
import { markCrossed, type TradeCross } from './cross-record';
import { forgetRows } from './row-cache';

export type { TradeCross };

const D = (v: string) => new ExactDecimal(v);
const through = (side: BookSideName, price: string, limit: string) =>
  side === 'bid' ? D(price).lte(limit) : D(price).gte(limit);

interface Planned {
  order: RestingOrder;
  qty: string;
  venue: { price: string; qty: string }[];
  /** the last venue trade that filled part of it (its tick is recorded with the fill) */
  tick?: TradeCross;
}

function plan(ctx: TradeContext, symbol: string, trades: readonly TradeCross[]): Planned[] {
  const book = ctx.market.books.book(symbol);
  const unlimited = book.version === undefined;
  const out: Planned[] = [];
  for (const side of ['bid', 'ask'] as const) {
    const orders = book.resting(side);
    if (!orders.length) continue;
    const venue = book.venue(side === 'bid' ? 'ask' : 'bid').map((l) => ({ price: l.price, left: D(l.qty) }));
    const pool = trades.map((t) => ({ trade: t, price: t.price, left: D(t.qty) }));
    for (const o of orders) {
      let left = D(o.remaining);
      const used: Planned['venue'] = [];
      let tick: TradeCross | undefined;
      for (const v of venue) {
        if (left.lte(0) || !through(side, v.price, o.price)) break;
        const q = ExactDecimal.min(left, v.left);
        if (q.lte(0)) continue;
        v.left = v.left.minus(q);
        left = left.minus(q);
        used.push({ price: v.price, qty: q.toFixed() });
      }
      for (const t of pool) {
        if (left.lte(0)) break;
        if (!through(side, t.price, o.price) || (!unlimited && t.left.lte(0))) continue;
        const q = unlimited ? left : ExactDecimal.min(left, t.left);
        t.left = t.left.minus(q);
        left = left.minus(q);
        tick = t.trade;
      }
      const qty = D(o.remaining).minus(left);
      if (qty.gt(0)) out.push({ order: o, qty: qty.toFixed(), venue: used, tick });
    }
  }
  return out;
}

async function crossResting(ctx: TradeContext, symbol: string, trades: readonly TradeCross[]): Promise<void> {
  const todo = plan(ctx, symbol, trades);
  if (!todo.length) return;
  const pair = pairBySymbol(ctx, symbol);
  const seq = bookSeq(ctx, symbol);
  forgetRows(
    ctx,
    todo.map((p) => p.order.id),
  );
  const rows = await inTx(ctx, async (trx, moves) => {
    const c = { trx, list: new MoveList(), pair, bookSeq: seq, now: new Date(ctx.now()) };
    const out: SpotRow[] = [];
    for (const p of todo) out.push(await makerFill({ ...c, tickSeq: p.tick?.seq }, p.order.id, p.qty, null));
    await c.list.apply(moves);
    await markCrossed(trx, symbol, trades, todo);
    return out;
  });
  const book = ctx.market.books.book(symbol);
  todo.forEach((p, i) => {
    const side = p.order.side === 'buy' ? 'ask' : 'bid';
    for (const v of p.venue) book.consume(side, v.price, v.qty);
    book.setRemaining(p.order.id, D(p.order.remaining).minus(p.qty).toFixed());
    // the venue was the taker: a resting buy was sold into
    publishFills(
      ctx,
      pair,
      rows[i],
      [],
      [{ price: p.order.price, qty: p.qty }],
      p.order.side === 'buy' ? 'sell' : 'buy',
    );
  });
}

/** Per context: trades waiting for the symbol's next cross run, and whether one is queued. */
const waiting = new WeakMap<TradeContext, Map<string, TradeCross[]>>();

/** Queues a cross run on the symbol's queue (one pending run per symbol collects every trade). */
export function scheduleCross(
  ctx: TradeContext,
  symbol: string,
  trades: readonly TradeCross[],
  onError: (err: unknown) => void,
): void {
  if (!ctx.market.books.book(symbol).hasOrders) return;
  let m = waiting.get(ctx);
  if (!m) waiting.set(ctx, (m = new Map()));
  const queued = m.get(symbol);
  if (queued) {
    queued.push(...trades);
    return;
  }
  const list = [...trades];
  m.set(symbol, list);
  const map = m;
  onSymbol(ctx, symbol, async () => {
    map.delete(symbol);
    await crossResting(ctx, symbol, list);
  }).catch(onError);
}
