/**
 * The spot matching engine: one queue per symbol (ctx.locks key `book:<symbol>`), so a symbol's
 * orders, cancels and crosses run one at a time against the in-memory book, which is changed only
 * after the transaction commits. Price-time priority, partial fills, self-trade prevention
 * (EXPIRE_MAKER, walk.ts). A market order walks the book and fills in full at the levels' prices
 * (its fill_price is their VWAP) or is refused: when it would move the price more than the pair's
 * market_protection from the touch, or the book cannot fill it. A limit that crosses fills as far
 * as the book allows at the book's prices (never worse than its limit) and rests for the rest
 * with frozen funds exactly equal to that remainder, visible in `depth:<symbol>`.
 */
import { ACCOUNT_TYPES, ExactDecimal, type SpotOrder, type SpotSide } from '../../../../../core';
import { AppError } from '../../../../errors';
import { currentPrice, pairBySymbol, type TradeContext } from '../context';
import { inTx } from '../events';
import type { PairSettings } from '../settings';
import { cancelResting, makerFill, takerFill, type FillCtx, type SpotRow } from './fills';
import { buyFrozen } from './fees';
import { protectionPrice, takerLiquidity } from './liquidity';
import { MoveList } from './moves';
import { publishFills } from './publish';
import { walk, type WalkFill, type WalkResult } from './walk';
import { toSpotOrder } from './view';
import { answerInTx, type IdempotencyScope } from '../../../../db/idempotency-scope';
import { forgetRows } from './row-cache';

export interface PlaceSpot {
  symbol: string;
  side: SpotSide;
  amount: string;
  /** null → market order */
  targetPrice: string | null;
}

type Exact = InstanceType<typeof ExactDecimal>;

export function onSymbol<T>(ctx: TradeContext, symbol: string, fn: () => Promise<T>): Promise<T> {
  return ctx.locks.run(`book:${symbol}`, fn);
}

/** Flushes the symbol's pending depth change and returns the book seq the next fills use. */
export function bookSeq(ctx: TradeContext, symbol: string): number {
  ctx.market.books.flushDepth(symbol);
  return ctx.market.books.book(symbol).source.seq;
}

/**
 * One order in one transaction of its own (the path every order took before the engine's steps went
 * on the group commit, matching/step.ts): kept as the spot bench's baseline, same rows and moves.
 */
export async function matchSpot(
  ctx: TradeContext,
  userId: number,
  pair: PairSettings,
  req: PlaceSpot,
  key?: IdempotencyScope,
): Promise<SpotOrder> {
  const { current, book, plan } = planWalk(ctx, userId, pair, req);
  const seq = bookSeq(ctx, pair.symbol);
  forgetRows(ctx, [...plan.expired.map((o) => o.id), ...plan.fills.flatMap((f) => (f.order ? [f.order.id] : []))]);
  const makers: SpotRow[] = [];
  const expired: SpotRow[] = [];
  const row = await inTx(
    ctx,
    async (trx, moves) => {
      // the runner may run this again after a deadlock: start from nothing each time
      makers.length = 0;
      expired.length = 0;
      const c: FillCtx = { trx, list: new MoveList(), pair, bookSeq: seq, now: new Date(ctx.now()) };
      let r = await insertTaker(c, userId, req);
      r = await writeWalk(c, r, plan, { makers, expired });
      const rest = new ExactDecimal(plan.rest);
      const frozen = holdRest(c, userId, req, rest, r.id);
      await c.list.apply(moves);
      const done = await finishTaker(c, r, rest, frozen, current.seq);
      await answerInTx(trx, userId, toSpotOrder(done, pair)); // a retry's answer, committed with the order
      return done;
    },
    key,
  );
  // committed: the in-memory book follows
  for (const x of expired) book.remove(x.id);
  applyFills(ctx, pair, req.side, plan.fills);
  if (row.status === 'open' || row.status === 'partially_filled')
    book.rest({ id: row.id, userId, side: req.side, price: req.targetPrice as string, remaining: plan.rest });
  return publishFills(ctx, pair, row, [...makers, ...expired], plan.fills, req.side);
}

/** The walk against the book as it stands; a market order it cannot fill in full within the protection is refused. */
function planWalk(ctx: TradeContext, userId: number, pair: PairSettings, req: PlaceSpot) {
  const current = currentPrice(ctx, pair.symbol);
  const book = ctx.market.books.book(pair.symbol);
  const liquidity = takerLiquidity(book, req.side, current.price);
  const cap =
    req.targetPrice ??
    (liquidity.length ? protectionPrice(req.side, liquidity[0].price, pair.marketProtection) : undefined);
  const plan = walk({ side: req.side, userId, qty: req.amount, cap, liquidity });
  if (req.targetPrice === null && new ExactDecimal(plan.rest).gt(0)) {
    if (!liquidity.length) throw new AppError('trade_no_liquidity');
    throw new AppError('trade_market_protection', {
      percent: new ExactDecimal(pair.marketProtection).times(100).toFixed(),
    });
  }
  return { current, book, plan };
}

