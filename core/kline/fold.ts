/**
 * The float64 per-tick path of the K-line aggregator: one tick reaches the open bars of all of a
 * symbol's periods while, inside the base bar's bucket, touching one slot.
 *
 * Fold rule
 * - The base is the shortest period. It takes every tick as a plain open bar.
 * - A longer period whose bucket boundaries are all base boundaries (calendar.ts `nestsIn`: every
 *   pair but `1mon` over a `1week` base) is folded. Its slot holds a partial bar: the base bars
 *   already closed into its bucket, merged (bar-slot.ts), plus late ticks it took itself. Its open
 *   bar, as read, is the partial merged with the base bar while the base bar lies in its bucket.
 * - Any other period is direct: updated per tick, like the base.
 * - A tick in the base bar's bucket touches the base (and the direct slots) only. A tick in a later
 *   bucket closes the base bar: each partial whose bucket holds it merges it; each partial whose
 *   bucket the tick is past closes (into its history, if not empty) and empties onto the bucket of
 *   the tick. A tick before the base bar's bucket goes into every partial whose bucket holds it.
 * So every folded period sees exactly the ticks of its bucket that arrived before its bucket closed,
 * as a direct one would: same bars, same outcomes.
 *
 * Detached: load() of the base period reseeds the base bar with history the partials must not see.
 * Before that the partials merge the live base bar in and detach: they take every tick directly, as
 * direct slots, until the base opens its next bucket (whose bar holds ticks only) and they attach
 * again without merging the old one.
 *
 * Invariant while attached: a partial's bucket holds the base bar's bucket, or is later (load()
 * seeded it ahead); never earlier.
 *
 * Pending: a closing base bar that every partial would take and none of them closes with (its time
 * ≥ the partials' latest start F_TIME, the new tick before their earliest end F_END) is merged into
 * the pending slot only, not into each partial: one slot touched per closed base bar instead of
 * eight, where most of a tick's cache misses were. The pending bar belongs to every partial; it is
 * merged into them all (`settle`, or the full path of foldBase) before anything else reads or moves
 * a partial. Merging is a union of ticks, so the order of merges does not change a bar.
 *
 * The per-tick functions take the page `b` and offset `at` of the symbol's record (record.ts) and
 * touch the symbol's object only on rare paths (spilled volume, bars kept as strings). `store` holds
 * the histories' rings (bar-history.ts).
 */
import type { Period } from '../types/market';
import { closeBar, type BarStore, type HistoryOwner } from './bar-history';
import { addTick, addVolume, clearSlot, copySlot, hasBar, mergeSlot, slotVolume } from './bar-slot';
import { monthStart, nestsIn, nextMonthStart, periodLength } from './calendar';
import {
  ATTACHED,
  CLOSE,
  CSEQ,
  END,
  F_END,
  F_TIME,
  HIGH,
  LOW,
  NONE,
  OPEN,
  OSEQ,
  PENDING,
  SPILLED,
  TIME,
  VOL,
  slotAt,
} from './record';

/** A float64 symbol as the fast path sees it. */
export interface FoldState extends HistoryOwner {
  /** false while the base bar holds loaded history: the partials then take ticks directly */
  attached: boolean;
}

/** Which slot is the base and which periods are folded or direct; fixed per aggregator. */
export class FoldPlan {
  readonly base: number;
  /** the slot after the periods' where a folded period's open bar is assembled for reading */
  readonly scratch: number;
  /** per slot: bucket length and offset (periodLength); length 0 = calendar month */
  readonly lens: Float64Array;
  readonly offs: Float64Array;
  readonly folded: Int32Array;
  readonly direct: Int32Array;
  readonly isFolded: Uint8Array;

