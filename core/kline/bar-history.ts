/**
 * Closed bars of every series, oldest first, each series a fixed-capacity ring.
 *
 * Why columnar numbers: 2,000 symbols × 9 periods × 1,000 bars is 18 M bars. As objects (or as five
 * strings each) they would dominate memory and make every garbage collection walk them; here a
 * float64-safe bar is 48 bytes in a typed array and costs the collector nothing. Strings are built
 * only when read. Bars that are not float64-safe (BigInt symbols, huge volumes) and bars seeded from
 * history are kept as their Candle strings in a side array per series that exists only once one is
 * needed (the symbol's `strs`, flagged in its record's STRS).
 *
 * Why shared slabs: a symbol that trades a few times a minute closes a bar on nearly every tick. A
 * ring as an object with its own typed array costs a walk through the object, the array and its
 * store, none of them in cache, per closed bar, and a new typed array each time a ring grows. Here
 * the rings of all series are runs of bars in a few large slabs (BarStore), and a ring's place and
 * fill (slab, offset, size, start, length) are numbers in the symbol's record (record.ts), beside
 * the open bar being closed: `closeBar` reads the record, writes the bar and touches no object.
 *
 * Layout: a bar is 6 numbers: time and scales packed as time · 1,024 + ps · 32 + qs (float64 values
 * never carry more than MAX_FAST_SCALE = 22 decimals, and a bar's time is an integer ms within
 * ±(2^43 − 1), ~ years 1691–2248, so the sum is a safe integer), then open, high, low, close, volume. One
 * number fewer than time and scales apart: a closed bar is 48 bytes, not 56, so the rings' writes
 * and their slabs' fresh pages (the page faults of a growing store) shrink by a seventh. A bar whose
 * time does not fit is kept as strings.
 *
 * Rules: a push appends; beyond `cap` bars the oldest is forgotten. Capacity starts at 16 bars and
 * grows fourfold up to `cap` (16, 64, 256, 1,024 → cap): a ring that grows moves to a new run, and
 * its old run goes to a free list of its size for the next ring to grow to that size. Preallocating
 * `cap` bars for every series would cost 2,000 × 9 × 1,000 × 48 B ≈ 0.9 GB up front, most of it for
 * series (weeks, months) that never fill (at the bench's 1,500 bars, 2,002 symbols × 9 periods:
 * 1.3 GB). Slabs start at 4,096 bars and double up to 131,072 (6 MiB); a run longer than that gets a
 * slab of its own. A new slab is written through (its pages made resident) when it is allocated.
 */
import type { Candle } from '../types/market';
import { slotCandle, type ScaledBars } from './bar-slot';
import {
  CLOSE,
  HIGH,
  LOW,
  OPEN,
  PSCALE,
  QSCALE,
  R_LEN,
  R_OFF,
  R_SIZE,
  R_SLAB,
  R_START,
  SPILLED,
  STRS,
  TIME,
  VOL,
  ringAt,
  slotAt,
} from './record';
import { formatScaled } from './scaled';

const BAR = 6;
/** time · TIME_BASE + ps · SCALE_BASE + qs */
const TS = 0;
const O = 1;
const H = 2;
const L = 3;
const C = 4;
const V = 5;
const SCALE_BASE = 32;
const TIME_BASE = 1_024;
/** the largest |time| packed with the scales: (2^43 − 1) · 1,024 + 1,023 = 2^53 − 1 */
const MAX_TIME = 2 ** 43 - 1;
const MIN_BARS = 16;
const GROWTH = 4;
const FIRST_SLAB = 4_096;
const MAX_SLAB = 131_072;

/** Whether a bar at `time` can be kept as numbers (its time packs with the scales). */
function packable(time: number): boolean {
  return time <= MAX_TIME && time >= -MAX_TIME && Math.floor(time) === time;
}

/** The slabs holding every ring of one aggregator, and the runs free for reuse. */
export class BarStore {
  readonly slabs: Float64Array[] = [];
  /** bars used in the newest slab */
  private used = 0;
  /** free runs by size: flat [slab, offset, slab, offset, …] */
  private readonly free = new Map<number, number[]>();
  /** where `alloc` put the run */
  slab = 0;
  off = 0;

  /** `cap`: closed bars kept per series */
  constructor(readonly cap: number) {}

