/**
 * Writes the demo traders' planned past (history-plan.ts) as real closed contract positions: the
 * trader's own, and a mirror for every demo follow live at the entry (sized by followerLots, the
 * live mirroring's rule), each with the margin and fee of core's contract math and every balance
 * move through the lever engine's own opening / closing moves (the ledger, reasons lever_margin,
 * lever_fee, lever_margin_release, lever_profit / lever_loss), journal entries dated when they
 * happened. Events are applied in time order across all traders, so each account's journal reads
 * in order. A position carries price_candle: `npm run verify` checks its prices against the stored
 * candles instead of ticks (migration 031).
 */
import { sql, type Kysely } from 'kysely';
import { ExactDecimal, type CopySkipReason, type CopyType } from '../../../../core';
import type { Database } from '../../../db/schema';
import type { Trx } from '../../../db/tx';
import {
  closingMoves,
  leverAvailable,
  Moves,
  openingMoves,
  type LeverRow,
  type PairSettings,
} from '../../trade/domain';
import { canon } from '../../../kernel/decimal';
import { followerLots, followerOpeningCost } from './sizing';
import type { HistoryBar, HistoryPeriod, PlannedTrade } from './history-plan';

const PERIODS: readonly HistoryPeriod[] = ['60min', '4hour'];

/** The stored candles of these symbols in the periods the history uses. */
export async function loadHistoryBars(
  db: Kysely<Database>,
  symbols: readonly string[],
): Promise<Map<string, Record<HistoryPeriod, HistoryBar[]>>> {
  const out = new Map<string, Record<HistoryPeriod, HistoryBar[]>>();
  if (!symbols.length) return out;
  const rows = await db
    .selectFrom('candles')
    .select(['symbol', 'period', 'time', 'open', 'close'])
    .where('symbol', 'in', [...symbols])
    .where('period', 'in', [...PERIODS])
    .orderBy('symbol')
    .orderBy('period')
    .orderBy('time')
    .execute();
  for (const r of rows) {
    const s = out.get(r.symbol) ?? { '60min': [], '4hour': [] };
    s[r.period as HistoryPeriod].push({
      time: Number(r.time),
      period: r.period as HistoryPeriod,
      open: canon(r.open),
      close: canon(r.close),
    });
    out.set(r.symbol, s);
  }
  return out;
}

export interface HistoryFollow {
  followerId: number;
  traderId: number;
  type: CopyType;
  number: string;
  /** when the follow was made */
  at: Date;
}

export interface HistoryCounts {
  trades: number;
  copies: number;
  skipped: number;
}

type Open = { kind: 'open'; at: number; traderId: number; trade: PlannedTrade };
type Close = { kind: 'close'; at: number; traderId: number; trade: PlannedTrade };

/** An open position of a planned trade: the trader's (copyId null) or a follower's with its copy row. */
type LivePosition = { row: LeverRow; copyId: number | null };

/** What one writing shares: the transaction, its ledger moves, the follows with their row ids, the counts. */
interface Writing {
  trx: Trx;
  moves: Moves;
  follows: readonly HistoryFollow[];
  followIds: ReadonlyMap<HistoryFollow, number>;
  counts: HistoryCounts;
}

/**
 * Writes every trader's planned trades and their followers' mirrors in the caller's transaction.
 * A trade whose margin + fee the account cannot cover is left out (a follower's is a skipped copy).
 */
export async function writeHistory(
  trx: Trx,
  plans: ReadonlyMap<number, readonly PlannedTrade[]>,
  follows: readonly HistoryFollow[],
  pairs: ReadonlyMap<string, PairSettings>,
): Promise<HistoryCounts> {
  const moves = new Moves(trx);
  const counts: HistoryCounts = { trades: 0, copies: 0, skipped: 0 };
  const followIds = await insertFollows(trx, follows);
  const w: Writing = { trx, moves, follows, followIds, counts };
  // the open positions of each planned trade: the trader's, then each follower's with its copy row
  const live = new Map<PlannedTrade, LivePosition[]>();
  for (const e of timeline(plans)) {
    const pair = pairs.get(e.trade.symbol);
    if (!pair) continue;
    if (e.kind === 'open') {
      const rows = await openWithMirrors(w, e, pair);
      if (rows) live.set(e.trade, rows);
    } else {
      await closeAll(w, e, live.get(e.trade) ?? []);
      live.delete(e.trade);
    }
  }
  return counts;
}