  constructor(periods: readonly Period[]) {
    const n = periods.length;
    this.scratch = n;
    this.lens = new Float64Array(n);
    this.offs = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const pl = periodLength(periods[i]);
      this.lens[i] = pl.len;
      this.offs[i] = pl.offset;
    }
    const span = (i: number) => this.lens[i] || Infinity;
    let base = 0;
    for (let i = 1; i < n; i++) if (span(i) < span(base)) base = i;
    this.base = base;
    const others = periods.map((_, i) => i).filter((i) => i !== base);
    this.folded = Int32Array.from(others.filter((i) => nestsIn(periods[base], periods[i])));
    this.direct = Int32Array.from(others.filter((i) => !nestsIn(periods[base], periods[i])));
    this.isFolded = new Uint8Array(n);
    for (const i of this.folded) this.isFolded[i] = 1;
  }
}

/** Sets the bucket of the slot at x (slot i) to the one containing ts. Same formulas as bucket.ts, on numbers. */
function setBucket(plan: FoldPlan, b: Float64Array, x: number, i: number, ts: number): void {
  const len = plan.lens[i];
  if (len === 0) {
    const time = monthStart(ts);
    b[x + TIME] = time;
    b[x + END] = nextMonthStart(time);
  } else {
    const off = plan.offs[i];
    const time = off === 0 ? Math.floor(ts / len) * len : Math.floor((ts - off) / len) * len + off;
    b[x + TIME] = time;
    b[x + END] = time + len;
  }
}

/** A tick inside the bucket of slot i (at x), which holds a bar (so low ≤ high: one comparison of two). */
function update(
  st: FoldState,
  b: Float64Array,
  at: number,
  x: number,
  i: number,
  p: number,
  q: number,
  seq: number,
): void {
  if (p > b[x + HIGH]) b[x + HIGH] = p;
  else if (p < b[x + LOW]) b[x + LOW] = p;
  if (seq > b[x + CSEQ]) {
    b[x + CLOSE] = p;
    b[x + CSEQ] = seq;
  } else if (seq < b[x + OSEQ]) {
    b[x + OPEN] = p;
    b[x + OSEQ] = seq;
  }
  addVolume(st, b, at, i, q);
}

/** Closes the bar of a slot updated per tick (base or direct), if any, and opens one with the tick. */
function reopen(
  plan: FoldPlan,
  store: BarStore,
  st: FoldState,
  b: Float64Array,
  at: number,
  x: number,
  i: number,
  p: number,
  q: number,
  seq: number,
  ts: number,
): void {
  if (b[x + END] !== NONE) closeBar(store, st, b, at, i);
  setBucket(plan, b, x, i, ts);
  b[x + OPEN] = b[x + HIGH] = b[x + LOW] = b[x + CLOSE] = p;
  b[x + VOL] = q;
  b[x + OSEQ] = b[x + CSEQ] = seq;
  if (b[at + SPILLED] !== 0 && st.volBig !== null) st.volBig[i] = 0n;
}

/** Closes folded slot i's partial (into the history, if not empty) and empties it onto ts's bucket. */
function roll(
  plan: FoldPlan,
  store: BarStore,
  st: FoldState,
  b: Float64Array,
  at: number,
  i: number,
  ts: number,
): void {
  const x = slotAt(at, i);
  if (hasBar(b, at, i)) closeBar(store, st, b, at, i);
  setBucket(plan, b, x, i, ts);
  clearSlot(st, b, at, i, b[x + TIME], b[x + END]);
}

