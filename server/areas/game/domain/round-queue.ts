/**
 * A round's two instants as durable jobs: `game.lock` at its lock and `game.settle` at
 * its close, keyed by the round, enqueued in the transaction that opens the round (rounds.ts
 * ensureOpenRound). The handlers are round-jobs.ts's.
 */
import type { Kysely } from 'kysely';
import { enqueueInTx, runAtFor } from '../../../db/jobs';
import type { Database } from '../../../db/schema';
import type { Trx } from '../../../db/tx';

export const GAME_LOCK = 'game.lock';
export const GAME_SETTLE = 'game.settle';
export const gameLockKey = (roundId: number): string => `${GAME_LOCK}:${roundId}`;
export const gameSettleKey = (roundId: number): string => `${GAME_SETTLE}:${roundId}`;

export async function enqueueRoundJob(
  db: Trx | Kysely<Database>,
  task: typeof GAME_LOCK | typeof GAME_SETTLE,
  roundId: number,
  dueMs: number,
  nowMs: number,
): Promise<void> {
  const jobKey = task === GAME_LOCK ? gameLockKey(roundId) : gameSettleKey(roundId);
  await enqueueInTx(db, task, { id: roundId }, { jobKey, runAt: runAtFor(dueMs, nowMs) });
}
