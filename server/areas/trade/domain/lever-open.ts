/**
 * Opening a leveraged position (lever account, type 3, USDT). Opening freezes the margin and charges
 * the opening fee; a market entry opens at the VWAP of walking the venue's book. A limit entry must
 * lie within the pair's band around the current price; one that crosses at submission opens at once
 * at the current price; one that rests freezes margin and fee and opens at its own price (charging
 * the fee) when a tick crosses it (fillEntrusted). Margin and fee come from core/calc/contract.ts.
 */
import Decimal from 'decimal.js';
import {
  ACCOUNT_TYPES,
  ExactDecimal,
  limitCrosses,
  openingCost,
  type LeverEntry,
  type LeverPosition,
  type LeverSide,
} from '../../../../core';
import { AppError } from '../../../errors';
import { currentPrice, pairBySymbol, userLock, type TradeContext, type Trx } from './context';
import { inTx, notice, positionChanged, type Moves } from './events';
import type { IdempotencyScope } from '../../../db/idempotency-scope';
import { assertMarketOpen } from './spot';
import type { LeverRow } from './lever-view';
import { LEVER_QUOTE_ID, type PairSettings } from './settings';
import type { TickRef } from './books';
import { assertLeverBand } from './price-band';
import { walkedOpenPrice } from './matching/open-price';
import { recordTick } from './ticks';
import { openAtMarket } from './lever-commit';
import { fillAtLimit, placeLimit } from './lever-limit-commit';
import { canon } from '../../../kernel/decimal';
import { bookPosition, emitLeverBalance, emitPosition } from './lever-events';
import { openingMoves } from './lever-moves';

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
export function checkStops(side: LeverSide, entry: string, tp: string | null, sl: string | null): void {
  const e = new Decimal(entry);
  const up = side === 'long';
  if (tp !== null && (up ? new Decimal(tp).lte(e) : new Decimal(tp).gte(e))) throw new AppError('trade_stop_invalid');
  if (sl !== null && (up ? new Decimal(sl).gte(e) : new Decimal(sl).lte(e))) throw new AppError('trade_stop_invalid');
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

/** An entry being submitted, with the request's idempotency key. */
interface Entry {
  userId: number;
  pair: PairSettings;
  req: SubmitLever;
  opening: Opening;
  key: IdempotencyScope | undefined;
}

/**
 * A limit entry (not a copy) on the ledger's group commit (lever-limit-commit.ts): the same row and
 * moves as insertLeverOrder + openingMoves — resting (margin and fee frozen) or, crossing now,
 * opened at the current price with its tick. The balance event follows the commit, as inTx's.
 */
async function placeOnGroupCommit(ctx: TradeContext, entry: Entry): Promise<LeverRow> {
  const { limit, market } = entry.opening;
  if (limit === null) throw new Error('placeOnGroupCommit: a limit entry');
  const { row, account } = await placeLimit(ctx.db, {
    ...entryFields(entry),
    limit,
    open: market,
    at: new Date(ctx.now()),
  });
  emitLeverBalance(ctx, entry.userId, account);
  return row;
}

/**
 * A market entry (not a copy: its record goes in the opening transaction) on the ledger's group
 * commit (lever-commit.ts): the same row and moves as insertLeverOrder + openingMoves, one element
 * of a shared statement. The balance event follows the commit, as inTx's.
 */
async function openOnGroupCommit(ctx: TradeContext, entry: Entry): Promise<LeverRow> {
  const { walked, market } = entry.opening;
  if (!walked || !market) throw new Error('openOnGroupCommit: a market entry with its walk');
  const { row, account } = await openAtMarket(ctx.db, {
    ...entryFields(entry),
    openPrice: market.price,
    openSeq: market.seq,
    walk: walked.walk,
    openedAt: new Date(ctx.now()),
  });
  emitLeverBalance(ctx, entry.userId, account);
  return row;
}

/** What both group-commit entries send alike: who, what, how much, the stops and the key. */
function entryFields({ userId, pair, req, opening, key }: Entry) {
  return {
    userId,
    symbol: pair.symbol,
    side: req.side,
    lots: req.lots,
    lotSize: pair.lotSize,
    multiple: req.multiple,
    watchSeq: opening.current.seq,
    margin: opening.margin,
    fee: opening.fee,
    tp: req.tp,
    sl: req.sl,
    key,
  };
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
  const { margin, fee } = openingCost(contract, pair.leverFeeRate);
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
