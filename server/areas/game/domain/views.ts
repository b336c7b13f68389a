/** What the game pages read: the current rounds with the caller's stake, and one round's verify data. */
import type { GameRound, GameState, GameVerify, GameTick } from '../../../../core';
import { AppError } from '../../../errors';
import type { Db } from '../../../db/schema';
import { canon, canonOrNull } from '../../../kernel/decimal';
import type { GameRules } from './rules';
import { coinDecimals } from './stake';
import { tickBySeq } from './ticks';
import type {} from '../tables';

type RoundRow = {
  id: number;
  symbol: string;
  status: GameRound['status'];
  open_at: string;
  lock_at: string;
  close_at: string;
  fee_rate: string;
  up_total: string;
  down_total: string;
  lock_price: string | null;
  lock_seq: string | null;
  lock_ts: string | null;
  close_price: string | null;
  close_seq: string | null;
  close_ts: string | null;
  outcome: GameRound['outcome'];
  refund_reason: string | null;
  pool: string | null;
  fee: string | null;
};

function tick(price: string | null, seq: string | null, ts: string | null): GameTick | null {
  return price === null || seq === null || ts === null
    ? null
    : { price: canon(price), seq: Number(seq), ts: Number(ts) };
}

export function presentRound(r: RoundRow, mine: GameRound['mine'] = null): GameRound {
  return {
    id: r.id,
    symbol: r.symbol,
    status: r.status,
    open_at: Number(r.open_at),
    lock_at: Number(r.lock_at),
    close_at: Number(r.close_at),
    fee_rate: canon(r.fee_rate),
    up_total: canon(r.up_total),
    down_total: canon(r.down_total),
    lock_tick: tick(r.lock_price, r.lock_seq, r.lock_ts),
    close_tick: tick(r.close_price, r.close_seq, r.close_ts),
    outcome: r.outcome,
    refund_reason: r.refund_reason as GameRound['refund_reason'],
    pool: canonOrNull(r.pool),
    fee: canonOrNull(r.fee),
    mine,
  };
}

async function minesOf(
  db: Db,
  userId: number | null,
  ids: number[],
): Promise<Map<number, NonNullable<GameRound['mine']>>> {
  const out = new Map<number, NonNullable<GameRound['mine']>>();
  if (userId === null || ids.length === 0) return out;
  const rows = await db
    .selectFrom('game_stakes')
    .select(['round_id', 'side', 'amount', 'payout'])
    .where('user_id', '=', userId)
    .where('round_id', 'in', ids)
    .execute();
  for (const s of rows) out.set(s.round_id, { side: s.side, amount: canon(s.amount), payout: canonOrNull(s.payout) });
  return out;
}

export async function gameState(db: Db, rules: GameRules, userId: number | null, nowMs: number): Promise<GameState> {
  const base = db.selectFrom('game_rounds').selectAll().where('symbol', '=', rules.symbol);
  const [open, live, recent] = await Promise.all([
    base.where('status', '=', 'open').orderBy('open_at', 'desc').limit(1).executeTakeFirst(),
    base.where('status', '=', 'locked').orderBy('open_at', 'desc').limit(1).executeTakeFirst(),
    base.where('status', '=', 'settled').orderBy('open_at', 'desc').limit(10).execute(),
  ]);
  const rows = [open, live, ...recent].filter((r): r is NonNullable<typeof r> => r !== undefined);
  const mine = await minesOf(
    db,
    userId,
    rows.map((r) => r.id),
  );
  const p = (r: RoundRow | undefined) => (r ? presentRound(r, mine.get(r.id) ?? null) : null);
  return {
    open: p(open),
    live: p(live),
    recent: recent.map((r) => presentRound(r, mine.get(r.id) ?? null)),
    min_stake: rules.minStake,
    max_stake: rules.maxStake,
    decimals: await coinDecimals(db),
    now: nowMs,
  };
}

/** Public: a settled round's ticks, fee rate and every stake (by stake id, players not named). */
export async function verifyRound(db: Db, roundId: number): Promise<GameVerify> {
  const r = await db.selectFrom('game_rounds').selectAll().where('id', '=', roundId).executeTakeFirst();
  if (!r) throw new AppError('game_round_not_found');
  const stakes = await db
    .selectFrom('game_stakes')
    .select(['id', 'side', 'amount', 'payout'])
    .where('round_id', '=', roundId)
    .orderBy('id')
    .execute();
  return {
    round: presentRound(r),
    feed_ticks: { lock: await tickBySeq(db, r.symbol, r.lock_seq), close: await tickBySeq(db, r.symbol, r.close_seq) },
    decimals: await coinDecimals(db),
    stakes: stakes.map((s) => ({ id: s.id, side: s.side, amount: canon(s.amount), payout: canonOrNull(s.payout) })),
  };
}