/** Applies a tick to a float64 symbol (record at `at` of page `b`); true if any period took it. */
export function applyFast(
  plan: FoldPlan,
  store: BarStore,
  st: FoldState,
  b: Float64Array,
  at: number,
  p: number,
  q: number,
  seq: number,
  ts: number,
): boolean {
  const bx = slotAt(at, plan.base);
  const attached = b[at + ATTACHED] === 1;
  // detached, the partials take the tick unless it opens the next base bucket (foldBase attaches them)
  let applied = !attached && ts < b[bx + END] && feedPartials(plan, store, st, b, at, p, q, seq, ts, true);
  if (ts < b[bx + END]) {
    if (ts >= b[bx + TIME]) {
      update(st, b, at, bx, plan.base, p, q, seq);
      applied = true;
    } else if (attached && plan.folded.length !== 0 && feedPartials(plan, store, st, b, at, p, q, seq, ts, false))
      applied = true;
  } else {
    if (plan.folded.length !== 0) foldBase(plan, store, st, b, at, ts);
    reopen(plan, store, st, b, at, bx, plan.base, p, q, seq, ts);
    applied = true;
  }
  const direct = plan.direct;
  for (let k = 0; k < direct.length; k++) {
    const i = direct[k];
    const x = slotAt(at, i);
    if (ts < b[x + END]) {
      if (ts < b[x + TIME]) continue; // older bucket: this series is past it
      update(st, b, at, x, i, p, q, seq);
    } else reopen(plan, store, st, b, at, x, i, p, q, seq, ts);
    applied = true;
  }
  return applied;
}

/**
 * The tick at ts opens a later base bucket: the closing base bar goes into the partials whose bucket
 * holds it (unless detached: they have its ticks already), partials ts is past close and empty, and
 * the partials attach. When every partial takes the bar and none closes, it goes to the pending slot.
 */
function foldBase(plan: FoldPlan, store: BarStore, st: FoldState, b: Float64Array, at: number, ts: number): void {
  const bx = slotAt(at, plan.base);
  const t = b[bx + TIME];
  if (ts < b[at + F_END] && t >= b[at + F_TIME] && b[at + ATTACHED] === 1 && b[at + SPILLED] === 0) {
    // F_END is NONE unless the gates are known, and then (attached) the base bar is real
    mergeSlot(st, b, at, PENDING, plan.base); // not spilled: the plain merge
    return;
  }
  flushPending(plan, st, b, at);
  foldAll(plan, store, st, b, at, ts);
}

/** foldBase's full path: every partial in turn; the gates are set from their buckets after. */
function foldAll(plan: FoldPlan, store: BarStore, st: FoldState, b: Float64Array, at: number, ts: number): void {
  const bx = slotAt(at, plan.base);
  const folded = plan.folded;
  const fold = b[at + ATTACHED] === 1 && b[bx + END] !== NONE;
  const spilled = b[at + SPILLED] !== 0 && st.volBig !== null && st.volBig[plan.base] !== 0n;
  const t = b[bx + TIME];
  const hi = b[bx + HIGH];
  const lo = b[bx + LOW];
  const oseq = b[bx + OSEQ];
  const cseq = b[bx + CSEQ];
  const vol = b[bx + VOL];
  let fTime = -Infinity;
  let fEnd = Infinity;
  for (let k = 0; k < folded.length; k++) {
    const i = folded[k];
    const x = slotAt(at, i);
    if (fold && t >= b[x + TIME] && t < b[x + END]) {
      if (spilled) mergeSlot(st, b, at, i, plan.base);
      else {
        // mergeSlot(st, b, at, i, base), unrolled on the base bar's fields read once
        if (hi > b[x + HIGH]) b[x + HIGH] = hi;
        if (lo < b[x + LOW]) b[x + LOW] = lo;
        if (cseq > b[x + CSEQ]) {
          b[x + CLOSE] = b[bx + CLOSE];
          b[x + CSEQ] = cseq;
        }
        if (oseq < b[x + OSEQ]) {
          b[x + OPEN] = b[bx + OPEN];
          b[x + OSEQ] = oseq;
        }
        addVolume(st, b, at, i, vol);
      }
    }
    if (ts >= b[x + END]) roll(plan, store, st, b, at, i, ts);
    if (b[x + TIME] > fTime) fTime = b[x + TIME];
    if (b[x + END] < fEnd) fEnd = b[x + END];
  }
  b[at + F_TIME] = fTime;
  b[at + F_END] = fEnd;
  b[at + ATTACHED] = 1;
}

