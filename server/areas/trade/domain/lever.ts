/**
 * Leveraged contracts on the lever account (type 3, USDT). Opening freezes the margin and charges
 * the opening fee; a market entry opens at the VWAP of walking the venue's book. A limit entry must lie within the pair's band around the current price; one that
 * crosses at submission opens at once at the current price; one that rests freezes margin and fee
 * and opens at its own price (charging the fee) when a tick crosses it;
 * closing unfreezes the margin and settles the P&L. A loss is taken from the account's available
 * balance and never beyond it: what a gap would leave unpaid is recorded as `uncovered_loss`
 * (absorbed by the platform), so no balance ever goes below zero. Margin, fee, P&L, risk rate
 * and overnight fee come from core/calc/contract.ts.
 */
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import {
  ACCOUNT_TYPES,
  ExactDecimal,
  limitCrosses,
  openingFee,
  overnightFee,
  positionMargin,
  positionPnl,
  riskRate,
  type LeverCloseReason,
  type LeverEntry,
  type LeverPosition,
  type LeverSide,
} from '../../../../core';
import { AppError } from '../../../errors';
import { currentPrice, pairBySymbol, userLock, type TradeContext, type Trx } from './context';
import { inTx, notice, positionChanged, type Moves } from './events';
import type { IdempotencyScope } from '../../../db/idempotency-scope';
import { assertMarketOpen } from './spot';
import { accountView, contractOf, leverAvailable, riskInput, type LeverRow } from './lever-view';
import { LEVER_QUOTE_ID, type PairSettings } from './settings';
import type { TickRef } from './books';
import { assertLeverBand } from './price-band';
import { walkedOpenPrice } from './matching/open-price';
import { recordTick } from './ticks';
import { closeAtPrice, openAtMarket } from './lever-commit';
import { fillAtLimit, placeLimit } from './lever-limit-commit';
import { chargeOvernightOf, liquidateAtPrices } from './lever-risk-commit';
import type { BalanceAfter } from '../../../db/ledger';
import { canon, shownMoney } from '../../../kernel/decimal';

const LEVER = ACCOUNT_TYPES.lever;

export interface SubmitLever {
  symbol: string;
  side: LeverSide;
  priceType: LeverEntry;
  targetPrice: string | null;
  lots: string;
  multiple: number;
  tp: string | null;
  sl: string | null;
  /** copy trading: the position mirrors a trader's (copied = true); `record` runs inside the opening transaction */
  mirror?: { record(trx: Trx, row: LeverRow): Promise<void> };
}

/** Take-profit above and stop-loss below the entry for a long; the other way round for a short. */
function checkStops(side: LeverSide, entry: string, tp: string | null, sl: string | null): void {
  const e = new Decimal(entry);
  const up = side === 'long';
  if (tp !== null && (up ? new Decimal(tp).lte(e) : new Decimal(tp).gte(e))) throw new AppError('trade_stop_invalid');
  if (sl !== null && (up ? new Decimal(sl).gte(e) : new Decimal(sl).lte(e))) throw new AppError('trade_stop_invalid');
}

function bookPosition(ctx: TradeContext, r: LeverRow): void {
  ctx.books.lever.addPosition({
    id: r.id,
    userId: r.user_id,
    symbol: r.symbol,
    side: r.side,
    lots: canon(r.lots),
    lotSize: canon(r.lot_size),
    multiple: r.multiple,
    openPrice: canon(r.open_price ?? '0'),
    margin: canon(r.margin),
    tp: r.target_profit_price === null ? null : canon(r.target_profit_price),
    sl: r.stop_loss_price === null ? null : canon(r.stop_loss_price),
  });
}

async function emitPosition(
  ctx: TradeContext,
  userId: number,
  rows: LeverRow[],
  n?: ReturnType<typeof notice>[],
): Promise<LeverPosition[]> {
  const view = await accountView(ctx, userId);
  if (view.openRows.length) ctx.books.lever.available.set(userId, view.summary.balance);
  const out = rows.map((r) => view.present(r));
  for (const p of out) ctx.market.emitToUser(userId, 'position', p);
  for (const x of n ?? []) ctx.market.emitToUser(userId, 'notice', x);
  return out;
}

