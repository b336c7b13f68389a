/**
 * Product jobs, started by the products area (server/areas/products) and stopped on close. Each
 * unit is a durable job on the queue (enqueued with the row, areas/products/domain/queue.ts):
 * - `dual.settle`: an order at maturity gets the feed's price at the maturity instant and is paid by
 *   spec §9's formula (domain/dual/settle);
 * - `lock.run`: an order's daily dividend at the configured time, the principal at expiry
 *   (domain/lockming/dividends); each run enqueues the next;
 * - `ieo.finalise`: a project at its end is allotted pro rata, tokens credited, the rest refunded
 *   (domain/ieo/finalise).
 * Every step is exactly-once by its row's state and its own keys, so a retry or a restart anywhere
 * just resumes. The start-up sweep (once at start and on gaining the engine lease) settles what is
 * due and gives every open row its job (rows from before the queue have none); runOnce is that
 * sweep's settling for the tests. A timer keeps the fixed-date dual products rolling hourly (the
 * area's seed step made the first ones).
 * The area decorates app.products with what this returns: the clock the product routes use (`now`,
 * replaceable in tests) and the job handles.
 */
import type { FastifyInstance } from 'fastify';
import { settleDualJob, settleDueDual } from '../domain/dual/settle';
import { ensureDualProducts } from '../domain/dual/seed';
import { runLockMining, runLockOrder } from '../domain/lockming/dividends';
import { finaliseDueProjects, finaliseProjectJob } from '../domain/ieo/finalise';
import { DUAL_SETTLE, IEO_FINALISE, LOCK_RUN, scheduleOpenProducts } from '../domain/queue';
import type { AfterCommit } from '../domain/dual/shared';
import { PriceMarks } from './price-marks';
import { leading } from '../../../plugins/serial-job';
import { lastDurableTick } from '../../trading/domain';

/** how often the timer looks whether the hourly dual-product refresh is due */
const RUN_EVERY_MS = 60_000;
const REFRESH_EVERY_MS = 3_600_000;

export interface ProductJobs {
  /** the clock of every product rule (purchase windows, maturity, dividends, IEO status) */
  now: () => number;
  marks: PriceMarks;
  /** one full settling pass of all three products (the start-up sweep's; serialised with it and the refresh) */
  runOnce(afterCommit?: AfterCommit): Promise<{ dual: number; dividends: number; expired: number; ieo: number }>;
  /** stops the refresh timer only (tests drive passes with runOnce); ticks are still recorded, jobs still run */
  pauseTimer(): void;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    products: ProductJobs;
  }
}

export async function startProductJobs(app: FastifyInstance, opts: { now?: () => number } = {}): Promise<ProductJobs> {
  const db = app.db;
  const marks = new PriceMarks(
    app.market,
    undefined,
    async (symbol, atMs) => (await lastDurableTick(db, symbol, 0, atMs)) ?? undefined,
  );
  app.market.keepTicks((symbol) => marks.watching(symbol));
  let chain: Promise<unknown> = Promise.resolve();
  let lastRefresh = 0;

  const watchProductSymbols = async () => {
    const rows = await db
      .selectFrom('dual_products')
      .innerJoin('currencies as b', 'b.id', 'dual_products.currency_id')
      .innerJoin('currencies as q', 'q.id', 'dual_products.quote_id')
      .select(['b.name as base', 'q.name as quote'])
      .distinct()
      .execute();
    marks.watch(rows.map((r) => `${r.base}/${r.quote}`));
  };

  const refresh = async (now: number) => {
    if (now - lastRefresh < REFRESH_EVERY_MS) return;
    lastRefresh = now;
    await ensureDualProducts(db, app.market, now, app.config.demoDualSeconds);
    await watchProductSymbols();
  };
  const pass = async (afterCommit?: AfterCommit) => {
    const now = jobs.now();
    await refresh(now);
    const dual = await settleDueDual(db, marks, now, afterCommit);
    const lock = await runLockMining(db, now, afterCommit);
    const ieo = await finaliseDueProjects(db, now, afterCommit);
    return { dual, dividends: lock.dividends, expired: lock.expired, ieo };
  };
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => undefined);
    return next;
  };

  const jobs: ProductJobs = {
    now: opts.now ?? Date.now,
    marks,
    runOnce: (afterCommit) => serial(() => pass(afterCommit)),
    pauseTimer: () => clearInterval(timer),
    async stop() {
      clearInterval(timer);
      unsubscribe();
      await chain;
    },
  };

  const t0 = jobs.now();
  await watchProductSymbols();
  lastRefresh = t0;
  const unsubscribe = app.market.onTick((ticks) => marks.onTicks(ticks));

  app.jobQueue.task<{ id: number }>(
    DUAL_SETTLE,
    async ({ id }) => void (await settleDualJob(db, marks, id, jobs.now())),
  );
  app.jobQueue.task<{ id: number }>(LOCK_RUN, async ({ id }) => void (await runLockOrder(db, id, jobs.now())));
  app.jobQueue.task<{ id: number }>(
    IEO_FINALISE,
    async ({ id }) => void (await finaliseProjectJob(db, id, jobs.now())),
  );

  // cluster mode: the sweep and the refresh are the engine leader's duty (the jobs run on the jobs role)
  const sweep = () => {
    if (!leading(app)) return;
    serial(async () => {
      await pass(); // what came due while the server was down
      await scheduleOpenProducts(db, jobs.now());
    }).catch((err: unknown) => app.log.error({ err }, 'product start-up sweep failed'));
  };
  const timer = setInterval(() => {
    if (leading(app))
      serial(() => refresh(jobs.now())).catch((err: unknown) => app.log.error({ err }, 'dual product refresh failed'));
  }, RUN_EVERY_MS);
  timer.unref();
  sweep();
  app.leadership.onGain(sweep);

  let stopped = false;
  app.addHook('onClose', async () => {
    if (stopped) return;
    stopped = true;
    await jobs.stop();
  });

  return jobs;
}
