/**
 * Closed bars of one series, oldest first, in a fixed-capacity ring.
 *
 * Why columnar: 2,000 symbols × 9 periods × 1,000 bars is 18 M bars. As objects (or as five
 * strings each) they would dominate memory and make every garbage collection walk them; here a
 * float64-safe bar is 48 bytes in typed arrays and costs the collector nothing. Strings are built
 * only when read. Bars that are not float64-safe (BigInt symbols, huge volumes) and bars seeded from
 * history are kept as their Candle strings in a side array that exists only once one is needed.
 *
 * Rules: `push*` appends; beyond `cap` bars the oldest is forgotten. Capacity grows by doubling, so
 * a short series costs little.
 */
import type { Candle } from '../index';
import { formatScaled } from './scaled';

export class BarHistory {
  private start = 0;
  private len = 0;
  private size = 0;
  private time: Float64Array = new Float64Array(0);
  private open: Float64Array = new Float64Array(0);
  private high: Float64Array = new Float64Array(0);
  private low: Float64Array = new Float64Array(0);
  private close: Float64Array = new Float64Array(0);
  private vol: Float64Array = new Float64Array(0);
  /** price and qty scale (decimals) of each bar: a symbol's scale can grow between bars */
  private pScale: Uint16Array = new Uint16Array(0);
  private qScale: Uint16Array = new Uint16Array(0);
  private strs: (Candle | undefined)[] | null = null;

  constructor(private readonly cap: number) {}

  get length(): number {
    return this.len;
  }

  /** Slot for the next bar (the oldest one's when full). */
  private slot(): number {
    if (this.len === this.cap) {
      const k = this.start;
      this.start = (this.start + 1) % this.size;
      return k;
    }
    if (this.len === this.size) this.grow();
    return (this.start + this.len++) % this.size;
  }

  private grow(): void {
    const size = Math.min(this.cap, Math.max(8, this.size * 2));
    const f64 = (a: Float64Array): Float64Array => this.copyRing(a, new Float64Array(size));
    const u16 = (a: Uint16Array): Uint16Array => this.copyRing(a, new Uint16Array(size));
    this.time = f64(this.time);
    this.open = f64(this.open);
    this.high = f64(this.high);
    this.low = f64(this.low);
    this.close = f64(this.close);
    this.vol = f64(this.vol);
    this.pScale = u16(this.pScale);
    this.qScale = u16(this.qScale);
    if (this.strs !== null) {
      const next: (Candle | undefined)[] = new Array(size);
      for (let k = 0; k < this.len; k++) next[k] = this.strs[(this.start + k) % this.size];
      this.strs = next;
    }
    this.start = 0;
    this.size = size;
  }

  /** Copies the ring into `next` oldest first. */
  private copyRing<T extends Float64Array | Uint16Array>(a: T, next: T): T {
    for (let k = 0; k < this.len; k++) next[k] = a[(this.start + k) % this.size];
    return next;
  }

  /** Appends a bar whose values are safe-integer mantissas at the given scales. */
  pushScaled(time: number, o: number, h: number, l: number, c: number, v: number, ps: number, qs: number): void {
    if (this.cap === 0) return;
    const k = this.slot();
    this.time[k] = time;
    this.open[k] = o;
    this.high[k] = h;
    this.low[k] = l;
    this.close[k] = c;
    this.vol[k] = v;
    this.pScale[k] = ps;
    this.qScale[k] = qs;
    if (this.strs !== null) this.strs[k] = undefined;
  }

  pushCandle(c: Candle): void {
    if (this.cap === 0) return;
    const k = this.slot();
    this.time[k] = c.time;
    if (this.strs === null) this.strs = new Array(this.size);
    this.strs[k] = c;
  }

  at(index: number): Candle {
    const k = (this.start + index) % this.size;
    const s = this.strs?.[k];
    if (s !== undefined) return s;
    const ps = this.pScale[k];
    return {
      time: this.time[k],
      open: formatScaled(this.open[k], ps),
      high: formatScaled(this.high[k], ps),
      low: formatScaled(this.low[k], ps),
      close: formatScaled(this.close[k], ps),
      volume: formatScaled(this.vol[k], this.qScale[k]),
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
