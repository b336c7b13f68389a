/**
 * An exact running sum of non-negative decimal strings (24 h volume), as a scaled integer: float64
 * while it stays below 2^53, BigInt beyond. decimal.js per tick halved the tick path's throughput;
 * this is a digit loop and an add.
 */
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);
const MAX = Number.MAX_SAFE_INTEGER;

export class ScaledSum {
  private m = 0;
  private big: bigint | null = null;
  private scale = 0;

  add(s: string): void {
    let m = 0;
    let sc = 0;
    let dot = false;
    let ok = s.length > 0;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 46 && !dot) dot = true;
      else if (c >= 48 && c <= 57) {
        m = m * 10 + (c - 48);
        if (dot) sc++;
      } else ok = false;
    }
    if (!ok || !(m <= MAX) || sc > 22) return this.addBig(s);
    if (sc > this.scale) this.rescale(sc);
    else if (sc < this.scale) m *= POW10[this.scale - sc];
    if (this.big !== null) this.big += BigInt(m);
    else if (this.m + m <= MAX && m <= MAX) this.m += m;
    else this.big = BigInt(this.m) + BigInt(m);
  }

  /** A copy (the hourly base, to which the current hour is added per tick). */
  clone(): ScaledSum {
    const c = new ScaledSum();
    c.m = this.m;
    c.big = this.big;
    c.scale = this.scale;
    return c;
  }

  plus(o: ScaledSum): string {
    const sc = Math.max(this.scale, o.scale);
    const a = this.bigAt(sc);
    const b = o.bigAt(sc);
    if (typeof a === 'number' && typeof b === 'number' && a + b <= MAX) return format(a + b, sc);
    return format(BigInt(a) + BigInt(b), sc);
  }

  toString(): string {
    return format(this.big ?? this.m, this.scale);
  }

  private bigAt(sc: number): number | bigint {
    const k = sc - this.scale;
    if (this.big === null && this.m * POW10[k] <= MAX) return this.m * POW10[k];
    return (this.big ?? BigInt(this.m)) * 10n ** BigInt(k);
  }

  private rescale(sc: number): void {
    const k = sc - this.scale;
    if (this.big === null && this.m * POW10[k] <= MAX) this.m *= POW10[k];
    else {
      this.big = (this.big ?? BigInt(this.m)) * 10n ** BigInt(k);
      this.m = 0;
    }
    this.scale = sc;
  }

  /** Rare slow path: long strings. */
  private addBig(s: string): void {
    if (!/^\d*\.?\d*$/.test(s) || s === '' || s === '.') throw new RangeError(`not a decimal: ${s}`);
    const [int, frac = ''] = s.split('.');
    if (frac.length > this.scale) this.rescale(frac.length);
    const v = BigInt((int || '0') + frac.padEnd(this.scale, '0'));
    this.big = (this.big ?? BigInt(this.m)) + v;
    this.m = 0;
  }
}

/** Canonical plain decimal (no trailing fractional zeros), like core's candles. */
function format(m: number | bigint, scale: number): string {
  let s = m.toString();
  if (scale === 0) return s;
  if (s.length <= scale) s = '0'.repeat(scale - s.length + 1) + s;
  let out = `${s.slice(0, s.length - scale)}.${s.slice(s.length - scale)}`;
  let end = out.length;
  while (out.charCodeAt(end - 1) === 48) end--;
  if (out.charCodeAt(end - 1) === 46) end--;
  out = out.slice(0, end);
  return out;
}
