/**
 * The float64 per-tick path of the K-line aggregator: one tick reaches the open bars of all of a
 * symbol's periods while, inside the base bar's bucket, touching one slot.
 *
 * Fold rule (a cascade)
 * - The base is the shortest period. It takes every tick as a plain open bar.
 * - A longer period whose bucket boundaries are all base boundaries (calendar.ts `nestsIn`: every
 *   pair but `1mon` over a `1week` base) is folded, from its source: the longest shorter period
 *   (the base or a folded one) that nests in it — 5min from 1min, 15min from 5min, …, 1week and
 *   1mon both from 1day. Its slot holds a partial bar: the source's bars already closed into its
 *   bucket, merged (bar-slot.ts), plus ticks it took itself. Its open bar, as read (`view`), is the
 *   partial merged with its source's open bar as read, while that lies in its bucket.
 * - Any other period is direct: updated per tick, like the base.
 * - A tick in the base bar's bucket touches the base (and the direct slots) only. A tick in a later
 *   bucket closes the base bar; a closing bar merges into the slots folded from it whose bucket
 *   holds it, then its slot closes (into its history, if not empty) and empties onto the bucket of
 *   the tick; a slot whose source closed closes too if the tick is past its bucket, and so on up.
 *   So a closed bar costs one merge, plus one per longer bar it closes (≈ 1.3 on the bench's
 *   stream) instead of one per folded period.
 * - A late tick (before the base bar's bucket) goes to each folded slot whose bucket holds it and
 *   whose source's does not (the source's view carries it up otherwise).
 * So every folded period sees exactly the ticks of its bucket that arrived before its bucket closed,
 * as a direct one would: same bars, same outcomes.
 *
 * Unlinked: load() reseeds a slot with history that the slots folded from it must not see, and the
 * reseeded slot must not add its source's bar to the history (which already counts it). Before that
 * (`unlink`) the reseeded slot and the slots folded from it take in what they see through their
 * source and unlink (a bit per slot in the record's UNLINKED): an unlinked slot takes every tick in
 * its bucket directly, as a direct slot, and its source's closing bar is not merged into it; it
 * links again when its source opens its next bucket (whose bar holds new ticks only).
 *
 * Invariant while every slot is linked: a folded slot's bucket holds its source's bucket, or is
 * later (load() seeded it ahead); never earlier. So a slot can close only when its source does, and
 * the per-tick path visits only the slots folded from a closing one.
 *
 * The per-tick functions take the page `b` and offset `at` of the symbol's record (record.ts) and
 * touch the symbol's object only on rare paths (spilled volume, bars kept as strings). `store` holds
 * the histories' rings (bar-history.ts).
 */
import type { Period } from '../types/market';
import { closeBar, type BarStore, type HistoryOwner } from './bar-history';
import { addTick, addVolume, copySlot, emptySlot, hasBar, mergeSlot } from './bar-slot';
import { monthStart, nestsIn, nextMonthStart, periodLength } from './calendar';
import { MAX_SAFE } from './scaled';
import { CLOSE, CSEQ, END, HIGH, LOW, NONE, OPEN, OSEQ, SPILLED, TIME, UNLINKED, VOL, slotAt } from './record';

/** A float64 symbol as the fast path sees it. */
export type FoldState = HistoryOwner;

