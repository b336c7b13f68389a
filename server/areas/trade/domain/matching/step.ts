/**
 * The spot engine's steps on the ledger's group commit. A symbol's orders still run on its queue
 * (onSymbol: one at a time with its cancels and crosses), but the orders that arrived while the
 * previous step committed are taken together: each planned in arrival order against the book plus
 * the effects of the orders before it (StepView), all written as one element of spot_step_batch
 * (spot-commit.ts), the in-memory book changed after the commit, in order, for the orders written.
 * An order refused there (its balance) or whose key was used ends the step: the orders after it
 * were planned on its effects and are planned again by the next step. Fills of a step share the
 * book seq the step started from.
 */
import { ExactDecimal, type SpotOrder, type SpotSide } from '../../../../../core';
import { AppError } from '../../../../errors';
import { canon } from '../../../../kernel/decimal';
import { KeyTaken, keyToMark, type IdempotencyScope } from '../../../../db/idempotency-scope';
import { currentPrice, type TradeContext } from '../context';
import type { PairSettings } from '../settings';
import { spotWriterFor, takeOrderIds, type OrderOutcome, type StepElement } from '../spot-commit';
import { applyFills, bookSeq, onSymbol } from './engine';
import type { SpotRow } from './fills';
import { protectionPrice, takerLiquidity } from './liquidity';
import { publishFills } from './publish';
import { qtyForQuote } from './quote-walk';
import { planOrder, type OrderElement, type PlannedOrder } from './step-plan';
import { StepView } from './step-view';
import { forgetRows, keepRows, rowCache } from './row-cache';
import { walk, type WalkResult } from './walk';

/** Orders one step takes at most (the rest wait for the next step). */
const MAX_STEP = 128;

export interface StepRequest {
  side: SpotSide;
  /** the base quantity; absent: a market buy spending `quoteAmount`, fee included */
  amount?: string;
  quoteAmount?: string;
  /** null → market order */
  targetPrice: string | null;
}

interface Job {
  userId: number;
  pair: PairSettings;
  req: StepRequest;
  key?: IdempotencyScope;
  id?: number;
  resolve: (o: SpotOrder) => void;
  reject: (err: unknown) => void;
}

interface Walked {
  job: Job;
  amount: string;
  plan: WalkResult;
  watchSeq: number;
}

interface SymbolQueue {
  jobs: Job[];
  scheduled: boolean;
}

const queues = new WeakMap<TradeContext, Map<string, SymbolQueue>>();

/** Places the order through its symbol's next step; settles after the commit that carried it. */
export function submitSpot(
  ctx: TradeContext,
  userId: number,
  pair: PairSettings,
  req: StepRequest,
  reqKey?: IdempotencyScope,
): Promise<SpotOrder> {
  const key = keyToMark(reqKey, [userId]);
  return new Promise((resolve, reject) => {
    let m = queues.get(ctx);
    if (!m) queues.set(ctx, (m = new Map()));
    let q = m.get(pair.symbol);
    if (!q) m.set(pair.symbol, (q = { jobs: [], scheduled: false }));
    q.jobs.push({ userId, pair, req, key, resolve, reject });
    schedule(ctx, pair.symbol, q);
  });
}

function schedule(ctx: TradeContext, symbol: string, q: SymbolQueue): void {
  if (q.scheduled || !q.jobs.length) return;
  q.scheduled = true;
  void onSymbol(ctx, symbol, async () => {
    q.scheduled = false;
    const jobs = q.jobs.splice(0, MAX_STEP);
    try {
      q.jobs.unshift(...(await runStep(ctx, symbol, jobs)));
    } catch (err) {
      for (const j of jobs) j.reject(err); // a settled promise ignores this
    } finally {
      schedule(ctx, symbol, q);
    }
  });
}

