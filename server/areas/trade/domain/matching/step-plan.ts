/**
 * One order of an engine step written out in advance, as fills.ts and engine.ts write it in a
 * transaction: the same rows, the same moves (sorted by account as MoveList sorts them, zero
 * amounts skipped) and the same answer, as data for spot_step_batch (migration 054). The makers'
 * rows are the step's current ones (read once per step, then carried from order to order), so each
 * maker update is guarded by the filled quantity it was planned on.
 */
import { ACCOUNT_TYPES, ExactDecimal, type SpotOrder, type SpotSide } from '../../../../../core';
import type { PairSettings } from '../settings';
import { buyFrozen, fillFee } from './fees';
import type { SpotRow } from './fills';
import { toSpotOrder } from './view';
import { vwap, type WalkResult } from './walk';

const CHANGE = ACCOUNT_TYPES.change;
type Exact = InstanceType<typeof ExactDecimal>;
const D = (v: string | number) => new ExactDecimal(v);

type Op = 'debit' | 'credit' | 'freeze' | 'unfreeze' | 'settleFrozen';
/** op, user, currency, type, amount, reason, ref type, ref id, or the fill's index in the order (ref spot_fill) */
type MoveTuple = [Op, number, number, number, string, string, string | null, string | null, number | null];

export interface StepOrderIn {
  id: number;
  userId: number;
  pair: PairSettings;
  side: SpotSide;
  amount: string;
  targetPrice: string | null;
  plan: WalkResult;
  bookSeq: number;
  watchSeq: number;
  now: Date;
  createdAt: Date;
  /** the order has an idempotency key: the element carries the answer the key stores */
  keyed?: boolean;
}

/** The order as spot_step_batch reads it (keys `k`, `kc`, `kw` are added by the caller). */
export interface OrderElement {
  u: number;
  need: [number, number, string][];
  r: Record<string, unknown>;
  x: [number, string, string][];
  m: Record<string, unknown>[];
  f: Record<string, unknown>[];
  mv: MoveTuple[];
  /** the answer an idempotency key stores (only with a key: JSON built and parsed for nothing else) */
  ans?: SpotOrder;
  k?: string;
  kc?: string;
  kw?: string;
}

export interface PlannedOrder {
  el: OrderElement;
  row: SpotRow;
  makers: SpotRow[];
  expired: SpotRow[];
}

class Plan {
  readonly moves: { t: MoveTuple; n: number }[] = [];
  readonly fills: Record<string, unknown>[] = [];
  readonly makers: Record<string, unknown>[] = [];
  readonly expired: [number, string, string][] = [];

  constructor(readonly o: StepOrderIn) {}

  move(op: Op, u: number, c: number, amt: string, reason: string, ref: [string, string] | number): void {
    if (D(amt).lte(0)) return;
    const [rt, rid, fi] = typeof ref === 'number' ? [null, null, ref] : [ref[0], ref[1], null];
    this.moves.push({ t: [op, u, c, CHANGE, D(amt).toFixed(), reason, rt, rid, fi], n: this.moves.length });
  }

  fill(
    r: SpotRow,
    role: 'taker' | 'maker',
    price: string,
    qty: string,
    total: string,
    fee: string,
    counter: number | null,
  ) {
    this.fills.push({
      o: r.id,
      u: r.user_id,
      s: r.symbol,
      sd: r.side,
      rl: role,
      p: price,
      q: qty,
      t: total,
      fe: fee,
      bs: this.o.bookSeq,
      co: counter,
    });
    return this.fills.length - 1;
  }

  sorted(): MoveTuple[] {
    return [...this.moves]
      .sort((a, b) => a.t[1] - b.t[1] || a.t[2] - b.t[2] || a.t[3] - b.t[3] || a.n - b.n)
      .map((m) => m.t);
  }
}