/** Merges the pending bar, if any, into every partial and empties it. */
function flushPending(plan: FoldPlan, st: FoldState, b: Float64Array, at: number): void {
  if (b[slotAt(at, PENDING) + HIGH] === -Infinity) return;
  const folded = plan.folded;
  for (let k = 0; k < folded.length; k++) mergeSlot(st, b, at, folded[k], PENDING);
  clearSlot(st, b, at, PENDING, 0, 0); // END not NONE: a rescale checks its prices too
}

/**
 * Before anything but the per-tick path reads or changes the partials (load, detach): the pending
 * bar goes into them, and the gates are unknown until foldBase's full path sets them again.
 */
export function settle(plan: FoldPlan, st: FoldState): void {
  flushPending(plan, st, st.rec, st.at);
  st.rec[st.at + F_END] = NONE;
}

/**
 * The partials take a tick directly. Attached, the tick is before the base bar's bucket (a late
 * one): every partial whose bucket holds it takes it. Detached, the partials take it as direct slots
 * do: a partial the tick is past closes and empties onto its bucket first.
 */
function feedPartials(
  plan: FoldPlan,
  store: BarStore,
  st: FoldState,
  b: Float64Array,
  at: number,
  p: number,
  q: number,
  seq: number,
  ts: number,
  detached: boolean,
): boolean {
  const folded = plan.folded;
  let took = false;
  for (let k = 0; k < folded.length; k++) {
    const i = folded[k];
    const x = slotAt(at, i);
    if (ts >= b[x + END]) {
      if (!detached) continue;
      roll(plan, store, st, b, at, i, ts);
    } else if (ts < b[x + TIME]) continue;
    addTick(st, b, at, i, p, q, seq);
    took = true;
  }
  return took;
}

/** Whether the base bar is part of folded slot i's open bar. */
function baseIn(plan: FoldPlan, st: FoldState, i: number): boolean {
  const b = st.rec;
  const bx = slotAt(st.at, plan.base);
  const x = slotAt(st.at, i);
  const t = b[bx + TIME];
  return st.attached && b[bx + END] !== NONE && t >= b[x + TIME] && t < b[x + END];
}

/**
 * The slot holding period i's open bar as read: slot i itself, or for a folded period the scratch
 * slot with merge(partial, base bar). Read it before the next call, then `release`.
 */
export function view(plan: FoldPlan, st: FoldState, i: number): number {
  if (plan.isFolded[i] === 0) return i;
  const s = plan.scratch;
  copySlot(st, s, i);
  mergeSlot(st, st.rec, st.at, s, PENDING); // empty or not: an empty bar is merge's neutral element
  if (baseIn(plan, st, i)) mergeSlot(st, st.rec, st.at, s, plan.base);
  return s;
}

/** Empties the scratch slot (a stale bar there would count in the price-overflow check of a rescale). */
export function release(plan: FoldPlan, st: FoldState): void {
  st.rec[slotAt(st.at, plan.scratch) + END] = NONE;
}

/** Before load() reseeds the base bar: the partials take the live one in and detach. */
export function detach(plan: FoldPlan, st: FoldState): void {
  if (!st.attached) return;
  settle(plan, st);
  const folded = plan.folded;
  for (let k = 0; k < folded.length; k++)
    if (baseIn(plan, st, folded[k])) mergeSlot(st, st.rec, st.at, folded[k], plan.base);
  st.attached = false;
}

/**
 * The volume the base bar adds to folded period i's open bar as read (0n if none): load() stores a
 * seeded bar's volume minus it in the partial, so that reading adds it back.
 */
export function baseVolumeIn(plan: FoldPlan, st: FoldState, i: number): bigint {
  return plan.isFolded[i] === 1 && baseIn(plan, st, i) ? slotVolume(st, plan.base) : 0n;
}