export async function submitLever(
  ctx: TradeContext,
  userId: number,
  req: SubmitLever,
  key?: IdempotencyScope,
): Promise<LeverPosition> {
  const pair = pairBySymbol(ctx, req.symbol);
  assertMarketOpen(ctx, pair);
  if (!pair.multiples.includes(req.multiple)) throw new AppError('trade_multiple_invalid');
  const opening = openingOf(ctx, pair, req);
  const entry = { userId, pair, req, opening, key };
  const row = await userLock(ctx, userId, () =>
    req.mirror
      ? inTx(ctx, (trx, moves) => insertLeverOrder(ctx, trx, moves, entry), key)
      : opening.limit === null
        ? openOnGroupCommit(ctx, entry)
        : placeOnGroupCommit(ctx, entry),
  );
  return announceSubmitted(ctx, userId, row);
}

function emitLeverBalance(ctx: TradeContext, userId: number, account: BalanceAfter): void {
  ctx.market.emitToUser(userId, 'balance', {
    currency_id: LEVER_QUOTE_ID,
    type: LEVER,
    available: account.available,
    frozen: account.frozen,
  });
}

/**
 * A limit entry (not a copy) on the ledger's group commit (lever-limit-commit.ts): the same row and
 * moves as insertLeverOrder + openingMoves — resting (margin and fee frozen) or, crossing now,
 * opened at the current price with its tick. The balance event follows the commit, as inTx's.
 */
async function placeOnGroupCommit(ctx: TradeContext, { userId, pair, req, opening, key }: Entry): Promise<LeverRow> {
  const { limit, current, market, margin, fee } = opening;
  if (limit === null) throw new Error('placeOnGroupCommit: a limit entry');
  const { row, account } = await placeLimit(ctx.db, {
    userId,
    symbol: pair.symbol,
    side: req.side,
    lots: req.lots,
    lotSize: pair.lotSize,
    multiple: req.multiple,
    limit,
    open: market,
    watchSeq: current.seq,
    at: new Date(ctx.now()),
    margin,
    fee,
    tp: req.tp,
    sl: req.sl,
    key,
  });
  emitLeverBalance(ctx, userId, account);
  return row;
}

/** An entry being submitted, with the request's idempotency key. */
interface Entry {
  userId: number;
  pair: PairSettings;
  req: SubmitLever;
  opening: Opening;
  key: IdempotencyScope | undefined;
}

/**
 * A market entry (not a copy: its record goes in the opening transaction) on the ledger's group
 * commit (lever-commit.ts): the same row and moves as insertLeverOrder + openingMoves, one element
 * of a shared statement. The balance event follows the commit, as inTx's.
 */
async function openOnGroupCommit(ctx: TradeContext, { userId, pair, req, opening, key }: Entry): Promise<LeverRow> {
  const { current, walked, market, margin, fee } = opening;
  if (!walked || !market) throw new Error('openOnGroupCommit: a market entry with its walk');
  const { row, account } = await openAtMarket(ctx.db, {
    userId,
    symbol: pair.symbol,
    side: req.side,
    lots: req.lots,
    lotSize: pair.lotSize,
    multiple: req.multiple,
    openPrice: market.price,
    openSeq: market.seq,
    walk: walked.walk,
    watchSeq: current.seq,
    openedAt: new Date(ctx.now()),
    margin,
    fee,
    tp: req.tp,
    sl: req.sl,
    key,
  });
  emitLeverBalance(ctx, userId, account);
  return row;
}

type Tick = ReturnType<typeof currentPrice>;

/** How an entry opens: at market (now), or entrusted at its limit; its margin and fee. */
interface Opening {
  /** the limit price, null at market */
  limit: string | null;
  current: Tick;
  /** a market entry's walk of the venue's book */
  walked: ReturnType<typeof walkedOpenPrice> | null;
  /** the price it opens at now; null when it rests entrusted */
  market: Tick | null;
  margin: string;
  fee: string;
}