/** The order's running figures after a fill of qty at price with that fee (fills.ts's rule). */
function progressed(r: SpotRow, qty: string, total: string, fee: string, seq: number): SpotRow {
  const filled = D(r.filled).plus(qty);
  const sum = D(r.total ?? '0').plus(total);
  const p = { filled: filled.toFixed(), total: sum.toFixed() };
  return { ...r, ...p, fee: D(r.fee).plus(fee).toFixed(), fill_price: vwap(p), fill_seq: seq };
}

function takerFill(pl: Plan, r: SpotRow, price: string, qty: string, counter: number | null): SpotRow {
  const { pair } = pl.o;
  const f = fillFee(r.total ?? '0', price, qty, r.fee_rate);
  const fi = pl.fill(r, 'taker', price, qty, f.total, f.fee, counter);
  if (r.side === 'buy') {
    pl.move('debit', r.user_id, pair.legalId, D(f.total).plus(f.fee).toFixed(), 'spot_buy', fi);
    pl.move('credit', r.user_id, pair.currencyId, qty, 'spot_buy', fi);
  } else {
    pl.move('debit', r.user_id, pair.currencyId, qty, 'spot_sell', fi);
    pl.move('credit', r.user_id, pair.legalId, D(f.total).minus(f.fee).toFixed(), 'spot_sell', fi);
  }
  return progressed(r, qty, f.total, f.fee, pl.o.bookSeq);
}

function makerFill(pl: Plan, r: SpotRow, qty: string, counter: number): SpotRow {
  if (r.status !== 'open' && r.status !== 'partially_filled') throw new Error(`resting order ${r.id} is not open`);
  const left = D(r.amount).minus(r.filled).minus(qty);
  if (left.lt(0)) throw new Error(`resting order ${r.id} has less than ${qty} left`);
  const { pair } = pl.o;
  const price = D(r.target_price as string).toFixed();
  let total: string, fee: string, frozen: string;
  if (r.side === 'buy') {
    frozen = buyFrozen(left.toFixed(), price, r.fee_rate);
    const spend = D(r.frozen).minus(frozen);
    total = D(price).times(qty).toFixed();
    fee = spend.minus(total).toFixed();
    const fi = pl.fill(r, 'maker', price, qty, total, fee, counter);
    pl.move('settleFrozen', r.user_id, pair.legalId, spend.toFixed(), 'spot_buy', fi);
    pl.move('credit', r.user_id, pair.currencyId, qty, 'spot_buy', fi);
  } else {
    ({ total, fee } = fillFee(r.total ?? '0', price, qty, r.fee_rate));
    frozen = left.toFixed();
    const fi = pl.fill(r, 'maker', price, qty, total, fee, counter);
    pl.move('settleFrozen', r.user_id, pair.currencyId, qty, 'spot_sell', fi);
    pl.move('credit', r.user_id, pair.legalId, D(total).minus(fee).toFixed(), 'spot_sell', fi);
  }
  const p = progressed(r, qty, total, fee, pl.o.bookSeq);
  const done = D(p.filled).gte(r.amount);
  const out: SpotRow = {
    ...p,
    frozen,
    status: done ? 'filled' : 'partially_filled',
    filled_at: done ? pl.o.now : null,
  };
  pl.makers.push({ id: r.id, f0: r.filled, ...pick(out) });
  return out;
}

const pick = (r: SpotRow) => ({
  filled: r.filled,
  total: r.total,
  fee: r.fee,
  fill_price: r.fill_price,
  fill_seq: r.fill_seq,
  frozen: r.frozen,
  status: r.status,
  filled_at: r.filled_at,
});

function expire(pl: Plan, r: SpotRow): SpotRow | null {
  if (r.status !== 'open' && r.status !== 'partially_filled') return null;
  const cur = r.side === 'buy' ? pl.o.pair.legalId : pl.o.pair.currencyId;
  pl.move('unfreeze', r.user_id, cur, D(r.frozen).toFixed(), 'spot_order_cancel', ['spot_order', String(r.id)]);
  pl.expired.push([r.id, r.frozen, pl.o.now.toISOString()]);
  return { ...r, status: 'cancelled', cancelled_at: pl.o.now, frozen: '0' };
}

