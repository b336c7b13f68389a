/**
 * Closed bars of one series, oldest first, in a fixed-capacity ring.
 *
 * Why columnar numbers: 2,000 symbols × 9 periods × 1,000 bars is 18 M bars. As objects (or as five
 * strings each) they would dominate memory and make every garbage collection walk them; here a
 * float64-safe bar is 56 bytes in one typed array and costs the collector nothing. Strings are built
 * only when read. Bars that are not float64-safe (BigInt symbols, huge volumes) and bars seeded from
 * history are kept as their Candle strings in a side array that exists only once one is needed.
 *
 * Layout: one Float64Array per series, a bar's fields side by side (time, open, high, low, close,
 * volume, and the price and qty scales packed as ps · 32 + qs: float64 values never carry more than
 * MAX_FAST_SCALE = 22 decimals), so closing a bar writes one place and growing copies one array.
 *
 * Rules: `push*` appends; beyond `cap` bars the oldest is forgotten. Capacity starts at 16 bars and
 * grows fourfold up to `cap` (16, 64, 256, 1,024 → cap): few reallocations, and a short series costs
 * little. Preallocating `cap` bars for every series would cost 2,000 × 9 × 1,000 × 56 B ≈ 1 GB up
 * front, most of it for series (weeks, months) that never fill.
 */
import type { Candle } from '../types/market';
import { formatScaled } from './scaled';

const STRIDE = 7;
const T = 0;
const O = 1;
const H = 2;
const L = 3;
const C = 4;
const V = 5;
/** ps · SCALE_BASE + qs */
const SC = 6;
const SCALE_BASE = 32;
const MIN_BARS = 16;
const GROWTH = 4;
const EMPTY = new Float64Array(0);

export class BarHistory {
  /** ring position of the oldest bar */
  private start = 0;
  private len = 0;
  /** capacity of `buf` in bars */
  private size = 0;
  private buf: Float64Array = EMPTY;
  private strs: (Candle | undefined)[] | null = null;

  constructor(private readonly cap: number) {}

  get length(): number {
    return this.len;
  }

  /** Slot (bar index into the ring) for the next bar: the oldest one's when full. */
  private slot(): number {
    if (this.len === this.cap) {
      const k = this.start;
      this.start = k + 1 === this.size ? 0 : k + 1;
      return k;
    }
    if (this.len === this.size) this.grow();
    const k = this.start + this.len++;
    return k >= this.size ? k - this.size : k;
  }

  private grow(): void {
    const size = Math.min(this.cap, Math.max(MIN_BARS, this.size * GROWTH));
    const next = new Float64Array(size * STRIDE);
    // Oldest first: [start, size) then [0, start).
    const head = this.buf.subarray(this.start * STRIDE, this.size * STRIDE);
    next.set(head, 0);
    if (this.start > 0) next.set(this.buf.subarray(0, this.start * STRIDE), head.length);
    if (this.strs !== null) {
      const s: (Candle | undefined)[] = new Array(size).fill(undefined);
      for (let k = 0; k < this.len; k++) s[k] = this.strs[(this.start + k) % this.size];
      this.strs = s;
    }
    this.buf = next;
    this.start = 0;
    this.size = size;
  }

  /** Appends a bar whose values are safe-integer mantissas at the given scales (each ≤ MAX_FAST_SCALE). */
  pushScaled(time: number, o: number, h: number, l: number, c: number, v: number, ps: number, qs: number): void {
    if (this.cap === 0) return;
    const k = this.slot();
    const b = this.buf;
    const x = k * STRIDE;
    b[x + T] = time;
    b[x + O] = o;
    b[x + H] = h;
    b[x + L] = l;
    b[x + C] = c;
    b[x + V] = v;
    b[x + SC] = ps * SCALE_BASE + qs;
    if (this.strs !== null) this.strs[k] = undefined;
  }

  pushCandle(c: Candle): void {
    if (this.cap === 0) return;
    const k = this.slot();
    this.buf[k * STRIDE + T] = c.time;
    if (this.strs === null) this.strs = new Array(this.size).fill(undefined);
    this.strs[k] = c;
  }

  at(index: number): Candle {
    const k = (this.start + index) % this.size;
    const s = this.strs?.[k];
    if (s !== undefined) return s;
    const b = this.buf;
    const x = k * STRIDE;
    const sc = b[x + SC];
    const qs = sc % SCALE_BASE;
    const ps = (sc - qs) / SCALE_BASE;
    return {
      time: b[x + T],
      open: formatScaled(b[x + O], ps),
      high: formatScaled(b[x + H], ps),
      low: formatScaled(b[x + L], ps),
      close: formatScaled(b[x + C], ps),
      volume: formatScaled(b[x + V], qs),
    };
  }

  toCandles(): Candle[] {
    const out: Candle[] = new Array(this.len);
    for (let k = 0; k < this.len; k++) out[k] = this.at(k);
    return out;
  }

  clear(): void {
    this.start = 0;
    this.len = 0;
    if (this.strs !== null) this.strs.fill(undefined);
  }
}