/** The follows' rows, dated when they were made; returns each follow's row id. */
async function insertFollows(trx: Trx, follows: readonly HistoryFollow[]): Promise<Map<HistoryFollow, number>> {
  const followIds = new Map<HistoryFollow, number>();
  for (const f of follows) {
    const row = await trx
      .insertInto('copy_follows')
      .values({
        follower_id: f.followerId,
        trader_id: f.traderId,
        type: f.type,
        number: f.number,
        status: 'following',
        agreed_at: f.at,
        created_at: f.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    followIds.set(f, row.id);
  }
  return followIds;
}

/** Every planned opening and closing across all traders, in time order. */
function timeline(plans: ReadonlyMap<number, readonly PlannedTrade[]>): (Open | Close)[] {
  const events: (Open | Close)[] = [];
  for (const [traderId, trades] of plans)
    for (const t of trades)
      events.push(
        { kind: 'open', at: t.openAt, traderId, trade: t },
        { kind: 'close', at: t.closeAt, traderId, trade: t },
      );
  // time order; at one instant closes first (a position closed at 12:00 frees its margin for one opened at 12:00)
  events.sort((a, b) => a.at - b.at || (a.kind === b.kind ? 0 : a.kind === 'close' ? -1 : 1));
  return events;
}

/** The trader's position, then a mirror (or a skipped copy) for each follow live at the entry; null when the trader's own is left out. */
async function openWithMirrors(w: Writing, e: Open, pair: PairSettings): Promise<LivePosition[] | null> {
  const own = await openOne(w.trx, w.moves, e.traderId, e.trade, pair, false);
  if (!own) return null;
  w.counts.trades++;
  const rows: LivePosition[] = [{ row: own, copyId: null }];
  for (const f of w.follows) {
    if (f.traderId !== e.traderId || f.at.getTime() > e.at) continue;
    const mirror = await mirrorOne(w, f, e, own, pair);
    if (mirror) rows.push(mirror);
  }
  return rows;
}

/** One follower's copy of the trader's position: opened with its copy row, or a skipped copy row (null). */
async function mirrorOne(
  w: Writing,
  f: HistoryFollow,
  e: Open,
  own: LeverRow,
  pair: PairSettings,
): Promise<LivePosition | null> {
  const follow = {
    follow_id: w.followIds.get(f) as number,
    follower_id: f.followerId,
    trader_id: f.traderId,
    trader_position_id: own.id,
    created_at: new Date(e.at),
  };
  const sized = followerLots(f.type, f.number, e.trade.lots, pair);
  const mirror = sized.ok
    ? await openOne(w.trx, w.moves, f.followerId, { ...e.trade, lots: sized.lots }, pair, true)
    : null;
  if (!mirror) {
    const reason: CopySkipReason = sized.ok ? 'insufficient_balance' : sized.reason;
    await w.trx
      .insertInto('copy_trades')
      .values({ ...follow, status: 'skipped', skip_reason: reason, lots: sized.lots })
      .execute();
    w.counts.skipped++;
    return null;
  }
  const c = await w.trx
    .insertInto('copy_trades')
    .values({ ...follow, follower_position_id: mirror.id, status: 'open', lots: sized.lots })
    .returning('id')
    .executeTakeFirstOrThrow();
  w.counts.copies++;
  return { row: mirror, copyId: c.id };
}

/** Closes a planned trade's positions at its exit (the trader's first, then the mirrors) and their copy rows. */
async function closeAll(w: Writing, e: Close, positions: readonly LivePosition[]): Promise<void> {
  const at = new Date(e.at);
  for (const { row, copyId } of positions) {
    const settled = await closingMoves(w.moves, row, e.trade.closePrice, at);
    await w.trx
      .updateTable('lever_orders')
      .set({
        status: 'closed',
        close_price: e.trade.closePrice,
        close_seq: null,
        close_reason: copyId === null ? 'user' : 'copy',
        closed_at: at,
        ...settled,
      })
      .where('id', '=', row.id)
      .execute();
    if (copyId !== null)
      await w.trx
        .updateTable('copy_trades')
        .set({ status: 'closed', closed_at: at })
        .where('id', '=', copyId)
        .execute();
  }
}

/** Opens one past position (margin frozen, fee charged, dated at its entry); null when the balance cannot cover it. */
async function openOne(
  trx: Trx,
  moves: Moves,
  userId: number,
  t: PlannedTrade,
  pair: PairSettings,
  copied: boolean,
): Promise<LeverRow | null> {
  const { margin, fee } = followerOpeningCost(pair, t);
  const { available } = await leverAvailable(trx, userId);
  if (new ExactDecimal(margin).plus(fee).gt(available)) return null;
  const at = new Date(t.openAt);
  const row = await trx
    .insertInto('lever_orders')
    .values({
      user_id: userId,
      symbol: t.symbol,
      side: t.side,
      price_type: 'market',
      status: 'position',
      lots: t.lots,
      lot_size: pair.lotSize,
      multiple: t.multiple,
      open_price: t.openPrice,
      margin,
      fee,
      copied,
      price_candle: t.period,
      created_at: at,
      opened_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await openingMoves(moves, row, true, at);
  return row;
}

/** Whether a seeded past is already on record (the seed's idempotency check). */
export async function historySeeded(db: Kysely<Database>, userIds: readonly number[]): Promise<boolean> {
  if (!userIds.length) return false;
  const r = await db
    .selectFrom('lever_orders')
    .select('id')
    .where('user_id', 'in', [...userIds])
    .where('price_candle', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

/** One seeding at a time across processes: a transaction-scoped advisory lock. */
export async function lockHistorySeed(trx: Trx): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('copytrade:demo-history'))`.execute(trx);
}