/** Which slot is the base, which periods are folded (and from which) or direct; fixed per aggregator. */
export class FoldPlan {
  readonly base: number;
  /** the slot after the periods' where a folded period's open bar is assembled for reading */
  readonly scratch: number;
  /** per slot: bucket length and offset (periodLength); length 0 = calendar month */
  readonly lens: Float64Array;
  readonly offs: Float64Array;
  /** folded periods by index, and the same shortest first (a source before the slots folded from it) */
  readonly folded: Int32Array;
  readonly order: Int32Array;
  readonly direct: Int32Array;
  readonly isFolded: Uint8Array;
  /** per slot: the slot it is folded from (−1: not folded) */
  readonly src: Int32Array;
  /** per slot j: the slots folded from j are into[intoStart[j] … intoStart[j + 1]) */
  readonly into: Int32Array;
  readonly intoStart: Int32Array;

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
    const folded = others.filter((i) => nestsIn(periods[base], periods[i]));
    this.folded = Int32Array.from(folded);
    this.order = Int32Array.from([...folded].sort((a, b) => span(a) - span(b)));
    this.direct = Int32Array.from(others.filter((i) => !nestsIn(periods[base], periods[i])));
    this.isFolded = new Uint8Array(n);
    this.src = new Int32Array(n).fill(-1);
    for (const i of folded) {
      this.isFolded[i] = 1;
      // the longest shorter source that nests: the fewest closed bars to merge
      let s = base;
      for (const j of folded) if (span(j) < span(i) && span(j) > span(s) && nestsIn(periods[j], periods[i])) s = j;
      this.src[i] = s;
    }
    this.intoStart = new Int32Array(n + 1);
    const into: number[] = [];
    for (let j = 0; j < n; j++) {
      this.intoStart[j] = into.length;
      for (const i of this.order) if (this.src[i] === j) into.push(i);
    }
    this.intoStart[n] = into.length;
    this.into = Int32Array.from(into);
  }
}

/**
 * The tick's scaled price and qty and its time, as applyFast's caller sets them: a float64 passed as
 * an argument to a function V8 does not inline (or loaded from the tick's double field and passed
 * on) is boxed into a fresh heap number per call, the aggregator's only per-tick garbage.
 */
export const tick = new Float64Array(3);
export const P = 0;
export const Q = 1;
export const TS = 2;

/** Sets the bucket of the slot at x (slot i) to the one containing the tick's time. Same formulas as bucket.ts, on numbers. */
function setBucket(plan: FoldPlan, b: Float64Array, x: number, i: number): void {
  const ts = tick[TS];
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
  // addVolume's common case here: passing q to it, if not inlined, would box q (see `tick`)
  const v = b[x + VOL] + q;
  if (v <= MAX_SAFE) b[x + VOL] = v;
  else addVolume(st, b, at, i, q);
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
  seq: number,
): void {
  if (b[x + END] !== NONE) closeBar(store, st, b, at, i);
  setBucket(plan, b, x, i);
  const p = tick[P];
  const q = tick[Q];
  b[x + OPEN] = b[x + HIGH] = b[x + LOW] = b[x + CLOSE] = p;
  b[x + VOL] = q;
  b[x + OSEQ] = b[x + CSEQ] = seq;
  if (b[at + SPILLED] !== 0 && st.volBig !== null) st.volBig[i] = 0n;
}

/** Whether slot j's bucket lies in slot i's (j has a bucket). */
function inBucket(b: Float64Array, at: number, j: number, i: number): boolean {
  const y = slotAt(at, j);
  const x = slotAt(at, i);
  return b[y + END] !== NONE && b[y + TIME] >= b[x + TIME] && b[y + TIME] < b[x + END];
}

/**
 * Slot j's bar is closing: it merges into each linked slot folded from j whose bucket holds it.
 * The caller then empties or reopens j and calls `relink`.
 */
function passUp(plan: FoldPlan, st: FoldState, b: Float64Array, at: number, j: number, unl: number): void {
  const into = plan.into;
  for (let k = plan.intoStart[j], e = plan.intoStart[j + 1]; k < e; k++) {
    const i = into[k];
    if (((unl >> i) & 1) === 0 && inBucket(b, at, j, i)) mergeSlot(st, b, at, i, j);
  }
}

/** Slot j has opened a new bucket (new ticks only): the slots folded from j link again. */
function relink(plan: FoldPlan, b: Float64Array, at: number, j: number, unl: number): number {
  let u = unl;
  for (let k = plan.intoStart[j], e = plan.intoStart[j + 1]; k < e; k++) u &= ~(1 << plan.into[k]);
  if (u !== unl) b[at + UNLINKED] = u;
  return u;
}

