/**
 * A symbol's number scale (aggregator.ts "Numbers"): parsing a tick's decimals into integers at the
 * symbol's scale, raising that scale when a tick brings more decimals, and the one-way move to
 * BigInt when float64 integers no longer hold it. Hot: fastValue runs twice per tick.
 */
import type { Candle } from '../types/market';
import { hasBar, slotVolume, volBigOf } from './bar-slot';
import { type FoldPlan, view } from './fold';
import {
  CLOSE,
  CSEQ,
  END,
  HIGH,
  LOW,
  MAX_SLOTS,
  NONE,
  OPEN,
  OSEQ,
  PSCALE,
  QSCALE,
  BLOCK,
  TIME,
  VOL,
  slotAt,
} from './record';
import {
  MAX_SAFE,
  bigPow10,
  formatScaled,
  normalizeDecimalString,
  parseScaledBig,
  parseScaledFast,
  pow10,
  type ScaledOut,
} from './scaled';
import { BigBar, type SymbolState } from './symbol-state';

export function bigToCandle(b: BigBar, st: SymbolState): Candle {
  return {
    time: b.time,
    open: formatScaled(b.open, st.pScale),
    high: formatScaled(b.high, st.pScale),
    low: formatScaled(b.low, st.pScale),
    close: formatScaled(b.close, st.pScale),
    volume: formatScaled(b.vol, st.qScale),
  };
}

/**
 * Moves a symbol to BigInt arithmetic for good (rare: 16+ significant digits). Folded periods'
 * open bars are assembled first (fold.ts `view`); in BigInt every period is updated per tick.
 */
export function toBig(st: SymbolState, plan: FoldPlan): void {
  const n = st.hist.length;
  st.bigBars = [];
  const f = st.rec;
  for (let i = 0; i < n; i++) {
    const j = view(plan, st, i);
    const x = slotAt(st.at, j);
    const b = new BigBar();
    b.has = hasBar(f, st.at, j);
    b.time = f[x + TIME];
    b.end = f[x + END];
    if (b.has) {
      b.open = BigInt(f[x + OPEN]);
      b.high = BigInt(f[x + HIGH]);
      b.low = BigInt(f[x + LOW]);
      b.close = BigInt(f[x + CLOSE]);
      b.vol = slotVolume(st, j);
      b.openSeq = f[x + OSEQ];
      b.closeSeq = f[x + CSEQ];
    }
    st.bigBars.push(b);
  }
  st.volBig = null;
  st.fast = false; // the record's slots and log are not read again
}

/** Raises the symbol's price or qty scale by k decimals; false if a price would leave float64 integers. */
export function rescaleFast(st: SymbolState, isPrice: boolean, k: number): boolean {
  const f = pow10(k);
  const b = st.rec;
  const x0 = slotAt(st.at, 0);
  const end = slotAt(st.at, MAX_SLOTS);
  if (isPrice) {
    for (let x = x0; x < end; x += BLOCK) if (b[x + END] !== NONE && b[x + HIGH] * f > MAX_SAFE) return false; // high is the largest price
    for (let x = x0; x < end; x += BLOCK) {
      b[x + OPEN] *= f;
      b[x + HIGH] *= f;
      b[x + LOW] *= f;
      b[x + CLOSE] *= f;
    }
    st.pScale += k;
  } else {
    for (let i = 0, x = x0; x < end; i++, x += BLOCK) {
      const big = st.volBig === null ? 0n : st.volBig[i];
      const v = b[x + VOL] * f;
      if (big === 0n && v <= MAX_SAFE) b[x + VOL] = v;
      else {
        volBigOf(st)[i] = (big + BigInt(b[x + VOL])) * bigPow10(k);
        b[x + VOL] = 0;
      }
    }
    st.qScale += k;
  }
  return true;
}

function rescaleBig(st: SymbolState, isPrice: boolean, k: number): void {
  const f = bigPow10(k);
  for (const b of st.bigBars) {
    if (isPrice) {
      b.open *= f;
      b.high *= f;
      b.low *= f;
      b.close *= f;
    } else b.vol *= f;
  }
  if (isPrice) st.pScale += k;
  else st.qScale += k;
}

const scratch: ScaledOut = { m: 0, scale: 0 };

/**
 * Scaled value of `s` at the symbol's scale as a float64 integer, or −1 when it needs BigInt. The
 * scale is read from the symbol's record (at `at` of page `b`); the object is touched only to rescale.
 */
export function fastValue(st: SymbolState, b: Float64Array, at: number, s: string, isPrice: boolean): number {
  if (!parseScaledFast(s, scratch)) {
    const canon = normalizeDecimalString(s); // throws on garbage
    if (canon === s || !parseScaledFast(canon, scratch)) return -1;
  }
  let m = scratch.m;
  const sc = scratch.scale;
  const cur = b[at + (isPrice ? PSCALE : QSCALE)];
  if (sc > cur) {
    if (!rescaleFast(st, isPrice, sc - cur)) return -1;
  } else if (sc < cur) {
    m *= pow10(cur - sc);
    if (m > MAX_SAFE) return -1;
  }
  return m;
}

export function bigValue(st: SymbolState, s: string, isPrice: boolean): bigint {
  const { m, scale } = parseScaledBig(s);
  const cur = isPrice ? st.pScale : st.qScale;
  if (scale > cur) {
    rescaleBig(st, isPrice, scale - cur);
    return m;
  }
  return scale < cur ? m * bigPow10(cur - scale) : m;
}