  /** A run of `size` bars: its place in `slab` and `off` (in numbers). */
  alloc(size: number): void {
    const list = this.free.get(size);
    if (list !== undefined && list.length !== 0) {
      const k = list.length - 2;
      this.slab = list[k];
      this.off = list[k + 1];
      list.length = k;
      return;
    }
    const n = this.slabs.length;
    const last = n === 0 ? 0 : this.slabs[n - 1].length / BAR;
    if (n === 0 || this.used + size > last) {
      const bars = Math.max(size, Math.min(MAX_SLAB, n === 0 ? FIRST_SLAB : last * 2));
      // written through at once: its pages are resident from here (the allocator maps them lazily),
      // so the process's RSS grows in the steps the rings' ArrayBuffer bytes do (the soak's
      // server-RSS-less-ArrayBuffers series) rather than page by page as the rings fill
      this.slabs.push(new Float64Array(bars * BAR).fill(0));
      this.used = 0;
    }
    this.slab = this.slabs.length - 1;
    this.off = this.used * BAR;
    this.used += size;
  }

  release(size: number, slab: number, off: number): void {
    let list = this.free.get(size);
    if (list === undefined) this.free.set(size, (list = []));
    list.push(slab, off);
  }
}

/** The symbol's side of its histories: its record, and the strings kept for the rare bars. */
export interface HistoryOwner extends ScaledBars {
  /** per period index, bars kept as strings by ring position, once one is */
  strs: ((Candle | undefined)[] | null)[];
  /** per period index, the history as read and written off the hot path */
  hist: BarHistory[];
}

/** Moves ring m (record offset) to a run `size` bars long, oldest bar first. */
function grow(
  store: BarStore,
  st: HistoryOwner,
  b: Float64Array,
  at: number,
  m: number,
  i: number,
  size: number,
): void {
  const old = b[m + R_SIZE];
  const start = b[m + R_START];
  const len = b[m + R_LEN];
  store.alloc(size);
  const to = store.slabs[store.slab];
  if (old !== 0) {
    const from = store.slabs[b[m + R_SLAB]];
    const base = b[m + R_OFF];
    // Oldest first: [start, old) then [0, start). A plain loop: two subarray views per grow were
    // garbage and builtin calls costing more than the copy of a short ring.
    const head = (old - start) * BAR;
    const from0 = base + start * BAR;
    const to0 = store.off;
    for (let k = 0; k < head; k++) to[to0 + k] = from[from0 + k];
    const tail = start * BAR;
    for (let k = 0; k < tail; k++) to[to0 + head + k] = from[base + k];
    store.release(old, b[m + R_SLAB], base);
  }
  const s = b[at + STRS] === 0 ? null : st.strs[i]; // the object only when a bar is kept as strings
  if (s != null) {
    const next: (Candle | undefined)[] = new Array(size).fill(undefined);
    for (let k = 0; k < len; k++) next[k] = s[(start + k) % old];
    st.strs[i] = next;
  }
  b[m + R_SLAB] = store.slab;
  b[m + R_OFF] = store.off;
  b[m + R_SIZE] = size;
  b[m + R_START] = 0;
}

/** Ring position for the next bar of series i (the oldest one's when full); −1 when none are kept. */
function nextPos(store: BarStore, st: HistoryOwner, b: Float64Array, at: number, i: number): number {
  const cap = store.cap;
  if (cap === 0) return -1;
  const m = ringAt(at, i);
  const size = b[m + R_SIZE];
  const start = b[m + R_START];
  const len = b[m + R_LEN];
  if (len === cap) {
    b[m + R_START] = start + 1 === size ? 0 : start + 1;
    return start;
  }
  if (len === size) {
    grow(store, st, b, at, m, i, Math.min(cap, Math.max(MIN_BARS, size * GROWTH)));
    b[m + R_LEN] = len + 1;
    return len; // start is 0 after a move
  }
  b[m + R_LEN] = len + 1;
  const k = start + len;
  return k >= size ? k - size : k;
}

/**
 * Closes slot i's bar into its history (the symbol's record at `at` of page `b`). A bar whose
 * volume has spilled out of float64 is kept as strings.
 */