/**
 * Applies a tick (price, qty and time in `tick`, set by the caller) to a float64 symbol (record at
 * `at` of page `b`); true if any period took it.
 */
export function applyFast(
  plan: FoldPlan,
  store: BarStore,
  st: FoldState,
  b: Float64Array,
  at: number,
  seq: number,
): boolean {
  const p = tick[P];
  const q = tick[Q];
  const ts = tick[TS];
  const base = plan.base;
  const bx = slotAt(at, base);
  const folds = plan.order.length !== 0;
  let applied = true;
  if (ts < b[bx + END]) {
    if (ts >= b[bx + TIME]) {
      update(st, b, at, bx, base, p, q, seq);
      if (b[at + UNLINKED] !== 0 && rise(plan, store, st, b, at, false)) takeDirect(plan, st, b, at, p, q, seq, ts);
    } else applied = folds && rise(plan, store, st, b, at, false) && takeDirect(plan, st, b, at, p, q, seq, ts); // late
  } else {
    const unl = b[at + UNLINKED];
    if (folds) passUp(plan, st, b, at, base, unl);
    reopen(plan, store, st, b, at, bx, base, seq);
    // all linked: `rise` would relink nothing and find the tick in the base's (new) bucket, so only
    // the chain from the base can close, and usually not even its first link
    if (folds && unl !== 0) {
      if (rise(plan, store, st, b, at, true)) takeDirect(plan, st, b, at, p, q, seq, ts);
    } else if (folds && closesAny(plan, b, at, base)) closeUp(plan, store, st, b, at, base);
  }
  const direct = plan.direct;
  for (let k = 0; k < direct.length; k++) {
    const i = direct[k];
    const x = slotAt(at, i);
    if (ts < b[x + END]) {
      if (ts < b[x + TIME]) continue; // older bucket: this series is past it
      update(st, b, at, x, i, p, q, seq);
    } else reopen(plan, store, st, b, at, x, i, seq);
    applied = true;
  }
  return applied;
}

/**
 * The folded slots' part of a tick, after the base has taken it (and, if `baseClosed`, passed its
 * closed bar up and reopened): slots the tick is past pass their bar up, close and empty onto its
 * bucket. True when slots may have to take the tick directly (late tick, or some slot unlinked):
 * `takeDirect` then. All linked and not late, only the slots folded from a closing one are visited.
 */
function rise(
  plan: FoldPlan,
  store: BarStore,
  st: FoldState,
  b: Float64Array,
  at: number,
  baseClosed: boolean,
): boolean {
  const ts = tick[TS];
  const base = plan.base;
  const bx = slotAt(at, base);
  let unl = b[at + UNLINKED];
  let closing = 0;
  if (baseClosed) {
    unl = relink(plan, b, at, base, unl);
    closing = 1 << base;
  }
  // every slot is checked while some are unlinked or the tick is late (see the invariant)
  const all = unl !== 0 || ts < b[bx + TIME];
  if (!all) {
    // the common case: only the slots folded from a closing one, up the chain
    if (baseClosed) closeUp(plan, store, st, b, at, base);
    return false;
  }
  const order = plan.order;
  const src = plan.src;
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    if (!all && ((closing >> src[i]) & 1) === 0) continue;
    const x = slotAt(at, i);
    if (ts < b[x + END]) continue;
    passUp(plan, st, b, at, i, unl);
    if (hasBar(b, at, i)) closeBar(store, st, b, at, i);
    setBucket(plan, b, x, i);
    emptySlot(st, b, at, i);
    unl = relink(plan, b, at, i, unl);
    closing |= 1 << i;
  }
  return all;
}

/**
 * All slots linked, the tick not late, slot j just closed: each slot folded from j that the tick is
 * past passes its bar up, closes and empties onto the tick's bucket, and so on from it (`rise`'s
 * loop restricted to the closing chain; any order that visits a source first gives the same bars).
 */
