/**
 * Durable jobs, the database side: enqueue a job in the same transaction as the
 * business change it belongs to, and read the queue for the back office. The queue is
 * graphile-worker's, in its own schema (migration 027's job_queue_schema()); the worker that runs
 * the jobs is server/plugins/job-queue.ts.
 *
 * Exactly once: a job is keyed (one pending job per key), it commits or rolls back with the
 * change, a failed attempt is retried with exponential backoff, and every handler re-checks the
 * row's state in its own transaction, so a retry after a crash half-way finds the work done.
 */
import { sql, type Kysely } from 'kysely';
import type { Trx } from './tx';
import type { Database } from './schema';
import type { AdminJob, AdminJobState } from '../../core';

export interface EnqueueOptions {
  /** when it should run (default: now) */
  runAt?: Date;
  /** one pending job per key; enqueuing the same key again moves it (until it has started) */
  jobKey: string;
  /** attempts before it is left failed for an operator (default 25, graphile-worker's) */
  maxAttempts?: number;
}

/** Adds a job inside `trx`: it exists if and only if the transaction commits. */
export async function enqueueInTx(
  trx: Trx | Kysely<Database>,
  task: string,
  payload: object,
  opts: EnqueueOptions,
): Promise<void> {
  const runAt = opts.runAt ?? null;
  await sql`SELECT enqueue_job(${task}, ${JSON.stringify(payload)}::json, ${runAt}::timestamptz, ${opts.jobKey}, ${opts.maxAttempts ?? 25})`.execute(
    trx,
  );
}

/**
 * The queue's time for a rule's instant: the rules read a replaceable clock (`now`, moved by the
 * tests), the queue runs on the database's. `dueMs` is `ms` after the rule's now, so it is that far
 * after the real now; in production both clocks are the same and this is `dueMs` itself.
 */
export function runAtFor(dueMs: number, ruleNow: number): Date {
  return new Date(Date.now() + Math.max(0, dueMs - ruleNow));
}

export async function jobQueueSchema(db: Kysely<Database>): Promise<string> {
  const r = await sql<{ s: string }>`SELECT job_queue_schema() AS s`.execute(db);
  return r.rows[0].s;
}

/** Jobs waiting, running or given up (done jobs leave the queue), soonest first, newest failures first. */
export async function listJobs(
  db: Kysely<Database>,
  opts: { state?: AdminJobState; offset: number; limit: number },
): Promise<{ rows: AdminJob[]; total: number }> {
  const jobs = sql.id(await jobQueueSchema(db), 'jobs');
  const stateOf = sql`CASE WHEN locked_at IS NOT NULL THEN 'running' WHEN attempts >= max_attempts THEN 'failed' WHEN attempts > 0 THEN 'retrying' ELSE 'queued' END`;
  const filter = opts.state ? sql`WHERE ${stateOf} = ${opts.state}` : sql``;
  const rows = await sql<AdminJob>`
    SELECT id::int AS id, task_identifier AS task, key, ${stateOf} AS state, attempts, max_attempts, last_error,
           to_char(run_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS run_at,
           to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
    FROM ${jobs} ${filter}
    ORDER BY (${stateOf} = 'failed') DESC, run_at, id
    LIMIT ${opts.limit} OFFSET ${opts.offset}`.execute(db);
  const total = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${jobs} ${filter}`.execute(db);
  return { rows: rows.rows, total: total.rows[0].n };
}
