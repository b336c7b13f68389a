/**
 * Seconds expiry on the durable queue. The engine settles an option within ~100 ms of
 * its expiry from its in-memory book (jobs/index.ts); this job, enqueued in the order's own
 * transaction, is the backstop that cannot be lost: a few seconds after expiry it settles the
 * order if it is still pending (a settle that threw, a process that died between the expiry and
 * its settlement), by the same rule a restart uses — the last DURABLE tick at or before the expiry,
 * the buy tick when none came after it. settleSeconds is conditional on `pending`, so whichever
 * comes first settles and the other finds nothing to do; a failed attempt is retried by the queue.
 */
import { enqueueInTx, runAtFor } from '../../../db/jobs';
import type { Kysely } from 'kysely';
import type { Trx } from '../../../db/tx';
import type { Database } from '../../../db/schema';

export const SECONDS_SETTLE = 'seconds.settle';
/** after the expiry: the engine's own settlement normally comes first, and the tick log's 200 ms batches are written by then */
const BACKSTOP_MS = 3_000;

const KEY_PREFIX = `${SECONDS_SETTLE}:`;
export const secondsSettleKey = (orderId: number): string => `${KEY_PREFIX}${orderId}`;

/**
 * The backstop job as the seconds group commit's statement enqueues it with the order (migration
 * 046): task, key prefix (the order's id completes the key, as secondsSettleKey) and run time.
 */
export function secondsSettleJob(expiresAt: number, nowMs: number): { jt: string; jk: string; ra: string } {
  return { jt: SECONDS_SETTLE, jk: KEY_PREFIX, ra: runAtFor(expiresAt + BACKSTOP_MS, nowMs).toISOString() };
}

export async function enqueueSecondsSettle(
  trx: Trx | Kysely<Database>,
  orderId: number,
  expiresAt: number,
  nowMs: number,
): Promise<void> {
  await enqueueInTx(
    trx,
    SECONDS_SETTLE,
    { id: orderId },
    { jobKey: secondsSettleKey(orderId), runAt: runAtFor(expiresAt + BACKSTOP_MS, nowMs) },
  );
}
