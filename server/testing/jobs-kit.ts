/** Test helpers for the durable job queue: read a job by key, let time pass for it, wait for an effect. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { jobQueueSchema } from '../db/jobs';

export interface QueuedJob {
  task: string;
  run_at: Date;
  attempts: number;
  last_error: string | null;
  locked: boolean;
}

export async function jobByKey(db: Kysely<Database>, key: string): Promise<QueuedJob | undefined> {
  const t = sql.id(await jobQueueSchema(db), '_private_jobs');
  const tasks = sql.id(await jobQueueSchema(db), '_private_tasks');
  const r =
    await sql<QueuedJob>`SELECT t.identifier AS task, j.run_at, j.attempts, j.last_error, j.locked_at IS NOT NULL AS locked
    FROM ${t} j JOIN ${tasks} t ON t.id = j.task_id WHERE j.key = ${key}`.execute(db);
  return r.rows[0];
}

/** Keys of the queued jobs whose key starts with `prefix`, in order. */
export async function jobKeys(db: Kysely<Database>, prefix: string): Promise<string[]> {
  const t = sql.id(await jobQueueSchema(db), '_private_jobs');
  return (
    await sql<{ key: string }>`SELECT key FROM ${t} WHERE starts_with(key, ${prefix}) ORDER BY key`.execute(db)
  ).rows.map((r) => r.key);
}

/** Time passes for the queue: the keyed job becomes due now (its run_at is on the database's clock, the rules' clock is the test's). */
export async function dueNow(db: Kysely<Database>, key: string): Promise<void> {
  await sql`UPDATE ${sql.id(await jobQueueSchema(db), '_private_jobs')} SET run_at = now() WHERE key = ${key}`.execute(
    db,
  );
}

/**
 * Waits (polling) until `check` holds, or fails after `ms`. 30 s: a durable job's run waits on the
 * queue's poll and a shared PostgreSQL, which on a loaded 2-core CI machine took over 10 s once.
 */
export async function eventually<T>(check: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error('not within time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