/** One step; returns the jobs not run (to go first in the next step). */
async function runStep(ctx: TradeContext, symbol: string, jobs: Job[]): Promise<Job[]> {
  const fresh = jobs.filter((j) => j.id === undefined);
  if (fresh.length) (await takeOrderIds(ctx.db, fresh.length)).forEach((id, i) => (fresh[i].id = id));
  const seq = bookSeq(ctx, symbol);
  const walked = walkAll(ctx, symbol, jobs);
  const { planned, stopped } = await planAll(ctx, walked, seq);
  if (!planned.length) return stopped;
  const el: StepElement = { us: usersOf(planned.map((p) => p.el)), o: planned.map((p) => p.el) };
  const outcome = await spotWriterFor(ctx.db)
    .submit(el)
    .catch((err: unknown) => {
      for (const p of planned) p.w.job.reject(err);
      // a row the step planned on may be what failed: the next step reads them all again
      forgetRows(
        ctx,
        planned.flatMap((p) => [...p.makers, ...p.expired].map((r) => r.id)),
      );
      throw err;
    });
  const back: Job[] = [];
  planned.forEach((p, i) => {
    const o = outcome[i];
    if (!o) back.push(p.w.job);
    else if (o.st === 'refused') p.w.job.reject(new AppError('insufficient_balance'));
    else if (o.st === 'dup') p.w.job.reject(new KeyTaken());
    else p.w.job.resolve(committed(ctx, p, o));
  });
  return [...back, ...stopped];
}

/** Each order's walk against the step's view; one refused before any write (no liquidity, protection) is answered now. */
function walkAll(ctx: TradeContext, symbol: string, jobs: Job[]): Walked[] {
  const view = new StepView(ctx.market.books.book(symbol));
  const out: Walked[] = [];
  for (const job of jobs) {
    try {
      const { req, pair, userId } = job;
      const current = currentPrice(ctx, symbol);
      // a limit order's walk reads the book only up to its limit and quantity (a market order's: all of it)
      const cut =
        req.targetPrice !== null && req.amount !== undefined
          ? { qty: req.amount, userId, cap: req.targetPrice }
          : undefined;
      const liquidity = takerLiquidity(view, req.side, current.price, cut);
      const amount = req.amount ?? quoteQty(userId, pair, req.quoteAmount as string, liquidity);
      const cap =
        req.targetPrice ??
        (liquidity.length ? protectionPrice(req.side, liquidity[0].price, pair.marketProtection) : undefined);
      const plan = walk({ side: req.side, userId, qty: amount, cap, liquidity });
      const rest = new ExactDecimal(plan.rest);
      if (req.targetPrice === null && rest.gt(0)) {
        if (!liquidity.length) throw new AppError('trade_no_liquidity');
        throw new AppError('trade_market_protection', {
          percent: new ExactDecimal(pair.marketProtection).times(100).toFixed(),
        });
      }
      const id = job.id as number;
      const price = req.targetPrice === null ? '' : new ExactDecimal(req.targetPrice).toFixed();
      view.apply(req.side, plan, rest.gt(0) ? { id, userId, side: req.side, price, remaining: plan.rest } : null);
      out.push({ job, amount, plan, watchSeq: current.seq });
    } catch (err) {
      job.reject(err);
    }
  }
  return out;
}

/** A market buy by quote: its quantity, worked out against the book it then walks. */
function quoteQty(userId: number, pair: PairSettings, quote: string, liquidity: ReturnType<typeof takerLiquidity>) {
  if (!liquidity.length) throw new AppError('trade_no_liquidity');
  const cap = protectionPrice('buy', liquidity[0].price, pair.marketProtection);
  const qty = qtyForQuote({ userId, quote, feeRate: pair.spotFeeRate, qtyDecimals: pair.qtyDecimals, cap, liquidity });
  if (new ExactDecimal(qty).lt(pair.spotMinAmount) || qty === '0')
    throw new AppError('trade_below_minimum', { min: new ExactDecimal(pair.spotMinAmount).toFixed() });
  return qty;
}

type Planned = PlannedOrder & { w: Walked };

