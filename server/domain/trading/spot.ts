/**
 * Spot (coin) trading on the change account (type 2). A market order fills at once at the feed's
 * current price, and so does a limit order that crosses it at submission (a buy at or above, a
 * sell at or below: the better price for the user). A limit outside the pair's price band is
 * refused. A resting limit order freezes its funds (a buy: total + fee at its limit, in USDT; a
 * sell: the coins) and fills at its own limit price (the maker price) when a tick crosses it
 * (jobs/tick-watcher); cancelling unfreezes. Amounts come from core/calc/spot.ts; every balance
 * move goes through the ledger in the order's transaction.
 */
import { sql } from 'kysely';
import { ACCOUNT_TYPES, limitCrosses, spotTradeAmounts, type SpotOrder, type SpotSide, type TradePage } from '../../../core';
import { AppError } from '../../http/envelope';
import type { SpotOrdersTable } from '../../db/trading-tables';
import type { Selectable } from 'kysely';
import { currentPrice, pairBySymbol, userLock, type TradingContext } from './context';
import { inTx, notice, type Moves } from './events';
import type { PairSettings } from './settings';
import { isMarketOpen, STOCK_HOURS_TEXT } from './market-hours';
import { canon, canonOrNull } from './amounts';
import type { TickRef } from './books';
import { assertSpotBand } from './price-band';

type Row = Selectable<SpotOrdersTable>;
const CHANGE = ACCOUNT_TYPES.change;

export function toSpotOrder(r: Row, pair: PairSettings): SpotOrder {
  return {
    id: r.id,
    symbol: r.symbol,
    currency_id: pair.currencyId,
    legal_id: pair.legalId,
    side: r.side,
    kind: r.kind,
    status: r.status,
    amount: canon(r.amount),
    target_price: canonOrNull(r.target_price),
    fill_price: canonOrNull(r.fill_price),
    total: canonOrNull(r.total),
    fee: canon(r.fee),
    fee_rate: canon(r.fee_rate),
    fill_seq: r.fill_seq === null ? null : Number(r.fill_seq),
    frozen: canon(r.frozen),
    created_at: r.created_at.getTime(),
    filled_at: r.filled_at?.getTime() ?? null,
    cancelled_at: r.cancelled_at?.getTime() ?? null,
  };
}

export function assertMarketOpen(ctx: TradingContext, pair: PairSettings): void {
  if (!isMarketOpen(pair.market, ctx.now())) throw new AppError('trade_market_closed', { hours: STOCK_HOURS_TEXT });
}

/** Moves the filled amounts: `fromFrozen` when a limit order's funds were frozen at placement. */
async function settleFill(moves: Moves, userId: number, pair: PairSettings, side: SpotSide, amount: string, price: string, fromFrozen: string | null, ref: { type: string; id: number }) {
  const a = spotTradeAmounts({ side, price, amount, feeRate: pair.spotFeeRate });
  if (side === 'buy') {
    if (fromFrozen) await moves.settleFrozen({ userId, currencyId: pair.legalId, type: CHANGE, amount: fromFrozen, reason: 'spot_buy', ref });
    else await moves.debit({ userId, currencyId: pair.legalId, type: CHANGE, amount: a.quoteIn, reason: 'spot_buy', ref });
    await moves.credit({ userId, currencyId: pair.currencyId, type: CHANGE, amount, reason: 'spot_buy', ref });
  } else {
    if (fromFrozen) await moves.settleFrozen({ userId, currencyId: pair.currencyId, type: CHANGE, amount: fromFrozen, reason: 'spot_sell', ref });
    else await moves.debit({ userId, currencyId: pair.currencyId, type: CHANGE, amount, reason: 'spot_sell', ref });
    if (a.quoteOut !== '0') await moves.credit({ userId, currencyId: pair.legalId, type: CHANGE, amount: a.quoteOut, reason: 'spot_sell', ref });
  }
  return a;
}

function filledNotice(o: SpotOrder, pair: PairSettings) {
  return notice('spot_filled', 'notice_spot_filled', { side: o.side, amount: o.amount, base: pair.base, price: o.fill_price ?? '' }, { type: 'spot', id: o.id });
}

export interface PlaceSpot {
  symbol: string;
  side: SpotSide;
  amount: string;
  /** null → market order */
  targetPrice: string | null;
}

