/**
 * The durable job queue: graphile-worker on the app's own PostgreSQL (embedded or
 * DATABASE_URL), in its own schema (db/migrations/027: `graphile_worker`, or `<schema>_jobs` beside
 * a test schema). Business code enqueues with db/jobs.ts's enqueueInTx inside its transaction;
 * areas register the handlers here (`app.jobQueue.task`); startJobWorker runs them.
 *
 * Every process installs the queue's schema at start (graphile-worker migrates it itself; a no-op
 * once it is there), so any process may enqueue. Only a process that calls startJobWorker runs
 * jobs: the single-process default does (app.ts), and a `jobs` role can be the only one that does
 * (AppDeps.jobWorker = false elsewhere). Jobs due later are found by a poll (POLL_MS); jobs due now
 * wake the worker at once through LISTEN/NOTIFY. A failed attempt is retried with graphile-worker's
 * exponential backoff (exp(min(attempt, 10)) s) up to its max attempts, then stays `failed` in the
 * back office (/admin/api/jobs). Closing the app stops the worker after the jobs in hand finish,
 * then ends the worker's own pool, so its connections never outlive it into the database's shutdown.
 */
import type { FastifyInstance } from 'fastify';
import { Logger, run, runMigrations, type LogLevel, type Runner, type TaskList } from 'graphile-worker';
import pg from 'pg';
import type { DbHandle } from '../db/connect';
import { jobQueueSchema } from '../db/jobs';
import { withMigrationLock } from '../db/migrate';

const POLL_MS = 500;

interface JobInfo {
  /** 1 on the first attempt */
  attempt: number;
  jobKey: string | null;
}

type JobHandler<P> = (payload: P, info: JobInfo) => Promise<void>;

export interface JobQueue {
  /** graphile-worker's schema for this database */
  schema: string;
  /** registers the handler of a task (before startJobWorker; one per task) */
  task<P>(name: string, handler: JobHandler<P>): void;
  /** whether this process runs jobs */
  running(): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobQueue: JobQueue;
  }
}

interface QueueState {
  handle: DbHandle;
  tasks: TaskList;
  runner?: Runner;
  /** the worker's own connections (LISTEN and its job fetches), ended in stopJobWorker after the runner */
  pool?: pg.Pool;
  /** the app is closing: the server ending the worker's connections (57P01) is then expected */
  closing?: boolean;
}
const states = new WeakMap<FastifyInstance, QueueState>();

/** PostgreSQL's "terminating connection due to administrator command": its own shutdown or a pg_terminate_backend */
const ADMIN_SHUTDOWN = /terminating connection due to administrator command|57P01/;

function loggerFor(app: FastifyInstance, state?: QueueState): Logger {
  return new Logger(() => (level: LogLevel, message: string, meta?: object) => {
    const l = String(level);
    // the worker's pool is ended before the database stops; should the server still end one of its
    // connections during our own shutdown, that is expected: said at warn (the group-stop test
    // fails on any error-level line)
    const expected = state?.closing === true && ADMIN_SHUTDOWN.test(`${message} ${JSON.stringify(meta ?? {})}`);
    if (l === 'error' && !expected) app.log.error(meta ?? {}, `job queue: ${message}`);
    else if (l === 'error') app.log.warn(meta ?? {}, `job queue (closing): ${message}`);
    else if (l === 'warning') app.log.warn(meta ?? {}, `job queue: ${message}`);
    else app.log.debug(meta ?? {}, `job queue: ${message}`);
  });
}

/**
 * Installs or migrates graphile-worker's schema beside the app's (a no-op when it is current).
 * Under the app's migration lock: its migrations create and drop tables, and a table dropped while
 * another process's migrator lists the catalog fails that listing ("relation … does not exist").
 */
export async function installJobQueue(handle: DbHandle, logger?: Logger): Promise<string> {
  const pool = handle.pool;
  if (!pool) throw new Error('the job queue needs the database pool (DbHandle.pool)');
  const schema = await jobQueueSchema(handle.db);
  await withMigrationLock(handle.db as never, () =>
    runMigrations({ pgPool: pool, schema, ...(logger ? { logger } : {}) }),
  );
  return schema;
}

/** Installs (or migrates) the queue's schema and decorates app.jobQueue. */
export async function registerJobQueue(app: FastifyInstance, handle: DbHandle): Promise<JobQueue> {
  const state: QueueState = { handle, tasks: {} };
  const schema = await installJobQueue(handle, loggerFor(app, state));
  states.set(app, state);
  const queue: JobQueue = {
    schema,
    task(name, handler) {
      if (state.tasks[name]) throw new Error(`job task ${name} registered twice`);
      state.tasks[name] = async (payload, helpers) =>
        handler(payload as never, { attempt: helpers.job.attempts, jobKey: helpers.job.key ?? null });
    },
    running: () => state.runner !== undefined,
  };
  app.decorate('jobQueue', queue);
  app.addHook('onClose', async () => stopJobWorker(app));
  return queue;
}

/** what the worker's connections call themselves in pg_stat_activity (its queue's schema in it) */
export function workerConnectionName(schema: string): string {
  return `job worker ${schema}`.slice(0, 63);
}

/** Runs this process's worker: every registered task, from now until the app closes. */
export async function startJobWorker(
  app: FastifyInstance,
  opts: { pollMs?: number; concurrency?: number } = {},
): Promise<void> {
  const state = states.get(app);
  if (!state?.handle.pool) throw new Error('registerJobQueue first');
  if (state.runner || !Object.keys(state.tasks).length) return;
  const concurrency = opts.concurrency ?? 2;
  // Its own pool, with the app pool's connection settings (URL, search_path): stopping the worker
  // ends these connections, so none outlives it into the database's shutdown. One for LISTEN, one
  // per job in hand, one spare. The handlers' business transactions stay on the app's pool.
  const pool = new pg.Pool({
    ...state.handle.pool.options,
    max: concurrency + 2,
    application_name: workerConnectionName(app.jobQueue.schema),
  });
  pool.on('error', () => undefined);
  state.pool = pool;
  state.runner = await run({
    pgPool: pool,
    schema: app.jobQueue.schema,
    taskList: state.tasks,
    concurrency,
    pollInterval: opts.pollMs ?? POLL_MS,
    noHandleSignals: true,
    logger: loggerFor(app, state),
  });
  state.runner.promise.catch((err: unknown) => app.log.error({ err }, 'job worker stopped'));
}

export async function stopJobWorker(app: FastifyInstance): Promise<void> {
  const state = states.get(app);
  if (state) state.closing = true;
  const runner = state?.runner;
  const pool = state?.pool;
  if (!state || !runner) return;
  state.runner = undefined;
  state.pool = undefined;
  try {
    // a runner that stopped itself (its database connection lost for good) has said why in the log
    await runner.stop().catch((err: unknown) => {
      if (!/already stopped/.test(String(err))) throw err;
    });
  } finally {
    await pool?.end();
  }
}