/** The orders' writes planned in order, on the resting rows read once; a plan that fails ends the step there. */
async function planAll(
  ctx: TradeContext,
  walked: Walked[],
  seq: number,
): Promise<{ planned: Planned[]; stopped: Job[] }> {
  const rows = await restingRows(ctx, walked);
  const planned: Planned[] = [];
  const now = new Date(ctx.now());
  for (let i = 0; i < walked.length; i++) {
    const w = walked[i];
    const { job } = w;
    try {
      const p = planOrder(
        {
          id: job.id as number,
          userId: job.userId,
          pair: job.pair,
          side: job.req.side,
          amount: w.amount,
          targetPrice: job.req.targetPrice,
          plan: w.plan,
          bookSeq: seq,
          watchSeq: w.watchSeq,
          now,
          createdAt: new Date(),
          keyed: job.key !== undefined,
        },
        rows,
      );
      if (job.key) Object.assign(p.el, keyFields(job.key));
      planned.push({ ...p, w });
    } catch (err) {
      job.reject(err);
      return { planned, stopped: walked.slice(i + 1).map((x) => x.job) };
    }
  }
  return { planned, stopped: [] };
}

function keyFields(k: IdempotencyScope): Pick<OrderElement, 'k' | 'kc' | 'kw'> {
  return { k: k.key, ...(k.claim ? { kc: k.claim.route, kw: k.claim.owner } : {}) };
}

/** The rows of the resting orders the walks meet that were not placed in this step (a copy: planning changes it). */
async function restingRows(ctx: TradeContext, walked: Walked[]): Promise<Map<number, SpotRow>> {
  const own = new Set(walked.map((w) => w.job.id));
  const ids = new Set<number>();
  for (const { plan } of walked) {
    for (const o of plan.expired) if (!own.has(o.id)) ids.add(o.id);
    for (const f of plan.fills) if (f.order && !own.has(f.order.id)) ids.add(f.order.id);
  }
  const cache = rowCache(ctx);
  const out = new Map<number, SpotRow>();
  for (const id of ids) {
    const r = cache.get(id);
    if (r) out.set(id, r);
  }
  const missing = [...ids].filter((id) => !out.has(id));
  if (missing.length) {
    const rows = await ctx.db.selectFrom('spot_orders').selectAll().where('id', 'in', missing).execute();
    for (const r of rows) out.set(r.id, r);
  }
  return out;
}

function usersOf(els: OrderElement[]): number[] {
  const s = new Set<number>();
  for (const e of els) {
    s.add(e.u);
    for (const m of e.mv) s.add(m[1]);
  }
  return [...s].sort((a, b) => a - b);
}

/** Committed: balance events, the in-memory book (as engine.ts after its transaction), the order events. */
function committed(ctx: TradeContext, p: Planned, o: OrderOutcome): SpotOrder {
  const after = new Map<
    string,
    { userId: number; ev: { currency_id: number; type: number; available: string; frozen: string } }
  >();
  for (const [u, c, t, a, f] of o.bal)
    after.set(`${u}:${c}:${t}`, {
      userId: u,
      ev: { currency_id: c, type: t, available: canon(a), frozen: canon(f) },
    });
  for (const { userId, ev } of after.values()) ctx.market.emitToUser(userId, 'balance', ev);
  const { job, plan } = p.w;
  const book = ctx.market.books.book(job.pair.symbol);
  for (const x of p.expired) book.remove(x.id);
  applyFills(ctx, job.pair, job.req.side, plan.fills);
  const row = p.row;
  keepRows(ctx, [...p.expired, ...p.makers, row]);
  if (row.status === 'open' || row.status === 'partially_filled')
    book.rest({
      id: row.id,
      userId: job.userId,
      side: job.req.side,
      price: job.req.targetPrice as string,
      remaining: plan.rest,
    });
  return publishFills(ctx, job.pair, row, [...p.makers, ...p.expired], plan.fills, job.req.side);
}
