/**
 * Product jobs, started by the products area (server/areas/products) and stopped on close:
 * - dual-invest settlement: orders past maturity get the feed's price at the maturity instant and
 *   are paid by spec §9's formula (domain/dual/settle);
 * - lock mining: daily dividends at the configured time, principal at expiry (domain/lockming/dividends);
 * - IEO: projects past their end are allotted pro rata, tokens credited, the rest refunded
 *   (domain/ieo/finalise).
 * One serial runner every RUN_EVERY_MS (2 s) and once at start: runs never overlap, and every step
 * is exactly-once by its own keys, so a restart anywhere just resumes.
 * Also keeps the fixed-date dual products rolling hourly (the area's seed step made the first ones).
 * The area decorates app.products with what this returns: the clock the product routes use (`now`,
 * replaceable in tests) and the job handles.
 */
import type { FastifyInstance } from 'fastify';
import { settleDueDual } from '../../domain/dual/settle';
import { ensureDualProducts } from '../../domain/dual/seed';
import { runLockMining } from '../../domain/lockming/dividends';
import { finaliseDueProjects } from '../../domain/ieo/finalise';
import type { AfterCommit } from '../../domain/dual/shared';
import { PriceMarks } from './price-marks';
import { lastDurableTick } from '../../domain/trading/ticks';

export const RUN_EVERY_MS = 2000;
const REFRESH_EVERY_MS = 3_600_000;

export interface ProductJobs {
  /** the clock of every product rule (purchase windows, maturity, dividends, IEO status) */
  now: () => number;
  marks: PriceMarks;
  /** one full pass of all three jobs (serialised with the timer's passes) */
  runOnce(afterCommit?: AfterCommit): Promise<{ dual: number; dividends: number; expired: number; ieo: number }>;
  /** stops the 2-second timer only (tests drive passes with runOnce); ticks are still recorded */
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
  const marks = new PriceMarks(app.market, undefined, async (symbol, atMs) => (await lastDurableTick(db, symbol, 0, atMs)) ?? undefined);
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

  const pass = async (afterCommit?: AfterCommit) => {
    const now = jobs.now();
    if (now - lastRefresh >= REFRESH_EVERY_MS) {
      lastRefresh = now;
      await ensureDualProducts(db, app.market, now);
      await watchProductSymbols();
    }
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

  const tick = () => {
    serial(() => pass()).catch((err: unknown) => app.log.error({ err }, 'product jobs pass failed'));
  };
  const timer = setInterval(tick, RUN_EVERY_MS);
  timer.unref();
  tick(); // orders that came due while the server was down

  let stopped = false;
  app.addHook('onClose', async () => {
    if (stopped) return;
    stopped = true;
    await jobs.stop();
  });

  return jobs;
}