/** Checks the entry's price (band, stops) and prices it: a crossing entry opens now, at the book's VWAP for a market one. */
function openingOf(ctx: TradeContext, pair: PairSettings, req: SubmitLever): Opening {
  const limit = req.priceType === 'limit' ? req.targetPrice : null;
  if (req.priceType === 'limit' && limit === null) throw new AppError('trade_price_invalid');
  const current = currentPrice(ctx, pair.symbol);
  if (limit !== null) assertLeverBand(pair, limit, current.price);
  // a limit entry that crosses now opens at the current price, like a market one (no instant loss)
  const crossing = limit === null || limitCrosses(req.side, limit, current.price);
  // a market entry opens at the VWAP of walking the venue's book (matching/open-price.ts)
  const walked =
    crossing && limit === null
      ? walkedOpenPrice(ctx, pair, req.side, new ExactDecimal(req.lots).times(pair.lotSize).toFixed(), current.price)
      : null;
  const market = !crossing ? null : walked ? { ...current, price: walked.price } : current;
  const entry = market ? market.price : (limit as string);
  checkStops(req.side, entry, req.tp, req.sl);
  const contract = {
    side: req.side,
    lots: req.lots,
    lotSize: pair.lotSize,
    multiple: String(req.multiple),
    openPrice: entry,
  };
  const margin = positionMargin(contract);
  const fee = openingFee(contract, pair.leverFeeRate);
  return { limit, current, walked, market, margin, fee };
}

