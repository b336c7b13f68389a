/**
 * Trading jobs, started by the trading area (server/areas/trade) with the context it created, and
 * stopped on close:
 * - tick watcher (market.onTick): limit fills, TP/SL, forced closes, seconds expiry marks;
 * - seconds settlement: every 100 ms, pending orders whose expiry has passed are settled with
 *   their mark (the last tick at or before expiry) — within a second of expiry; at start the
 *   orders that expired while the server was down are settled the same way (see loadSecondsBook);
 *   each order also has a durable `seconds.settle` job, the backstop (domain/seconds-queue.ts);
 * - lever balance refresh (1 s): the cached available balances the risk check starts from;
 * - overnight fee (every minute and at start): once per position per UTC day (idempotent key);
 * - durable ticks: every tick of a symbol with pending seconds orders, resting orders or open
 *   positions is kept (market_ticks), and old unreferenced ticks are pruned every minute
 *   (tick-prune.ts); at start, levels crossed by durable ticks before a crash are acted on
 *   (tick-replay.ts) before live ticks are watched.
 * The area decorates app.trade with what this returns (the context + job handles the routes and
 * tests use). Jobs only run timers: the context and the demo user are the area's.
 */
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_TYPES } from '../../../../core';
import { chargeOvernight, scheduleCross, settleSeconds, type TradeContext } from '../domain';
import { LEVER_QUOTE_ID } from '../domain/settings';
import { onTicks } from './tick-watcher';
import { pruneTicks } from './tick-prune';
import { replayDurableTicks } from './tick-replay';
import { WorkQueue } from '../../../plugins/work-queue';

export interface TradeJobs {
  ctx: TradeContext;
  /** settles every pending seconds order whose expiry is at or before ctx.now() */
  settleDueSeconds(): void;
  /** refreshes the cached lever balances of users with open positions */
  refreshBalances(): Promise<void>;
  chargeOvernight(nowMs?: number): Promise<number>;
  /** resolves when all queued work has finished */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    trade: TradeJobs;
  }
}

/** `closeHook: false`: the caller stops the jobs (an engine leader starts them again on each term) */
export async function startTradeJobs(
  app: FastifyInstance,
  ctx: TradeContext,
  opts: { closeHook?: boolean } = {},
): Promise<TradeJobs> {
  const queue = new WorkQueue(app.log);
  const timers: NodeJS.Timeout[] = [];

  const settleDueSeconds = () => {
    const now = ctx.now();
    for (const o of ctx.books.seconds.all())
      if (o.expiresAt <= now) queue.add(`sec:${o.id}`, () => settleSeconds(ctx, o, o.mark));
  };
  const refreshBalances = async () => {
    const users = ctx.books.lever.users();
    if (!users.length) return;
    const rows = await ctx.db
      .selectFrom('accounts')
      .select(['user_id', 'available'])
      .where('type', '=', ACCOUNT_TYPES.lever)
      .where('currency_id', '=', LEVER_QUOTE_ID)
      .where('user_id', 'in', users)
      .execute();
    for (const r of rows)
      if (ctx.books.lever.users().includes(r.user_id)) ctx.books.lever.available.set(r.user_id, r.available);
  };
  const overnight = (nowMs = ctx.now()) => chargeOvernight(ctx, nowMs);

  // every tick of a symbol someone has a stake in is kept: what a restart may need to decide it
  app.market.keepTicks(
    (symbol) =>
      ctx.books.seconds.has(symbol) || ctx.market.books.book(symbol).hasOrders || ctx.books.lever.watches(symbol),
  );
  await refreshBalances();
  await replayDurableTicks(ctx);
  settleDueSeconds();
  queue.add('overnight', () => overnight());
  const onCrossError = (err: unknown) => app.log.error({ err }, 'spot cross failed');
  const unsubscribe = app.market.onTick((ticks) => onTicks(ctx, queue, ticks, onCrossError));
  // a venue re-quote without a tick (ScriptedFeed.setBook) may cross resting orders too
  const unsubscribeBook = app.market.feed.onBook?.((symbol) => scheduleCross(ctx, symbol, [], onCrossError));
  timers.push(setInterval(settleDueSeconds, 100));
  timers.push(setInterval(() => queue.add('balances', refreshBalances), 1000));
  timers.push(setInterval(() => queue.add('overnight', () => overnight()), 60_000));
  timers.push(setInterval(() => queue.add('prune-ticks', () => pruneTicks(ctx.db, ctx.now())), 60_000));
  for (const t of timers) t.unref();

  let stopped = false;
  const jobs: TradeJobs = {
    ctx,
    settleDueSeconds,
    refreshBalances,
    chargeOvernight: overnight,
    idle: async () => {
      await queue.idle();
      await ctx.locks.idle();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      unsubscribeBook?.();
      for (const t of timers) clearInterval(t);
      await jobs.idle();
    },
  };
  if (opts.closeHook !== false) app.addHook('onClose', async () => jobs.stop());
  return jobs;
}
