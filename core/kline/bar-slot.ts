/**
 * Open bars as numbers: the slot layout of a float64 symbol's record (record.ts), and the ways a
 * slot grows that are not the per-tick hot path — a tick into a slot that may be empty, and one
 * slot merged into another (folding a lower period's bar into a higher period's partial bar).
 *
 * Layout: slot i occupies [slotAt(at, i), + STRIDE) of the page `b` holding the symbol's record at
 * `at`. END is −Infinity (NONE) while the slot has never held a bucket. Volume = volBig[i] + VOL:
 * VOL stays a safe integer, the excess spills into `volBig` (created on first spill, flagged in the
 * record's SPILLED). OSEQ/CSEQ are the seqs of the ticks that set open/close; −Infinity for a bar
 * seeded by load().
 *
 * An empty slot (`emptySlot`) has a bucket but no bar yet: the neutral element of `mergeSlot`
 * (HIGH −∞, LOW +∞, VOL 0, OSEQ +∞, CSEQ −∞). Prices are ≥ 0, so HIGH = −∞ marks it; a seeded bar
 * (OSEQ −∞, perhaps CSEQ −∞) always has a real HIGH.
 *
 * Merging is the set union of two bars' ticks: high = max, low = min, open from the lower open
 * seq, close from the higher close seq, volume the exact sum. Seqs are unique per symbol (a seq is
 * taken once), so two real bars never tie on a seq.
 *
 * The functions a tick may reach take the page and record offset besides the symbol's object, and
 * touch the object only when volume has spilled: the object is usually not in cache.
 */
import type { Candle } from '../types/market';
import { CLOSE, CSEQ, END, HIGH, LOW, MAX_SLOTS, NONE, OPEN, OSEQ, SPILLED, STRIDE, TIME, VOL, slotAt } from './record';
import { MAX_SAFE, formatScaled } from './scaled';

/** The part of a symbol's state the slot arithmetic touches. */
export interface FastBars {
  /** the page holding the symbol's record, and the record's offset in it */
  readonly rec: Float64Array;
  readonly at: number;
  /** spilled volume per slot, once any has spilled */
  volBig: bigint[] | null;
}

/** A float64 symbol: its slots and the scales of every number in them. */
export interface ScaledBars extends FastBars {
  pScale: number;
  qScale: number;
}

export function volBigOf(st: FastBars): bigint[] {
  if (st.volBig === null) st.volBig = new Array<bigint>(MAX_SLOTS).fill(0n);
  return st.volBig;
}

/** True when slot i holds a bar (a bucket and at least one tick or seeded candle). */
export function hasBar(b: Float64Array, at: number, i: number): boolean {
  const x = slotAt(at, i);
  return b[x + END] !== NONE && b[x + HIGH] !== -Infinity;
}

/** Makes slot i empty, keeping its bucket (no times as arguments: a float64 argument may be boxed per call). */
export function emptySlot(st: FastBars, b: Float64Array, at: number, i: number): void {
  const x = slotAt(at, i);
  b[x + OPEN] = 0;
  b[x + HIGH] = -Infinity;
  b[x + LOW] = Infinity;
  b[x + CLOSE] = 0;
  b[x + VOL] = 0;
  b[x + OSEQ] = Infinity;
  b[x + CSEQ] = -Infinity;
  if (b[at + SPILLED] !== 0) volBigOf(st)[i] = 0n;
}

/** Adds the tick to slot i, which may be empty (so no else-if shortcuts). */
export function addTick(st: FastBars, b: Float64Array, at: number, i: number, p: number, q: number, seq: number): void {
  const x = slotAt(at, i);
  if (p > b[x + HIGH]) b[x + HIGH] = p;
  if (p < b[x + LOW]) b[x + LOW] = p;
  if (seq > b[x + CSEQ]) {
    b[x + CLOSE] = p;
    b[x + CSEQ] = seq;
  }
  if (seq < b[x + OSEQ]) {
    b[x + OPEN] = p;
    b[x + OSEQ] = seq;
  }
  addVolume(st, b, at, i, q);
}

/** VOL += q, spilling into volBig when the sum would leave the safe integers. */
export function addVolume(st: FastBars, b: Float64Array, at: number, i: number, q: number): void {
  const x = slotAt(at, i) + VOL;
  // Both are safe integers: a true sum ≤ MAX_SAFE is computed exactly, a larger one rounds above it.
  const v = b[x] + q;
  if (v <= MAX_SAFE) b[x] = v;
  else {
    volBigOf(st)[i] += BigInt(b[x]);
    b[x] = q;
  }
}

/** Merges the bar of slot `from` into slot `into` (either may be empty); `into` keeps its bucket. */
export function mergeSlot(st: FastBars, b: Float64Array, at: number, into: number, from: number): void {
  const x = slotAt(at, into);
  const y = slotAt(at, from);
  if (b[y + HIGH] > b[x + HIGH]) b[x + HIGH] = b[y + HIGH];
  if (b[y + LOW] < b[x + LOW]) b[x + LOW] = b[y + LOW];
  if (b[y + CSEQ] > b[x + CSEQ]) {
    b[x + CLOSE] = b[y + CLOSE];
    b[x + CSEQ] = b[y + CSEQ];
  }
  if (b[y + OSEQ] < b[x + OSEQ]) {
    b[x + OPEN] = b[y + OPEN];
    b[x + OSEQ] = b[y + OSEQ];
  }
  addVolume(st, b, at, into, b[y + VOL]);
  if (b[at + SPILLED] !== 0) {
    const big = volBigOf(st);
    if (big[from] !== 0n) big[into] += big[from];
  }
}

/** Copies slot `from` (bucket, bar and spilled volume) over slot `into`. */
export function copySlot(st: FastBars, into: number, from: number): void {
  const y = slotAt(st.at, from);
  st.rec.copyWithin(slotAt(st.at, into), y, y + STRIDE);
  if (st.volBig !== null) st.volBig[into] = st.volBig[from];
}

/** Exact volume of slot i. */
export function slotVolume(st: FastBars, i: number): bigint {
  const v = BigInt(st.rec[slotAt(st.at, i) + VOL]);
  return st.volBig === null ? v : st.volBig[i] + v;
}

/** Sets slot i's exact volume, as a safe integer when it fits. */
export function setSlotVolume(st: FastBars, i: number, v: bigint): void {
  const safe = v <= BigInt(MAX_SAFE);
  st.rec[slotAt(st.at, i) + VOL] = safe ? Number(v) : 0;
  if (!safe) volBigOf(st)[i] = v;
  else if (st.volBig !== null) st.volBig[i] = 0n;
}

/** Slot i's bar as a Candle (strings in canonical form). */
export function slotCandle(st: ScaledBars, i: number): Candle {
  const b = st.rec;
  const x = slotAt(st.at, i);
  const big = st.volBig === null ? 0n : st.volBig[i];
  return {
    time: b[x + TIME],
    open: formatScaled(b[x + OPEN], st.pScale),
    high: formatScaled(b[x + HIGH], st.pScale),
    low: formatScaled(b[x + LOW], st.pScale),
    close: formatScaled(b[x + CLOSE], st.pScale),
    volume: formatScaled(big === 0n ? b[x + VOL] : big + BigInt(b[x + VOL]), st.qScale),
  };
}