/** The taker's order row, open and unfilled. */
function insertTaker(c: FillCtx, userId: number, req: PlaceSpot): Promise<SpotRow> {
  return c.trx
    .insertInto('spot_orders')
    .values({
      user_id: userId,
      symbol: c.pair.symbol,
      side: req.side,
      kind: req.targetPrice === null ? 'market' : 'limit',
      status: 'open',
      amount: req.amount,
      target_price: req.targetPrice,
      fee_rate: c.pair.spotFeeRate,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The walk written: the taker's own resting orders met on the way cancelled, then each fill (taker and maker side). */
async function writeWalk(
  c: FillCtx,
  taker: SpotRow,
  plan: WalkResult,
  out: { makers: SpotRow[]; expired: SpotRow[] },
): Promise<SpotRow> {
  let r = taker;
  for (const o of plan.expired) {
    const x = await cancelResting(c, o.id, 'spot_order_cancel');
    if (x) out.expired.push(x);
  }
  for (const f of plan.fills) {
    r = await takerFill(c, r, f.price, f.qty, f.order?.id ?? null);
    if (f.order) out.makers.push(await makerFill(c, f.order.id, f.qty, r.id));
  }
  return r;
}

/** A remainder that rests freezes exactly what it may still spend (a buy: at its limit, fee included); the amount frozen. */
function holdRest(c: FillCtx, userId: number, req: PlaceSpot, rest: Exact, orderId: number): string {
  if (!rest.gt(0)) return '0';
  const pair = c.pair;
  const frozen =
    req.side === 'buy' ? buyFrozen(rest.toFixed(), req.targetPrice as string, pair.spotFeeRate) : rest.toFixed();
  c.list.add('freeze', {
    userId,
    currencyId: req.side === 'buy' ? pair.legalId : pair.currencyId,
    type: ACCOUNT_TYPES.change,
    amount: frozen,
    reason: 'spot_order_freeze',
    ref: { type: 'spot_order', id: orderId },
  });
  return frozen;
}

/** The taker's row brought up to date: filled, partly filled or open, with what rests frozen. */
function finishTaker(c: FillCtx, r: SpotRow, rest: Exact, frozen: string, watchSeq: number): Promise<SpotRow> {
  const filled = new ExactDecimal(r.filled);
  const status = rest.lte(0) ? 'filled' : filled.gt(0) ? 'partially_filled' : 'open';
  // a resting remainder is crossed by ticks after this one only (a restart's replay too)
  return c.trx
    .updateTable('spot_orders')
    .set({
      status,
      filled: r.filled,
      total: r.total,
      fee: r.fee,
      fill_price: r.fill_price,
      fill_seq: r.fill_seq,
      frozen,
      filled_at: status === 'filled' ? c.now : null,
      watch_seq: watchSeq,
    })
    .where('id', '=', r.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Moves a committed walk's fills into the book: venue liquidity held back, makers' remainders cut. */
export function applyFills(
  ctx: TradeContext,
  pair: PairSettings,
  takerSide: SpotSide,
  fills: readonly WalkFill[],
): void {
  const book = ctx.market.books.book(pair.symbol);
  for (const f of fills) {
    if (f.order) {
      const o = book.order(f.order.id);
      if (o) book.setRemaining(o.id, new ExactDecimal(o.remaining).minus(f.qty).toFixed());
    } else if (book.version !== undefined) book.consume(takerSide === 'buy' ? 'ask' : 'bid', f.price, f.qty);
  }
}

export async function cancelSpot(
  ctx: TradeContext,
  userId: number,
  id: number,
  key?: IdempotencyScope,
): Promise<SpotOrder> {
  const before = await ctx.db
    .selectFrom('spot_orders')
    .select(['user_id', 'symbol'])
    .where('id', '=', id)
    .executeTakeFirst();
  // someone else's order reads as not found: its existence is not the caller's business
  if (!before || before.user_id !== userId) throw new AppError('trade_order_not_found');
  const pair = pairBySymbol(ctx, before.symbol);
  return onSymbol(ctx, pair.symbol, async () => {
    forgetRows(ctx, [id]);
    const row = await inTx(
      ctx,
      async (trx, moves) => {
        const c = { trx, list: new MoveList(), pair, now: new Date(ctx.now()) };
        const r = await cancelResting(c, id, 'spot_order_cancel');
        if (!r) throw new AppError('trade_order_not_open');
        await c.list.apply(moves);
        await answerInTx(trx, userId, toSpotOrder(r, pair));
        return r;
      },
      key,
    );
    ctx.market.books.book(pair.symbol).remove(id);
    return publishFills(ctx, pair, row, [], [], row.side);
  });
}
