/**
 * The handlers of a round's durable jobs (round-queue.ts). Each re-reads the round under lock
 * (rounds.ts lockRound / settleRound: once per round whatever runs it); a job that comes early on
 * the game's clock moves itself to the instant. After a lock the next round opens (rounds chain).
 * Before acting, the round waits until the durable tick log is complete through its instant (a
 * round reads its ticks from market_ticks; tick-ready.ts): until then the job moves itself a
 * moment on.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { enqueueRoundJob, GAME_LOCK, GAME_SETTLE } from './round-queue';
import { ensureOpenRound, lockRound, settleRound } from './rounds';
import type { GameRules } from './rules';
import { instantRecorded, TICK_RECHECK_MS, type DurableThrough } from './tick-ready';

export interface RoundJobCtx {
  db: Kysely<Database>;
  now(): number;
  rules(): Promise<GameRules>;
  /** is every tick at or before the instant on record? (market.durableThrough) */
  durableThrough: DurableThrough;
}

export async function lockRoundJob(ctx: RoundJobCtx, id: number): Promise<'done' | 'early' | 'gone'> {
  const nowMs = ctx.now();
  const r = await ctx.db
    .selectFrom('game_rounds')
    .select(['status', 'lock_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!r || r.status !== 'open') return 'gone';
  if (Number(r.lock_at) > nowMs) {
    await enqueueRoundJob(ctx.db, GAME_LOCK, id, Number(r.lock_at), nowMs);
    return 'early';
  }
  if (!(await instantRecorded(ctx.durableThrough, Number(r.lock_at), nowMs))) {
    await enqueueRoundJob(ctx.db, GAME_LOCK, id, nowMs + TICK_RECHECK_MS, nowMs);
    return 'early';
  }
  const locked = await lockRound(ctx.db, id, nowMs);
  await ensureOpenRound(ctx.db, await ctx.rules(), nowMs);
  return locked ? 'done' : 'gone';
}

export async function settleRoundJob(ctx: RoundJobCtx, id: number): Promise<'done' | 'early' | 'gone'> {
  const nowMs = ctx.now();
  const r = await ctx.db
    .selectFrom('game_rounds')
    .select(['status', 'lock_at', 'close_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!r || r.status === 'settled') return 'gone';
  // not locked yet (its lock job is late): it comes back once the lock has had its turn
  const due = r.status === 'open' ? Math.max(Number(r.close_at), nowMs + 1000) : Number(r.close_at);
  if (due > nowMs) {
    await enqueueRoundJob(ctx.db, GAME_SETTLE, id, due, nowMs);
    return 'early';
  }
  if (!(await instantRecorded(ctx.durableThrough, Number(r.close_at), nowMs))) {
    await enqueueRoundJob(ctx.db, GAME_SETTLE, id, nowMs + TICK_RECHECK_MS, nowMs);
    return 'early';
  }
  return (await settleRound(ctx.db, id, nowMs)) ? 'done' : 'gone';
}

/** Every open or locked round gets its jobs (replacing pending ones): rounds from before the queue. */
export async function scheduleOpenRounds(db: Kysely<Database>, nowMs: number): Promise<number> {
  const rows = await db
    .selectFrom('game_rounds')
    .select(['id', 'status', 'lock_at', 'close_at'])
    .where('status', 'in', ['open', 'locked'])
    .execute();
  for (const r of rows) {
    if (r.status === 'open') await enqueueRoundJob(db, GAME_LOCK, r.id, Number(r.lock_at), nowMs);
    await enqueueRoundJob(db, GAME_SETTLE, r.id, Number(r.close_at), nowMs);
  }
  return rows.length;
}
