/**
 * The durable job queue's promises, on the app's own PostgreSQL: a job enqueued with a
 * business change that rolls back never runs; a job that crashes half-way (after its step
 * committed, or inside its transaction) is retried to exactly one effect; operators see queued and
 * failed jobs with attempts and the last error.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp, type BuiltApp } from '../app';
import { testConfig } from '../config';
import { createTestDb } from '../testing/db';
import { enqueueInTx } from '../db/jobs';
import { inTransaction } from '../db/tx';
import type { DbHandle } from '../db/connect';
import { eventually, jobByKey } from '../testing/jobs-kit';
import { operator } from '../testing/funds-kit';
import type { TestApp } from '../testing/app';
import type { AdminJob, Page } from '../../core';
import { startJobWorker, stopJobWorker, workerConnectionName } from './job-queue';

let handle: DbHandle;
let built: BuiltApp;
const attempts = new Map<string, number>();

beforeAll(async () => {
  handle = await createTestDb();
  built = await buildApp(testConfig(), { db: handle, jobWorker: false });
  await sql`CREATE TABLE job_effects (key text PRIMARY KEY, n int NOT NULL)`.execute(built.app.db);
  // the effect: one row per key, written once in the handler's own transaction (it re-checks first)
  const effect = (key: string, crash?: 'after-commit' | 'in-tx') => async (attempt: number) => {
    await inTransaction(built.app.db, async (trx) => {
      const done = await sql`SELECT 1 FROM job_effects WHERE key = ${key} FOR UPDATE`.execute(trx);
      if (done.rows.length) return;
      await sql`INSERT INTO job_effects (key, n) VALUES (${key}, 1)`.execute(trx);
      if (crash === 'in-tx' && attempt === 1) throw new Error('crash inside the transaction');
    });
    if (crash === 'after-commit' && attempt === 1) throw new Error('crash after the step committed');
  };
  built.app.jobQueue.task<{ key: string; crash?: 'after-commit' | 'in-tx' | 'always' }>(
    'test.effect',
    async ({ key, crash }, info) => {
      attempts.set(key, info.attempt);
      if (crash === 'always') throw new Error(`no luck for ${key}`);
      await effect(key, crash)(info.attempt);
    },
  );
  await startJobWorker(built.app, { pollMs: 100 });
});
afterAll(async () => {
  await built?.close();
  await handle?.close();
});

const effects = async () =>
  (await sql<{ key: string; n: number }>`SELECT key, n FROM job_effects ORDER BY key`.execute(built.app.db)).rows;

it('a job enqueued with a change that rolls back never runs; one that commits runs once', async () => {
  await expect(
    inTransaction(built.app.db, async (trx) => {
      await enqueueInTx(trx, 'test.effect', { key: 'rolled-back' }, { jobKey: 'e:rolled-back' });
      throw new Error('the business change is refused');
    }),
  ).rejects.toThrow('refused');
  await inTransaction(built.app.db, (trx) =>
    enqueueInTx(trx, 'test.effect', { key: 'committed' }, { jobKey: 'e:committed' }),
  );
  await eventually(async () => (await effects()).length > 0);
  await eventually(async () => !(await jobByKey(built.app.db, 'e:committed')));
  expect(await effects()).toEqual([{ key: 'committed', n: 1 }]);
  expect(await jobByKey(built.app.db, 'e:rolled-back')).toBeUndefined();
  expect(attempts.has('rolled-back')).toBe(false);
});

it('a crash half-way is retried (with backoff) to exactly one effect', async () => {
  await inTransaction(built.app.db, async (trx) => {
    await enqueueInTx(trx, 'test.effect', { key: 'crash-after-commit', crash: 'after-commit' }, { jobKey: 'e:after' });
    await enqueueInTx(trx, 'test.effect', { key: 'crash-in-tx', crash: 'in-tx' }, { jobKey: 'e:in-tx' });
  });
  // the first attempts fail: the jobs wait for their retry with the error recorded
  const failed = await eventually(async () => {
    const j = await jobByKey(built.app.db, 'e:in-tx');
    return j && j.attempts === 1 && !j.locked ? j : undefined;
  });
  expect(failed.last_error).toContain('crash inside the transaction');
  expect(failed.run_at.getTime()).toBeGreaterThan(Date.now()); // backed off
  await eventually(
    async () => !(await jobByKey(built.app.db, 'e:after')) && !(await jobByKey(built.app.db, 'e:in-tx')),
    20_000,
  );
  expect(attempts.get('crash-after-commit')).toBe(2);
  expect(attempts.get('crash-in-tx')).toBe(2);
  expect((await effects()).filter((e) => e.key.startsWith('crash'))).toEqual([
    { key: 'crash-after-commit', n: 1 },
    { key: 'crash-in-tx', n: 1 },
  ]);
}, 30_000);

it('the back office lists queued and failed jobs with attempts, last error and run time, for operators only', async () => {
  const later = new Date(Date.now() + 3_600_000);
  await inTransaction(built.app.db, async (trx) => {
    await enqueueInTx(trx, 'test.effect', { key: 'later' }, { jobKey: 'e:later', runAt: later });
    await enqueueInTx(trx, 'test.effect', { key: 'doomed', crash: 'always' }, { jobKey: 'e:doomed', maxAttempts: 1 });
  });
  await eventually(async () => (await jobByKey(built.app.db, 'e:doomed'))?.attempts === 1);
  const t = { app: built.app, handle } as unknown as TestApp;
  const auth = await operator(t);
  const list = async (q: string) => {
    const r = await built.app.inject({ method: 'GET', url: `/admin/api/jobs${q}`, headers: { authorization: auth } });
    return (r.json() as { message: Page<AdminJob> }).message;
  };
  // the app's own jobs (the seeded game round, IEO ends) are queued beside this test's two
  const ours = (p: Page<AdminJob>) => p.list.filter((j) => j.task === 'test.effect');
  const all = ours(await list(''));
  expect(all.map((j) => [j.key, j.state])).toEqual([
    ['e:doomed', 'failed'],
    ['e:later', 'queued'],
  ]);
  const doomed = all[0];
  expect(doomed).toMatchObject({ task: 'test.effect', attempts: 1, max_attempts: 1 });
  expect(doomed.last_error).toContain('no luck for doomed');
  expect(all[1].run_at).toBe(later.toISOString());
  expect(ours(await list('?state=failed')).map((j) => j.key)).toEqual(['e:doomed']);
  const queued = await list('?state=queued');
  expect(ours(queued).map((j) => j.key)).toEqual(['e:later']);
  expect(queued.list.every((j) => j.state === 'queued')).toBe(true);
  const anon = await built.app.inject({ method: 'GET', url: '/admin/api/jobs' });
  expect(anon.json()).not.toMatchObject({ type: 'ok' });
});

// last: it stops the worker
it('stopping the worker ends its own connections, so none outlives it into the database shutdown', async () => {
  const name = workerConnectionName(built.app.jobQueue.schema);
  const open = async () =>
    (
      await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${name}`.execute(
        built.app.db,
      )
    ).rows[0].n;
  expect(await open()).toBeGreaterThan(0); // at least its LISTEN connection
  await stopJobWorker(built.app);
  await eventually(async () => (await open()) === 0);
  // the app's own pool is untouched
  expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(built.app.db)).rows).toEqual([{ one: 1 }]);
});
