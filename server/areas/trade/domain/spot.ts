/**
 * Spot (coin) trading on the change account (type 2). Orders meet the symbol's book in the
 * matching engine (matching/engine.ts: price-time priority, partial fills, self-trade prevention
 * EXPIRE_MAKER, market-order protection); a limit outside the pair's price band is refused here.
 * Resting limit orders hold frozen funds equal to their unfilled remainder and fill as the venue's
 * book and trades cross them (matching/cross.ts). Every balance move goes through the ledger,
 * journaled per fill; orders are written by the engine's steps on the group commit (matching/step.ts).
 */
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { SpotOrder, SpotSide, TradePage } from '../../../../core';
import { AppError } from '../../../errors';
import { currentPrice, pairBySymbol, type TradeContext } from './context';
import type { PairSettings } from './settings';
import { isMarketOpen, STOCK_HOURS_TEXT } from '../../../../core';
import { assertSpotBand } from './price-band';
import { cancelSpot } from './matching/engine';
import type { IdempotencyScope } from '../../../db/idempotency-scope';
import { submitSpot } from './matching/step';
import { forgetAllRows } from './matching/row-cache';
import { toSpotOrder } from './matching/view';
import { canon } from '../../../kernel/decimal';

export function assertMarketOpen(ctx: TradeContext, pair: PairSettings): void {
  if (!isMarketOpen(pair.market, ctx.now())) throw new AppError('trade_market_closed', { hours: STOCK_HOURS_TEXT });
}

export type PlaceSpot =
  | {
      symbol: string;
      side: SpotSide;
      amount: string;
      /** null → market order */
      targetPrice: string | null;
    }
  /** a market buy spending `quoteAmount` of the quote currency, fee included */
  | { symbol: string; side: 'buy'; quoteAmount: string; targetPrice: null };

export async function placeSpotOrder(
  ctx: TradeContext,
  userId: number,
  req: PlaceSpot,
  key?: IdempotencyScope,
): Promise<SpotOrder> {
  const pair = pairBySymbol(ctx, req.symbol);
  assertMarketOpen(ctx, pair);
  if (req.targetPrice !== null) assertSpotBand(pair, req.targetPrice, currentPrice(ctx, pair.symbol).price);
  // by quote: the quantity is worked out in the symbol's step, against the book it then walks
  return submitSpot(ctx, userId, pair, req, key);
}

export function cancelSpotOrder(
  ctx: TradeContext,
  userId: number,
  id: number,
  key?: IdempotencyScope,
): Promise<SpotOrder> {
  return cancelSpot(ctx, userId, id, key);
}

export interface SpotListFilter {
  symbol?: string;
  status?: 'progress' | 'complete';
  page: number;
  limit: number;
}

export async function listSpotOrders(
  ctx: TradeContext,
  userId: number,
  f: SpotListFilter,
): Promise<TradePage<SpotOrder>> {
  let q = ctx.db.selectFrom('spot_orders').where('user_id', '=', userId);
  if (f.symbol) q = q.where('symbol', '=', f.symbol);
  if (f.status === 'progress') q = q.where('status', 'in', ['open', 'partially_filled']);
  if (f.status === 'complete') q = q.where('status', 'in', ['filled', 'cancelled']);
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      .orderBy('id', 'desc')
      .limit(f.limit)
      .offset((f.page - 1) * f.limit)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const list = rows.flatMap((r) => {
    const pair = ctx.settings.get(r.symbol);
    return pair ? [toSpotOrder(r, pair)] : [];
  });
  return { list, page: f.page, limit: f.limit, total: count.n, has_more: f.page * f.limit < count.n };
}

/** Puts the resting orders back into the symbols' books at start (remaining = amount − filled). */
export async function loadSpotBook(ctx: TradeContext): Promise<void> {
  forgetAllRows(ctx);
  const rows = await ctx.db
    .selectFrom('spot_orders')
    .select(['id', 'user_id', 'symbol', 'side', 'target_price', 'amount', 'filled'])
    .where('status', 'in', ['open', 'partially_filled'])
    .orderBy('id')
    .execute();
  for (const r of rows) {
    if (!r.target_price) continue;
    ctx.market.books.book(r.symbol).rest({
      id: r.id,
      userId: r.user_id,
      side: r.side,
      price: canon(r.target_price),
      remaining: new Decimal(r.amount).minus(r.filled).toFixed(),
    });
  }
}
