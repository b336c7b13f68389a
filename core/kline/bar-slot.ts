/**
 * Open bars as numbers: the slot layout the aggregator keeps per float64 symbol, and the ways a
 * slot grows that are not the per-tick hot path — a tick into a slot that may be empty, and one
 * slot merged into another (folding a lower period's bar into a higher period's partial bar).
 *
 * Layout: slot i occupies [i·STRIDE, (i+1)·STRIDE) of the symbol's `bars` array. END is −Infinity
 * (NONE) while the slot has never held a bucket. Volume = volBig[i] + VOL: VOL stays a safe integer,
 * the excess spills into `volBig` (created on first spill). OSEQ/CSEQ are the seqs of the ticks
 * that set open/close; −Infinity for a bar seeded by load().
 *
 * An empty slot (`clearSlot`) has a bucket but no bar yet: the neutral element of `mergeSlot`
 * (HIGH −∞, LOW +∞, VOL 0, OSEQ +∞, CSEQ −∞). Prices are ≥ 0, so HIGH = −∞ marks it; a seeded bar
 * (OSEQ −∞, perhaps CSEQ −∞) always has a real HIGH.
 *
 * Merging is the set union of two bars' ticks: high = max, low = min, open from the lower open
 * seq, close from the higher close seq, volume the exact sum. Seqs are unique per symbol (a seq is
 * taken once), so two real bars never tie on a seq.
 */
import type { Candle } from '../types/market';
import { MAX_SAFE, formatScaled } from './scaled';

export const TIME = 0;
export const END = 1;
export const OPEN = 2;
export const HIGH = 3;
export const LOW = 4;
export const CLOSE = 5;
export const VOL = 6;
export const OSEQ = 7;
export const CSEQ = 8;
export const STRIDE = 9;
export const NONE = -Infinity;

/** The part of a symbol's state the slot arithmetic touches. */
export interface FastBars {
  bars: Float64Array;
  /** spilled volume per slot, once any has spilled */
  volBig: bigint[] | null;
}

/** A float64 symbol: its slots and the scales of every number in them. */
export interface ScaledBars extends FastBars {
  pScale: number;
  qScale: number;
}

export function volBigOf(st: FastBars): bigint[] {
  if (st.volBig === null) st.volBig = new Array<bigint>(st.bars.length / STRIDE).fill(0n);
  return st.volBig;
}

/** True when slot i holds a bar (a bucket and at least one tick or seeded candle). */
export function hasBar(b: Float64Array, i: number): boolean {
  const x = i * STRIDE;
  return b[x + END] !== NONE && b[x + HIGH] !== -Infinity;
}

/** Makes slot i empty with the bucket [time, end). */
export function clearSlot(st: FastBars, i: number, time: number, end: number): void {
  const b = st.bars;
  const x = i * STRIDE;
  b[x + TIME] = time;
  b[x + END] = end;
  b[x + OPEN] = 0;
  b[x + HIGH] = -Infinity;
  b[x + LOW] = Infinity;
  b[x + CLOSE] = 0;
  b[x + VOL] = 0;
  b[x + OSEQ] = Infinity;
  b[x + CSEQ] = -Infinity;
  if (st.volBig !== null) st.volBig[i] = 0n;
}

/** Adds the tick to slot i, which may be empty (so no else-if shortcuts). */
export function addTick(st: FastBars, i: number, p: number, q: number, seq: number): void {
  const b = st.bars;
  const x = i * STRIDE;
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
  addVolume(st, i, q);
}

/** VOL += q, spilling into volBig when the sum would leave the safe integers. */
export function addVolume(st: FastBars, i: number, q: number): void {
  const b = st.bars;
  const x = i * STRIDE + VOL;
  // Both are safe integers: a true sum ≤ MAX_SAFE is computed exactly, a larger one rounds above it.
  const v = b[x] + q;
  if (v <= MAX_SAFE) b[x] = v;
  else {
    volBigOf(st)[i] += BigInt(b[x]);
    b[x] = q;
  }
}

/** Merges the bar of slot `from` into slot `into` (either may be empty); `into` keeps its bucket. */
export function mergeSlot(st: FastBars, into: number, from: number): void {
  const b = st.bars;
  const x = into * STRIDE;
  const y = from * STRIDE;
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
  addVolume(st, into, b[y + VOL]);
  const big = st.volBig;
  if (big !== null && big[from] !== 0n) big[into] += big[from];
}

/** Copies slot `from` (bucket, bar and spilled volume) over slot `into`. */
export function copySlot(st: FastBars, into: number, from: number): void {
  st.bars.copyWithin(into * STRIDE, from * STRIDE, (from + 1) * STRIDE);
  if (st.volBig !== null) st.volBig[into] = st.volBig[from];
}

/** Exact volume of slot i. */
export function slotVolume(st: FastBars, i: number): bigint {
  const v = BigInt(st.bars[i * STRIDE + VOL]);
  return st.volBig === null ? v : st.volBig[i] + v;
}

/** Sets slot i's exact volume, as a safe integer when it fits. */
export function setSlotVolume(st: FastBars, i: number, v: bigint): void {
  const safe = v <= BigInt(MAX_SAFE);
  st.bars[i * STRIDE + VOL] = safe ? Number(v) : 0;
  if (!safe) volBigOf(st)[i] = v;
  else if (st.volBig !== null) st.volBig[i] = 0n;
}

/** Slot i's bar as a Candle (strings in canonical form). */
export function slotCandle(st: ScaledBars, i: number): Candle {
  const b = st.bars;
  const x = i * STRIDE;
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