/** In the opening transaction: the order row, a crossing limit's tick, the opening moves, a copy's record. */
async function insertLeverOrder(
  ctx: TradeContext,
  trx: Trx,
  moves: Moves,
  { userId, pair, req, opening }: { userId: number; pair: PairSettings; req: SubmitLever; opening: Opening },
): Promise<LeverRow> {
  const { limit, current, walked, market, margin, fee } = opening;
  const now = new Date(ctx.now());
  const r = await trx
    .insertInto('lever_orders')
    .values({
      user_id: userId,
      symbol: pair.symbol,
      side: req.side,
      price_type: req.priceType,
      status: market ? 'position' : 'entrusted',
      lots: req.lots,
      lot_size: pair.lotSize,
      multiple: req.multiple,
      target_price: limit,
      open_price: market ? market.price : null,
      open_seq: market ? market.seq : null,
      open_walk: walked ? JSON.stringify(walked.walk) : null,
      watch_seq: current.seq,
      opened_at: market ? now : null,
      margin,
      fee,
      target_profit_price: req.tp,
      stop_loss_price: req.sl,
      copied: req.mirror !== undefined,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (market && !walked) await recordTick(trx, r.symbol, market); // a crossing limit's opening tick, on record with it
  await openingMoves(moves, r, market !== null);
  if (req.mirror) await req.mirror.record(trx, r);
  return r;
}

/** Committed: the books follow, copy trading hears of an opened position, the caller gets its position and notice. */
async function announceSubmitted(ctx: TradeContext, userId: number, row: LeverRow): Promise<LeverPosition> {
  if (row.status === 'position') bookPosition(ctx, row);
  else
    ctx.books.lever.addEntrusted({
      id: row.id,
      userId,
      symbol: row.symbol,
      side: row.side,
      price: canon(row.target_price as string),
    });
  if (row.status === 'position') positionChanged(ctx, 'opened', [row]);
  const n =
    row.status === 'position'
      ? [
          notice(
            'lever_opened',
            'notice_lever_opened',
            { symbol: row.symbol, price: canon(row.open_price as string) },
            { type: 'lever', id: row.id },
          ),
        ]
      : [];
  return (await emitPosition(ctx, userId, [row], n))[0];
}

/** An entrusted limit entry becomes a position at its price on the crossing tick. */
export async function fillEntrusted(
  ctx: TradeContext,
  entry: { id: number; userId: number; symbol: string },
  tick: TickRef,
): Promise<LeverRow | null> {
  const row = await userLock(ctx, entry.userId, async () => {
    const done = await fillOnGroupCommit(ctx, entry.id, tick);
    return done !== 'fallback' ? done : fillInTx(ctx, entry.id, tick);
  });
  ctx.books.lever.removeEntrusted(entry.symbol, entry.id);
  if (!row) return null;
  bookPosition(ctx, row);
  positionChanged(ctx, 'opened', [row]);
  await emitPosition(
    ctx,
    row.user_id,
    [row],
    [
      notice(
        'lever_opened',
        'notice_lever_opened',
        { symbol: row.symbol, price: canon(row.open_price as string) },
        { type: 'lever', id: row.id },
      ),
    ],
  );
  return row;
}

/**
 * A fill on the ledger's group commit (lever-limit-commit.ts): the entry read, then one element of a
 * shared statement — the same row and moves as fillInTx. Null when it is no longer entrusted;
 * 'fallback' (nothing written) for the transaction path: a missing row, a frozen fee not held.
 */
async function fillOnGroupCommit(ctx: TradeContext, id: number, tick: TickRef): Promise<LeverRow | null | 'fallback'> {
  const r = await ctx.db.selectFrom('lever_orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) return 'fallback';
  if (r.status !== 'entrusted') return null;
  const done = await fillAtLimit(ctx.db, r, tick, new Date(ctx.now()));
  if (done === null || done === 'fallback') return done;
  emitLeverBalance(ctx, r.user_id, done.account);
  return done.row;
}

/** The fill in one transaction: status guard, the tick on record, the frozen fee spent. */
function fillInTx(ctx: TradeContext, id: number, tick: TickRef): Promise<LeverRow | null> {
  return inTx(ctx, async (trx, moves) => {
    const now = new Date(ctx.now());
    const r = await trx
      .updateTable('lever_orders')
      .set((eb) => ({
        status: 'position',
        open_price: eb.ref('target_price'),
        open_seq: tick.seq,
        watch_seq: tick.seq,
        opened_at: now,
      }))
      .where('id', '=', id)
      .where('status', '=', 'entrusted')
      .returningAll()
      .executeTakeFirst();
    if (!r) return null;
    await recordTick(trx, r.symbol, tick);
    const fee = canon(r.fee);
    if (fee !== '0')
      await moves.settleFrozen({
        userId: r.user_id,
        currencyId: LEVER_QUOTE_ID,
        type: LEVER,
        amount: fee,
        reason: 'lever_fee',
        ref: { type: 'lever_order', id: r.id },
      });
    return r;
  });
}

/** Settles one open position at `price` inside the caller's transaction; null if it is no longer open. */
async function settleClose(
  trx: Trx,
  moves: Moves,
  ctx: TradeContext,
  id: number,
  at: TickRef | { price: string; seq: null },
  reason: LeverCloseReason,
  liq?: { rate: string; line: string; available: string; group: number },
): Promise<LeverRow | null> {
  const price = at.price;
  const r = await trx
    .updateTable('lever_orders')
    // a forced close keeps the risk rate and the line that decided it (the proof)
    .set({
      status: 'closed',
      close_price: price,
      close_seq: at.seq,
      close_reason: reason,
      closed_at: new Date(ctx.now()),
      ...(liq
        ? { liq_risk_rate: liq.rate, liq_line: liq.line, liq_available: liq.available, liq_group: liq.group }
        : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'position')
    .returningAll()
    .executeTakeFirst();
  if (!r) return null;
  if (at.seq !== null) await recordTick(trx, r.symbol, at); // the closing tick, on record with the close
  const settled = await closingMoves(moves, r, price);
  return trx.updateTable('lever_orders').set(settled).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * The money of an opening, in the caller's transaction: the margin frozen and, when the position
 * opens now, the fee charged (a resting limit entry freezes its fee until it fills). `at` dates
 * the journal entries of a position written after the fact (the demo's seeded past).
 */
export async function openingMoves(moves: Moves, r: LeverRow, opensNow: boolean, at?: Date): Promise<void> {
  const base = {
    userId: r.user_id,
    currencyId: LEVER_QUOTE_ID,
    type: LEVER,
    ref: { type: 'lever_order', id: r.id },
    at,
  };
  await moves.freeze({ ...base, amount: canon(r.margin), reason: 'lever_margin' });
  const fee = canon(r.fee);
  if (fee === '0') return;
  if (opensNow) await moves.debit({ ...base, amount: fee, reason: 'lever_fee' });
  else await moves.freeze({ ...base, amount: fee, reason: 'lever_fee_freeze' });
}

/** A position's P&L closed at `price` (core positionPnl), exact. */
function closingPnl(r: LeverRow, price: string) {
  // ExactDecimal: |P&L| − the balance taken (uncovered) can need more than decimal.js's default 20 digits
  return new ExactDecimal(positionPnl(contractOf(r), price));
}

/**
 * The money of a close at `price`, in the caller's transaction: the margin released, the P&L
 * credited, or a loss debited up to the available balance (the rest is the uncovered loss).
 * Returns the realised profit and the uncovered loss to store on the position.
 */
export async function closingMoves(
  moves: Moves,
  r: LeverRow,
  price: string,
  at?: Date,
): Promise<{ profit: string; uncovered_loss: string }> {
  const base = {
    userId: r.user_id,
    currencyId: LEVER_QUOTE_ID,
    type: LEVER,
    ref: { type: 'lever_order', id: r.id },
    at,
  };
  const after = await moves.unfreeze({ ...base, amount: canon(r.margin), reason: 'lever_margin_release' });
  const pnl = closingPnl(r, price);
  let realised = pnl;
  let uncovered = new ExactDecimal(0);
  if (pnl.gt(0)) await moves.credit({ ...base, amount: pnl.toFixed(), reason: 'lever_profit' });
  else if (pnl.lt(0)) {
    const loss = ExactDecimal.min(pnl.neg(), after.available);
    if (loss.gt(0)) await moves.debit({ ...base, amount: loss.toFixed(), reason: 'lever_loss' });
    realised = loss.neg();
    uncovered = pnl.neg().minus(loss);
  }
  return { profit: realised.toFixed(), uncovered_loss: uncovered.toFixed() };
}

function closedNotice(r: LeverRow) {
  return r.close_reason === 'liquidation'
    ? null
    : notice(
        'lever_closed',
        'notice_lever_closed',
        {
          symbol: r.symbol,
          price: canon(r.close_price as string),
          profit: shownMoney(r.profit, r.symbol.split('/')[1] ?? 'USDT'),
        },
        { type: 'lever', id: r.id },
      );
}

async function ownLever(ctx: TradeContext, userId: number, id: number): Promise<LeverRow> {
  const row = await ctx.db.selectFrom('lever_orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.user_id !== userId) throw new AppError('trade_order_not_found');
  return row;
}

/** Closes one position at a price (user close at the feed's price, TP/SL at the triggering tick). */
export async function closePosition(
  ctx: TradeContext,
  userId: number,
  id: number,
  reason: LeverCloseReason,
  at?: TickRef,
  key?: IdempotencyScope,
): Promise<LeverRow | null> {
  const row = await userLock(ctx, userId, async () => {
    const done = await closeOnGroupCommit(ctx, id, reason, at, key);
    if (done !== 'fallback') return done;
    return inTx(
      ctx,
      async (trx, moves) => {
        const cur = await trx
          .selectFrom('lever_orders')
          .select(['symbol'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const px = at ?? currentPrice(ctx, cur.symbol);
        return settleClose(trx, moves, ctx, id, px, reason);
      },
      key,
    );
  });
  if (!row) return null;
  ctx.books.lever.removePosition(row.symbol, row.id, row.user_id);
  positionChanged(ctx, 'closed', [row]);
  const n = closedNotice(row);
  await emitPosition(ctx, userId, [row], n ? [n] : []);
  return row;
}

/**
 * A close on the ledger's group commit (lever-commit.ts): the position read, its P&L computed here,
 * then one element of a shared statement — the same row and moves as settleClose + closingMoves.
 * 'fallback' (nothing written) for what the transaction path must decide: a missing row (it throws
 * there), or a loss beyond the balance (capped there). Null when the position is no longer open.
 */
async function closeOnGroupCommit(
  ctx: TradeContext,
  id: number,
  reason: LeverCloseReason,
  at: TickRef | undefined,
  key: IdempotencyScope | undefined,
): Promise<LeverRow | null | 'fallback'> {
  const r = await ctx.db.selectFrom('lever_orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) return 'fallback';
  if (r.status !== 'position') return null;
  const px = at ?? currentPrice(ctx, r.symbol);
  const done = await closeAtPrice(ctx.db, {
    row: r,
    price: px.price,
    tick: px,
    reason,
    closedAt: new Date(ctx.now()),
    pnl: closingPnl(r, px.price).toFixed(),
    key,
  });
  if (done === null || done === 'fallback') return done;
  ctx.market.emitToUser(r.user_id, 'balance', {
    currency_id: LEVER_QUOTE_ID,
    type: LEVER,
    available: done.account.available,
    frozen: done.account.frozen,
  });
  return done.row;
}

/** POST /lever/close: a position closes at market; an entrusted order is withdrawn (unfrozen). */
export async function closeOrCancel(
  ctx: TradeContext,
  userId: number,
  id: number,
  key?: IdempotencyScope,
): Promise<LeverPosition> {
  const own = await ownLever(ctx, userId, id);
  if (own.status === 'position') {
    const r = await closePosition(ctx, userId, id, 'user', undefined, key);
    if (!r) throw new AppError('trade_order_not_open');
    return (await accountView(ctx, userId)).present(r);
  }
  if (own.status !== 'entrusted') throw new AppError('trade_order_not_open');
  const row = await userLock(ctx, userId, () =>
    inTx(
      ctx,
      async (trx, moves) => {
        const r = await trx
          .updateTable('lever_orders')
          .set({ status: 'cancelled', closed_at: new Date(ctx.now()) })
          .where('id', '=', id)
          .where('status', '=', 'entrusted')
          .returningAll()
          .executeTakeFirst();
        if (!r) throw new AppError('trade_order_not_open');
        const total = new ExactDecimal(r.margin).plus(r.fee).toFixed();
        await moves.unfreeze({
          userId,
          currencyId: LEVER_QUOTE_ID,
          type: LEVER,
          amount: total,
          reason: 'lever_order_cancel',
          ref: { type: 'lever_order', id },
        });
        return r;
      },
      key,
    ),
  );
  ctx.books.lever.removeEntrusted(row.symbol, row.id);
  return (await emitPosition(ctx, userId, [row]))[0];
}

export async function batchClose(
  ctx: TradeContext,
  userId: number,
  type: 'all' | 'long' | 'short',
  key?: IdempotencyScope,
): Promise<{ closed: number; ids: number[] }> {
  let q = ctx.db.selectFrom('lever_orders').select('id').where('user_id', '=', userId).where('status', '=', 'position');
  if (type !== 'all') q = q.where('side', '=', type);
  const ids: number[] = [];
  for (const { id } of await q.orderBy('id').execute()) {
    const r = await closePosition(ctx, userId, id, 'batch', undefined, key);
    if (r) ids.push(r.id);
  }
  return { closed: ids.length, ids };
}

export async function setStops(
  ctx: TradeContext,
  userId: number,
  id: number,
  tp: string | null,
  sl: string | null,
): Promise<LeverPosition> {
  const own = await ownLever(ctx, userId, id);
  if (own.status !== 'position' && own.status !== 'entrusted') throw new AppError('trade_order_not_open');
  const lp = ctx.market.lastPrice(own.symbol);
  const ref =
    own.status === 'position' ? (lp?.price ?? canon(own.open_price as string)) : canon(own.target_price as string);
  checkStops(own.side, ref, tp, sl);
  // a position's new levels are checked against ticks after now only (a restart's replay too)
  const watch = own.status === 'position' && lp ? { watch_seq: lp.seq } : {};
  const row = await userLock(ctx, userId, () =>
    ctx.db
      .updateTable('lever_orders')
      .set({ target_profit_price: tp, stop_loss_price: sl, ...watch })
      .where('id', '=', id)
      .where('status', 'in', ['position', 'entrusted'])
      .returningAll()
      .executeTakeFirst(),
  );
  if (!row) throw new AppError('trade_order_not_open');
  if (row.status === 'position') bookPosition(ctx, row);
  return (await emitPosition(ctx, userId, [row]))[0];
}

/**
 * Forced close: when the account's risk rate (fresh balance, every open position at the feed's
 * current price) is at or below the line, every open position of the user is closed — winners
 * first, so their profit covers the losers before any loss is capped. On the ledger's group commit
 * (lever-risk-commit.ts) when every loss is payable and nothing moved since the decision; else in
 * one transaction. Returns the closed rows.
 */
export async function liquidateIfDue(ctx: TradeContext, userId: number): Promise<LeverRow[]> {
  const closed = await userLock(ctx, userId, async () => {
    const done = await liquidateOnGroupCommit(ctx, userId);
    return done !== 'fallback' ? done : liquidateInTx(ctx, userId);
  });
  for (const r of closed) ctx.books.lever.removePosition(r.symbol, r.id, r.user_id);
  positionChanged(ctx, 'closed', closed);
  if (closed.length) {
    const notices = closed.map((r) =>
      notice(
        'lever_liquidated',
        'notice_lever_liquidated',
        { symbol: r.symbol, price: canon(r.close_price as string), line: ctx.liquidationLine },
        { type: 'lever', id: r.id },
      ),
    );
    await emitPosition(ctx, userId, closed, notices);
  }
  return closed;
}

/** The decision (core riskRate at the feed's prices, the balance read on `db`): null when not due; else the positions, winners first. */
async function liquidationDue(ctx: TradeContext, db: Kysely<Database>, userId: number) {
  const open = await db
    .selectFrom('lever_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'position')
    .execute();
  if (!open.length) return null;
  const bal = await leverAvailable(db, userId);
  ctx.books.lever.available.set(userId, bal.available);
  const priced = open.map((row) => {
    const lp = ctx.market.lastPrice(row.symbol);
    return { row, price: lp?.price ?? canon(row.open_price as string), tick: lp ?? null };
  });
  const rate = riskRate(riskInput(bal.available, priced));
  if (rate === null || new Decimal(rate).gt(ctx.liquidationLine)) return null;
  priced.sort((a, b) =>
    new Decimal(positionPnl(contractOf(b.row), b.price)).cmp(positionPnl(contractOf(a.row), a.price)),
  );
  const liq = { rate, line: ctx.liquidationLine, available: bal.available, group: Math.min(...open.map((o) => o.id)) };
  return { priced, liq, available: bal.available };
}

/** The liquidation as one element of a shared statement; 'fallback' (nothing written) for the transaction path. */
async function liquidateOnGroupCommit(ctx: TradeContext, userId: number): Promise<LeverRow[] | 'fallback'> {
  const due = await liquidationDue(ctx, ctx.db, userId);
  if (!due) return [];
  const done = await liquidateAtPrices(ctx.db, {
    userId,
    available: due.available,
    liq: due.liq,
    positions: due.priced.map((p) => ({ ...p, pnl: closingPnl(p.row, p.price).toFixed() })),
    closedAt: new Date(ctx.now()),
  });
  if (done === 'not_open') return [];
  if (done === 'fallback') return 'fallback';
  emitLeverBalance(ctx, userId, done.account);
  return done.rows;
}

/** The liquidation in one transaction: decided again there, each loss capped at the balance. */
function liquidateInTx(ctx: TradeContext, userId: number): Promise<LeverRow[]> {
  return inTx(ctx, async (trx, moves) => {
    const due = await liquidationDue(ctx, trx, userId);
    if (!due) return [];
    const out: LeverRow[] = [];
    for (const p of due.priced) {
      const at = p.tick ?? { price: p.price, seq: null };
      const r = await settleClose(trx, moves, ctx, p.row.id, at, 'liquidation', due.liq);
      if (r) out.push(r);
    }
    return out;
  });
}

const DAY_MS = 86_400_000;
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Overnight fee: every position open at 00:00 UTC of `nowMs`'s day pays one day's fee
 * (core overnightFee) once. The (position, day) primary key of lever_overnight_charges is the
 * idempotency key: a re-run, a restart or a second process charges nothing more. The positions are
 * charged at once, on the ledger's group commit (lever-risk-commit.ts); a fee beyond the available
 * balance takes the transaction path, which takes what there is (the shortfall recorded as
 * `due − amount`).
 */
export async function chargeOvernight(ctx: TradeContext, nowMs: number): Promise<number> {
  const day = utcDay(nowMs);
  const dayStart = new Date(Math.floor(nowMs / DAY_MS) * DAY_MS);
  const rows = await ctx.db
    .selectFrom('lever_orders as o')
    .selectAll('o')
    .where('o.status', '=', 'position')
    .where('o.opened_at', '<', dayStart)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('lever_overnight_charges as c')
            .select('c.order_id')
            .whereRef('c.order_id', '=', 'o.id')
            .where('c.day', '=', day),
        ),
      ),
    )
    .execute();
  const done = await Promise.allSettled(rows.map((r) => chargeOneOvernight(ctx, r, day)));
  const failed = done.find((d) => d.status === 'rejected');
  if (failed) throw failed.reason;
  return done.filter((d) => d.status === 'fulfilled' && d.value).length;
}

/** One position's day: true when charged now. */
async function chargeOneOvernight(ctx: TradeContext, r: LeverRow, day: string): Promise<boolean> {
  const pair = ctx.settings.get(r.symbol);
  if (!pair) return false;
  const due = overnightFee(contractOf(r), pair.overnightRate, 1);
  return userLock(ctx, r.user_id, async () => {
    const done = await chargeOvernightOf(ctx.db, { row: r, day, due });
    if (done === 'fallback') return overnightInTx(ctx, r, day, due);
    if (done === 'dup' || done === 'not_open') return false;
    emitLeverBalance(ctx, r.user_id, done);
    return true;
  });
}

/** The day's fee in one transaction, taken from the available balance and never beyond it. */
function overnightInTx(ctx: TradeContext, r: LeverRow, day: string, due: string): Promise<boolean> {
  return inTx(ctx, async (trx, moves) => {
    const claimed = await trx
      .insertInto('lever_overnight_charges')
      .values({ order_id: r.id, day, amount: '0', due })
      .onConflict((oc) => oc.columns(['order_id', 'day']).doNothing())
      .returning('order_id')
      .executeTakeFirst();
    if (!claimed) return false;
    const still = await trx
      .selectFrom('lever_orders')
      .select('status')
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    if (still.status !== 'position') return false;
    const bal = await leverAvailable(trx, r.user_id);
    const amount = Decimal.min(due, bal.available);
    if (amount.gt(0))
      await moves.debit({
        userId: r.user_id,
        currencyId: LEVER_QUOTE_ID,
        type: LEVER,
        amount: amount.toFixed(),
        reason: 'lever_overnight_fee',
        ref: { type: 'lever_order', id: r.id },
      });
    await trx
      .updateTable('lever_overnight_charges')
      .set({ amount: amount.toFixed() })
      .where('order_id', '=', r.id)
      .where('day', '=', day)
      .execute();
    await trx
      .updateTable('lever_orders')
      .set((eb) => ({ overnight_fee: eb('overnight_fee', '+', amount.toFixed()) }))
      .where('id', '=', r.id)
      .execute();
    return true;
  });
}

export async function loadLeverBook(ctx: TradeContext): Promise<void> {
  const rows = await ctx.db
    .selectFrom('lever_orders')
    .selectAll()
    .where('status', 'in', ['entrusted', 'position'])
    .execute();
  for (const r of rows) {
    if (r.status === 'position') bookPosition(ctx, r);
    else
      ctx.books.lever.addEntrusted({
        id: r.id,
        userId: r.user_id,
        symbol: r.symbol,
        side: r.side,
        price: canon(r.target_price as string),
      });
  }
}
