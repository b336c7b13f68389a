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
import { lastDurableTick } from '../../trade/domain';

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
  const jobs = new ProductRunner(app, opts.now ?? Date.now);
  await jobs.watchFromStart();
  registerProductTasks(app, jobs);
  jobs.startSweepAndRefresh();
  let stopped = false;
  app.addHook('onClose', async () => {
    if (stopped) return;
    stopped = true;
    await jobs.stop();
  });
  return jobs;
}

/** The durable jobs' handlers: each reads the clock when it runs (tests replace jobs.now). */
function registerProductTasks(app: FastifyInstance, jobs: ProductJobs): void {
  const db = app.db;
  app.jobQueue.task<{ id: number }>(
    DUAL_SETTLE,
    async ({ id }) => void (await settleDualJob(db, jobs.marks, id, jobs.now())),
  );
  app.jobQueue.task<{ id: number }>(LOCK_RUN, async ({ id }) => void (await runLockOrder(db, id, jobs.now())));
  app.jobQueue.task<{ id: number }>(
    IEO_FINALISE,
    async ({ id }) => void (await finaliseProjectJob(db, id, jobs.now())),
  );
}

/** The price marks, the settling passes and the hourly refresh, one at a time. */
class ProductRunner implements ProductJobs {
  now: () => number;
  readonly marks: PriceMarks;
  private readonly app: FastifyInstance;
  /** passes, sweeps and refreshes one after the other */
  private chain: Promise<unknown> = Promise.resolve();
  private lastRefresh = 0;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: () => void = () => undefined;

  constructor(app: FastifyInstance, now: () => number) {
    this.app = app;
    this.now = now;
    this.marks = new PriceMarks(
      app.market,
      undefined,
      async (symbol, atMs) => (await lastDurableTick(app.db, symbol, 0, atMs)) ?? undefined,
    );
    app.market.keepTicks((symbol) => this.marks.watching(symbol));
  }

  runOnce(afterCommit?: AfterCommit): ReturnType<ProductJobs['runOnce']> {
    return this.serial(() => this.pass(afterCommit));
  }

  pauseTimer(): void {
    clearInterval(this.timer);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.unsubscribe();
    await this.chain;
  }

  /** the products' symbols watched (the seed made them: no refresh due yet), then the ticks recorded */
  async watchFromStart(): Promise<void> {
    const t0 = this.now();
    await this.watchProductSymbols();
    this.lastRefresh = t0;
    this.unsubscribe = this.app.market.onTick((ticks) => this.marks.onTicks(ticks));
  }

  /** cluster mode: the sweep and the refresh are the engine leader's duty (the jobs run on the jobs role) */
  startSweepAndRefresh(): void {
    const sweep = () => {
      if (!leading(this.app)) return;
      this.serial(async () => {
        await this.pass(); // what came due while the server was down
        await scheduleOpenProducts(this.app.db, this.now());
      }).catch((err: unknown) => this.app.log.error({ err }, 'product start-up sweep failed'));
    };
    this.timer = setInterval(() => {
      if (leading(this.app))
        this.serial(() => this.refresh(this.now())).catch((err: unknown) =>
          this.app.log.error({ err }, 'dual product refresh failed'),
        );
    }, RUN_EVERY_MS);
    this.timer.unref();
    sweep();
    this.app.leadership.onGain(sweep);
  }

  private async watchProductSymbols(): Promise<void> {
    const rows = await this.app.db
      .selectFrom('dual_products')
      .innerJoin('currencies as b', 'b.id', 'dual_products.currency_id')
      .innerJoin('currencies as q', 'q.id', 'dual_products.quote_id')
      .select(['b.name as base', 'q.name as quote'])
      .distinct()
      .execute();
    this.marks.watch(rows.map((r) => `${r.base}/${r.quote}`));
  }

  private async refresh(now: number): Promise<void> {
    if (now - this.lastRefresh < REFRESH_EVERY_MS) return;
    this.lastRefresh = now;
    await ensureDualProducts(this.app.db, this.app.market, now, this.app.config.demoDualSeconds);
    await this.watchProductSymbols();
  }

  private async pass(afterCommit?: AfterCommit) {
    const now = this.now();
    await this.refresh(now);
    const dual = await settleDueDual(this.app.db, this.marks, now, afterCommit);
    const lock = await runLockMining(this.app.db, now, afterCommit);
    const ieo = await finaliseDueProjects(this.app.db, now, afterCommit);
    return { dual, dividends: lock.dividends, expired: lock.expired, ieo };
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.chain.then(fn, fn);
    this.chain = next.catch(() => undefined);
    return next;
  }
}