/** The taker's row as inserted before any fill (engine.ts insertTaker). */
function draft(o: StepOrderIn): SpotRow {
  return {
    id: o.id,
    user_id: o.userId,
    symbol: o.pair.symbol,
    side: o.side,
    kind: o.targetPrice === null ? 'market' : 'limit',
    status: 'open',
    amount: o.amount,
    filled: '0',
    target_price: o.targetPrice,
    fill_price: null,
    total: null,
    fee: '0',
    fee_rate: o.pair.spotFeeRate,
    fill_seq: null,
    watch_seq: null,
    frozen: '0',
    created_at: o.createdAt,
    filled_at: null,
    cancelled_at: null,
  };
}

/**
 * What the taker must have available, per account, for its moves to pass their guards: its
 * debits and freeze less what its own expired orders give back first (they sort first on the
 * account: the walk adds them first), so checking the total once is checking every move.
 */
function needOf(pl: Plan, userId: number): [number, number, string][] {
  const need = new Map<string, { c: number; t: number; v: Exact }>();
  for (const { t } of pl.moves) {
    if (t[1] !== userId || t[0] === 'credit' || t[0] === 'settleFrozen') continue;
    const k = `${t[2]}:${t[3]}`;
    const cur = need.get(k) ?? { c: t[2], t: t[3], v: D(0) };
    cur.v = t[0] === 'unfreeze' ? cur.v.minus(t[4]) : cur.v.plus(t[4]);
    need.set(k, cur);
  }
  return [...need.values()].filter((n) => n.v.gt(0)).map((n) => [n.c, n.t, n.v.toFixed()]);
}

/**
 * The order planned: its expired own orders, then each fill (taker and maker side), its resting
 * remainder frozen exactly (a buy at its limit, fee included) and its final row. `rows` holds the
 * current rows of the resting orders it meets, and gets their new state.
 */
export function planOrder(o: StepOrderIn, rows: Map<number, SpotRow>): PlannedOrder {
  const pl = new Plan(o);
  const expired: SpotRow[] = [];
  const makers: SpotRow[] = [];
  const row = (id: number) => {
    const r = rows.get(id);
    if (!r) throw new Error(`resting order ${id} is not open`);
    return r;
  };
  for (const x of o.plan.expired) {
    const r = expire(pl, row(x.id));
    if (r) {
      rows.set(r.id, r);
      expired.push(r);
    }
  }
  let r = draft(o);
  for (const f of o.plan.fills) {
    r = takerFill(pl, r, f.price, f.qty, f.order?.id ?? null);
    if (f.order) {
      const m = makerFill(pl, row(f.order.id), f.qty, r.id);
      rows.set(m.id, m);
      makers.push(m);
    }
  }
  const rest = D(o.plan.rest);
  let frozen = '0';
  if (rest.gt(0)) {
    frozen = o.side === 'buy' ? buyFrozen(rest.toFixed(), o.targetPrice as string, o.pair.spotFeeRate) : rest.toFixed();
    const cur = o.side === 'buy' ? o.pair.legalId : o.pair.currencyId;
    pl.move('freeze', o.userId, cur, frozen, 'spot_order_freeze', ['spot_order', String(o.id)]);
  }
  const status = rest.lte(0) ? 'filled' : D(r.filled).gt(0) ? 'partially_filled' : 'open';
  r = { ...r, status, frozen, filled_at: status === 'filled' ? o.now : null, watch_seq: o.watchSeq };
  rows.set(r.id, r);
  const el: OrderElement = {
    u: o.userId,
    need: needOf(pl, o.userId),
    r: { ...r, created_at: r.created_at.toISOString(), filled_at: r.filled_at?.toISOString() ?? null },
    x: pl.expired,
    m: pl.makers.map((m) => ({ ...m, filled_at: (m.filled_at as Date | null)?.toISOString() ?? null })),
    f: pl.fills,
    mv: pl.sorted(),
    ...(o.keyed ? { ans: toSpotOrder(r, o.pair) } : {}),
  };
  return { el, row: r, makers, expired };
}