export function closeBar(store: BarStore, st: HistoryOwner, b: Float64Array, at: number, i: number): void {
  const x = slotAt(at, i);
  const time = b[x + TIME];
  if ((b[at + SPILLED] !== 0 && st.volBig !== null && st.volBig[i] !== 0n) || !packable(time)) {
    st.hist[i].pushCandle(slotCandle(st, i));
    return;
  }
  const k = nextPos(store, st, b, at, i);
  if (k < 0) return;
  const m = ringAt(at, i);
  const r = store.slabs[b[m + R_SLAB]];
  const y = b[m + R_OFF] + k * BAR;
  r[y + TS] = time * TIME_BASE + b[at + PSCALE] * SCALE_BASE + b[at + QSCALE];
  r[y + O] = b[x + OPEN];
  r[y + H] = b[x + HIGH];
  r[y + L] = b[x + LOW];
  r[y + C] = b[x + CLOSE];
  r[y + V] = b[x + VOL];
  if (b[at + STRS] !== 0) clearString(st, i, k);
}

function clearString(st: HistoryOwner, i: number, k: number): void {
  const s = st.strs[i];
  if (s != null) s[k] = undefined;
}

/** One series' history, for the paths that are not per tick: reads, load(), BigInt and spilled bars. */
export class BarHistory {
  constructor(
    private readonly store: BarStore,
    private readonly st: HistoryOwner,
    private readonly i: number,
  ) {}

  get length(): number {
    return this.st.rec[ringAt(this.st.at, this.i) + R_LEN];
  }

  /** Appends a bar whose values are safe-integer mantissas at the given scales (each ≤ MAX_FAST_SCALE). */
  pushScaled(time: number, o: number, h: number, l: number, c: number, v: number, ps: number, qs: number): void {
    if (!packable(time)) {
      const f = (n: number) => formatScaled(n, ps);
      this.pushCandle({ time, open: f(o), high: f(h), low: f(l), close: f(c), volume: formatScaled(v, qs) });
      return;
    }
    const { rec: b, at } = this.st;
    const k = nextPos(this.store, this.st, b, at, this.i);
    if (k < 0) return;
    const m = ringAt(at, this.i);
    const r = this.store.slabs[b[m + R_SLAB]];
    const y = b[m + R_OFF] + k * BAR;
    r[y + TS] = time * TIME_BASE + ps * SCALE_BASE + qs;
    r[y + O] = o;
    r[y + H] = h;
    r[y + L] = l;
    r[y + C] = c;
    r[y + V] = v;
    clearString(this.st, this.i, k);
  }

  pushCandle(c: Candle): void {
    const { rec: b, at } = this.st;
    const k = nextPos(this.store, this.st, b, at, this.i);
    if (k < 0) return;
    const m = ringAt(at, this.i);
    let s = this.st.strs[this.i];
    if (s == null) this.st.strs[this.i] = s = new Array<Candle | undefined>(b[m + R_SIZE]).fill(undefined);
    s[k] = c;
    b[at + STRS] = 1;
  }

  at(index: number): Candle {
    const { rec: b, at } = this.st;
    const m = ringAt(at, this.i);
    const k = (b[m + R_START] + index) % b[m + R_SIZE];
    const s = this.st.strs[this.i]?.[k];
    if (s !== undefined) return s;
    const r = this.store.slabs[b[m + R_SLAB]];
    const x = b[m + R_OFF] + k * BAR;
    const packed = r[x + TS];
    const time = Math.floor(packed / TIME_BASE); // exact: TIME_BASE is a power of two
    const sc = packed - time * TIME_BASE;
    const qs = sc % SCALE_BASE;
    const ps = (sc - qs) / SCALE_BASE;
    return {
      time,
      open: formatScaled(r[x + O], ps),
      high: formatScaled(r[x + H], ps),
      low: formatScaled(r[x + L], ps),
      close: formatScaled(r[x + C], ps),
      volume: formatScaled(r[x + V], qs),
    };
  }

  toCandles(): Candle[] {
    const n = this.length;
    const out: Candle[] = new Array(n);
    for (let k = 0; k < n; k++) out[k] = this.at(k);
    return out;
  }

  clear(): void {
    const m = ringAt(this.st.at, this.i);
    this.st.rec[m + R_START] = 0;
    this.st.rec[m + R_LEN] = 0;
    this.st.strs[this.i]?.fill(undefined);
  }
}