function closeUp(plan: FoldPlan, store: BarStore, st: FoldState, b: Float64Array, at: number, j: number): void {
  const ts = tick[TS];
  const into = plan.into;
  for (let k = plan.intoStart[j], e = plan.intoStart[j + 1]; k < e; k++) {
    const i = into[k];
    const x = slotAt(at, i);
    if (ts < b[x + END]) continue;
    passUp(plan, st, b, at, i, 0);
    if (hasBar(b, at, i)) closeBar(store, st, b, at, i);
    setBucket(plan, b, x, i);
    emptySlot(st, b, at, i);
    closeUp(plan, store, st, b, at, i);
  }
}

/** Whether the tick is past the bucket of some slot folded from slot j. */
function closesAny(plan: FoldPlan, b: Float64Array, at: number, j: number): boolean {
  const ts = tick[TS];
  const into = plan.into;
  for (let k = plan.intoStart[j], e = plan.intoStart[j + 1]; k < e; k++)
    if (ts >= b[slotAt(at, into[k]) + END]) return true;
  return false;
}

/** Each folded slot whose bucket holds ts takes the tick unless it sees it through its source. */
function takeDirect(
  plan: FoldPlan,
  st: FoldState,
  b: Float64Array,
  at: number,
  p: number,
  q: number,
  seq: number,
  ts: number,
): boolean {
  const unl = b[at + UNLINKED];
  const bx = slotAt(at, plan.base);
  let holds = ts >= b[bx + TIME] && ts < b[bx + END] ? 1 << plan.base : 0;
  const order = plan.order;
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    const x = slotAt(at, i);
    if (ts < b[x + TIME] || ts >= b[x + END]) continue;
    // both buckets holding ts, the source's lies in this one's: its view carries the tick
    if (((unl >> i) & 1) !== 0 || ((holds >> plan.src[i]) & 1) === 0) addTick(st, b, at, i, p, q, seq);
    holds |= 1 << i;
  }
  return (holds & ~(1 << plan.base)) !== 0;
}

/** Whether slot i's view includes its source's view. */
function linked(plan: FoldPlan, st: FoldState, i: number): boolean {
  const j = plan.src[i];
  return j >= 0 && ((st.rec[st.at + UNLINKED] >> i) & 1) === 0 && inBucket(st.rec, st.at, j, i);
}

/**
 * The slot holding period i's open bar as read: slot i itself, or for a folded period the scratch
 * slot with the partial merged with its sources' down the chain. Read it before the next call, then `release`.
 */
export function view(plan: FoldPlan, st: FoldState, i: number): number {
  if (!linked(plan, st, i)) return i;
  const s = plan.scratch;
  copySlot(st, s, i);
  for (let c = i; linked(plan, st, c); c = plan.src[c]) mergeSlot(st, st.rec, st.at, s, plan.src[c]);
  return s;
}

/** Empties the scratch slot (a stale bar there would count in the price-overflow check of a rescale). */
export function release(plan: FoldPlan, st: FoldState): void {
  st.rec[slotAt(st.at, plan.scratch) + END] = NONE;
}

/**
 * Before load() reseeds slot i: i's open bar as read becomes its slot alone, and the slots folded
 * from i take it in; all of them unlink (they take ticks directly until their source's next bucket).
 */
export function unlink(plan: FoldPlan, st: FoldState, i: number): void {
  const b = st.rec;
  let unl = b[st.at + UNLINKED];
  if (plan.isFolded[i] === 1) {
    const v = view(plan, st, i);
    if (v !== i) copySlot(st, i, v);
    release(plan, st);
    unl |= 1 << i;
  }
  for (let k = plan.intoStart[i], e = plan.intoStart[i + 1]; k < e; k++) {
    const c = plan.into[k];
    if (((unl >> c) & 1) === 0 && inBucket(b, st.at, i, c)) mergeSlot(st, b, st.at, c, i);
    unl |= 1 << c;
  }
  b[st.at + UNLINKED] = unl;
}
