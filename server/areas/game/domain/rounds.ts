/**
 * The round timers, each unit exactly once by its row's state (the NFT job's pattern):
 * - open a round when none takes stakes: it opens at the previous round's lock (rounds chain),
 *   or now after an outage; it locks one round length later and closes one more later;
 * - lock a round whose lock instant passed: record the lock tick (status 'locked');
 * - settle a locked round whose close instant passed: record the close tick, compute the result
 *   with core's settleGameRound and pay every payout / refund through the ledger — all in ONE
 *   transaction, so a crash before the commit leaves nothing done and one after leaves nothing to do.
 * Each unit re-reads its row under lock, so a restart or a second runner only finds what is still due.
 * A round's lock and close are durable jobs enqueued with it (round-queue.ts, round-jobs.ts);
 * runRounds is the start-up sweep's pass (and the tests').
 */
import type { Kysely } from 'kysely';
import { settleGameRound } from '../../../../core';
import type { Database } from '../../../db/schema';
import { credit } from '../../../db/ledger';
import { inTransaction } from '../../../db/tx';
import { lockUsers } from '../../../db/user-locks';
import { FUNDS_ACCOUNT_TYPE } from '../../../../core';
import { GAME_CURRENCY_ID, type GameRules } from './rules';
import { tickAtOrBefore } from './ticks';
import { coinDecimals } from './stake';
import type {} from '../tables';
import { enqueueRoundJob, GAME_LOCK, GAME_SETTLE } from './round-queue';

/** Test hook: called after each unit commits, and inside a settlement after its first payout; throwing there is a "crash". */
export type GameHook = (kind: 'game_lock' | 'game_settle' | 'game_settle_mid', roundId: number) => void;

export async function ensureOpenRound(db: Kysely<Database>, rules: GameRules, nowMs: number): Promise<boolean> {
  const newest = await db
    .selectFrom('game_rounds')
    .select(['lock_at'])
    .where('symbol', '=', rules.symbol)
    .orderBy('open_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const lastLock = newest ? Number(newest.lock_at) : null;
  if (lastLock !== null && lastLock > nowMs) return false;
  const openAt = lastLock !== null && nowMs - lastLock < rules.roundMs ? lastLock : nowMs;
  return inTransaction(db, async (trx) => {
    const r = await trx
      .insertInto('game_rounds')
      .values({
        symbol: rules.symbol,
        open_at: openAt,
        lock_at: openAt + rules.roundMs,
        close_at: openAt + 2 * rules.roundMs,
        fee_rate: rules.feeRate,
      })
      .onConflict((oc) => oc.columns(['symbol', 'open_at']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!r) return false;
    // its lock and its close: durable jobs that exist exactly when the round does
    await enqueueRoundJob(trx, GAME_LOCK, r.id, openAt + rules.roundMs, nowMs);
    await enqueueRoundJob(trx, GAME_SETTLE, r.id, openAt + 2 * rules.roundMs, nowMs);
    return true;
  });
}

export async function lockRound(db: Kysely<Database>, id: number, nowMs: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const r = await trx
      .selectFrom('game_rounds')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (r.status !== 'open' || Number(r.lock_at) > nowMs) return false;
    const t = await tickAtOrBefore(trx, r.symbol, Number(r.lock_at));
    await trx
      .updateTable('game_rounds')
      .set({ status: 'locked', lock_price: t?.price ?? null, lock_seq: t?.seq ?? null, lock_ts: t?.ts ?? null })
      .where('id', '=', id)
      .execute();
    return true;
  });
}

export async function settleRound(db: Kysely<Database>, id: number, nowMs: number, hook?: GameHook): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const r = await trx
      .selectFrom('game_rounds')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (r.status !== 'locked' || Number(r.close_at) > nowMs) return false;
    const close = await tickAtOrBefore(trx, r.symbol, Number(r.close_at));
    const stakes = await trx
      .selectFrom('game_stakes')
      .select(['id', 'user_id', 'side', 'amount'])
      .where('round_id', '=', id)
      .orderBy('id')
      .execute();
    const result = settleGameRound({
      lockPrice: r.lock_price,
      closePrice: close?.price ?? null,
      stakes: stakes.map((s) => ({ id: s.id, side: s.side, amount: s.amount })),
      feeRate: r.fee_rate,
      decimals: await coinDecimals(trx),
    });
    await lockUsers(
      trx,
      stakes.map((s) => s.user_id),
    );
    const reason = result.outcome === 'refund' ? 'game_refund' : 'game_payout';
    let first = true;
    for (const [i, p] of result.payouts.entries()) {
      const s = stakes[i];
      if (p.amount !== '0') {
        await credit(trx, {
          userId: s.user_id,
          currencyId: GAME_CURRENCY_ID,
          type: FUNDS_ACCOUNT_TYPE,
          amount: p.amount,
          reason,
          ref: { type: 'game_stake', id: s.id },
        });
        if (first) hook?.('game_settle_mid', id);
        first = false;
      }
      await trx.updateTable('game_stakes').set({ payout: p.amount }).where('id', '=', s.id).execute();
    }
    await trx
      .updateTable('game_rounds')
      .set({
        status: 'settled',
        close_price: close?.price ?? null,
        close_seq: close?.seq ?? null,
        close_ts: close?.ts ?? null,
        outcome: result.outcome,
        refund_reason: result.refund_reason,
        pool: result.pool,
        fee: result.fee,
        settled_at: new Date(nowMs),
      })
      .where('id', '=', id)
      .execute();
    return true;
  });
}

/**
 * One pass: lock what is due, settle what is due, then make sure a round takes stakes. A round
 * whose instant the durable tick log has not reached yet is left to its job (tick-ready.ts).
 */
export async function runRounds(
  db: Kysely<Database>,
  rules: GameRules,
  nowMs: number,
  hook?: GameHook,
  recorded: (instantMs: number) => Promise<boolean> = async () => true,
): Promise<{ locked: number; settled: number; opened: boolean }> {
  let locked = 0;
  let settled = 0;
  const toLock = await db
    .selectFrom('game_rounds')
    .select(['id', 'lock_at'])
    .where('status', '=', 'open')
    .where('lock_at', '<=', String(nowMs))
    .orderBy('id')
    .execute();
  for (const r of toLock) {
    if (!(await recorded(Number(r.lock_at)))) continue;
    if (await lockRound(db, r.id, nowMs)) {
      locked++;
      hook?.('game_lock', r.id);
    }
  }
  const toSettle = await db
    .selectFrom('game_rounds')
    .select(['id', 'close_at'])
    .where('status', '=', 'locked')
    .where('close_at', '<=', String(nowMs))
    .orderBy('id')
    .execute();
  for (const r of toSettle) {
    if (!(await recorded(Number(r.close_at)))) continue;
    if (await settleRound(db, r.id, nowMs, hook)) {
      settled++;
      hook?.('game_settle', r.id);
    }
  }
  return { locked, settled, opened: await ensureOpenRound(db, rules, nowMs) };
}