export async function placeSpotOrder(ctx: TradingContext, userId: number, req: PlaceSpot): Promise<SpotOrder> {
  const pair = pairBySymbol(ctx, req.symbol);
  assertMarketOpen(ctx, pair);
  const current = currentPrice(ctx, pair.symbol);
  if (req.targetPrice !== null) assertSpotBand(pair, req.targetPrice, current.price);
  // a market order, or a limit that crosses now, fills at once at the current price (never worse than its limit)
  const market = req.targetPrice === null || limitCrosses(req.side, req.targetPrice, current.price) ? current : null;
  const order = await userLock(ctx, userId, () =>
    inTx(ctx, async (trx, moves) => {
      const row = await trx
        .insertInto('spot_orders')
        .values({
          user_id: userId,
          symbol: pair.symbol,
          side: req.side,
          kind: req.targetPrice === null ? 'market' : 'limit',
          status: 'open',
          amount: req.amount,
          target_price: req.targetPrice,
          fee_rate: pair.spotFeeRate,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const ref = { type: 'spot_order', id: row.id };
      if (market) {
        const a = await settleFill(moves, userId, pair, req.side, req.amount, market.price, null, ref);
        return trx
          .updateTable('spot_orders')
          .set({ status: 'filled', fill_price: market.price, total: a.total, fee: a.fee, fill_seq: market.seq, filled_at: new Date(ctx.now()) })
          .where('id', '=', row.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      const price = req.targetPrice as string;
      const a = spotTradeAmounts({ side: req.side, price, amount: req.amount, feeRate: pair.spotFeeRate });
      const frozen = req.side === 'buy' ? a.quoteIn : req.amount;
      await moves.freeze({ userId, currencyId: req.side === 'buy' ? pair.legalId : pair.currencyId, type: CHANGE, amount: frozen, reason: 'spot_order_freeze', ref });
      return trx.updateTable('spot_orders').set({ frozen }).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
    }),
  );
  const out = toSpotOrder(order, pair);
  if (out.status === 'open') ctx.books.spot.add({ id: out.id, userId, symbol: pair.symbol, side: out.side, price: out.target_price as string });
  ctx.market.emitToUser(userId, 'order', out);
  if (out.status === 'filled') ctx.market.emitToUser(userId, 'notice', filledNotice(out, pair));
  return out;
}

async function ownOrder(ctx: TradingContext, userId: number, id: number): Promise<Row> {
  const row = await ctx.db.selectFrom('spot_orders').selectAll().where('id', '=', id).executeTakeFirst();
  // someone else's order reads as not found: its existence is not the caller's business
  if (!row || row.user_id !== userId) throw new AppError('trade_order_not_found');
  return row;
}

export async function cancelSpotOrder(ctx: TradingContext, userId: number, id: number): Promise<SpotOrder> {
  const before = await ownOrder(ctx, userId, id);
  const pair = pairBySymbol(ctx, before.symbol);
  const row = await userLock(ctx, userId, () =>
    inTx(ctx, async (trx, moves) => {
      const r = await trx
        .updateTable('spot_orders')
        .set({ status: 'cancelled', cancelled_at: new Date(ctx.now()) })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .returningAll()
        .executeTakeFirst();
      if (!r) throw new AppError('trade_order_not_open');
      const ref = { type: 'spot_order', id };
      await moves.unfreeze({ userId, currencyId: r.side === 'buy' ? pair.legalId : pair.currencyId, type: CHANGE, amount: canon(r.frozen), reason: 'spot_order_cancel', ref });
      return trx.updateTable('spot_orders').set({ frozen: '0' }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    }),
  );
  ctx.books.spot.remove(row.symbol, id);
  const out = toSpotOrder(row, pair);
  ctx.market.emitToUser(userId, 'order', out);
  return out;
}

/** Fills an open limit order at its limit price on the crossing tick; null when it is no longer open. */
export async function fillSpotLimit(ctx: TradingContext, entry: { id: number; userId: number; symbol: string }, tick: TickRef): Promise<SpotOrder | null> {
  const pair = pairBySymbol(ctx, entry.symbol);
  const row = await userLock(ctx, entry.userId, () =>
    inTx(ctx, async (trx, moves) => {
      const r = await trx
        .updateTable('spot_orders')
        .set({ status: 'filled', fill_seq: tick.seq, filled_at: new Date(ctx.now()) })
        .where('id', '=', entry.id)
        .where('status', '=', 'open')
        .returningAll()
        .executeTakeFirst();
      if (!r) return null;
      const price = canon(r.target_price as string);
      const a = await settleFill(moves, r.user_id, pair, r.side, canon(r.amount), price, canon(r.frozen), { type: 'spot_order', id: r.id });
      return trx
        .updateTable('spot_orders')
        .set({ fill_price: price, total: a.total, fee: a.fee, frozen: '0' })
        .where('id', '=', r.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }),
  );
  ctx.books.spot.remove(entry.symbol, entry.id);
  if (!row) return null;
  const out = toSpotOrder(row, pair);
  ctx.market.emitToUser(entry.userId, 'order', out);
  ctx.market.emitToUser(entry.userId, 'notice', filledNotice(out, pair));
  return out;
}

export interface SpotListFilter {
  symbol?: string;
  status?: 'progress' | 'complete';
  page: number;
  limit: number;
}

export async function listSpotOrders(ctx: TradingContext, userId: number, f: SpotListFilter): Promise<TradePage<SpotOrder>> {
  let q = ctx.db.selectFrom('spot_orders').where('user_id', '=', userId);
  if (f.symbol) q = q.where('symbol', '=', f.symbol);
  if (f.status === 'progress') q = q.where('status', '=', 'open');
  if (f.status === 'complete') q = q.where('status', 'in', ['filled', 'cancelled']);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(f.limit).offset((f.page - 1) * f.limit).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const list = rows.flatMap((r) => {
    const pair = ctx.settings.get(r.symbol);
    return pair ? [toSpotOrder(r, pair)] : [];
  });
  return { list, page: f.page, limit: f.limit, total: count.n, has_more: f.page * f.limit < count.n };
}

export async function loadSpotBook(ctx: TradingContext): Promise<void> {
  const rows = await ctx.db.selectFrom('spot_orders').select(['id', 'user_id', 'symbol', 'side', 'target_price']).where('status', '=', 'open').execute();
  for (const r of rows) if (r.target_price) ctx.books.spot.add({ id: r.id, userId: r.user_id, symbol: r.symbol, side: r.side, price: canon(r.target_price) });
}
