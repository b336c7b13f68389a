/**
 * The daily snapshot: a durable job (graphile-worker, as the other areas' jobs) keyed
 * `liabilities.daily`, due at 00:00 UTC. Each run takes that day's snapshot (once: a day has at
 * most one, so a retry after a crash returns the one already written) and enqueues the next day's.
 * Each start enqueues the next midnight's run under the same key, which only moves it to the same
 * instant.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { enqueueInTx } from '../../db/jobs';
import type { Database } from '../../db/schema';
import { takeSnapshot } from './domain';

const LIABILITIES_DAILY = 'liabilities.daily';
const DAY_MS = 86_400_000;

/** the UTC day (YYYY-MM-DD) of an instant */
const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** enqueues the snapshot of the first UTC midnight after `nowMs` */
export async function scheduleNextDaily(db: Kysely<Database>, nowMs: number): Promise<string> {
  const day = utcDay(nowMs + DAY_MS);
  await enqueueInTx(
    db,
    LIABILITIES_DAILY,
    { day },
    { jobKey: LIABILITIES_DAILY, runAt: new Date(`${day}T00:00:00.000Z`) },
  );
  return day;
}

export function startLiabilityJobs(app: FastifyInstance): void {
  app.jobQueue.task<{ day: string }>(LIABILITIES_DAILY, async ({ day }) => {
    const s = await takeSnapshot(app.db, { kind: 'daily', day });
    app.log.info({ snapshot: s?.id, day }, 'liabilities: daily snapshot');
    await scheduleNextDaily(app.db, Date.now());
  });
}
