/**
 * Test helpers for the indicator property tests (imported by *.test.ts only): random bar series,
 * relative comparison, and the incremental-vs-batch check every indicator shares.
 */
import fc from 'fast-check';
import type { Incremental, IndicatorBar } from './types';

/**
 * A bar in cents with a random range around its close: integer cents make ties and flat windows
 * (equal highs/lows, zero changes) common, which is where deques and RSI's 0/0 cases break.
 */
const barArb: fc.Arbitrary<IndicatorBar> = fc
  .record({
    close: fc.integer({ min: 100, max: 10_000_000 }),
    up: fc.integer({ min: 0, max: 50_000 }),
    down: fc.integer({ min: 0, max: 50_000 }),
    volume: fc.integer({ min: 0, max: 100_000_000 }),
  })
  .map(({ close, up, down, volume }) => ({
    close: close / 100,
    high: (close + up) / 100,
    low: Math.max(1, close - down) / 100,
    volume: volume / 1000,
  }));

/** A walk rather than independent bars, so indicators see trends as well as noise. */
const walkArb = (minLength: number, maxLength: number): fc.Arbitrary<IndicatorBar[]> =>
  fc.array(fc.tuple(fc.integer({ min: -300, max: 300 }), barArb), { minLength, maxLength }).map((steps) => {
    let level = 50_000;
    return steps.map(([step, b], i) => {
      if (i % 7 === 3) return b; // a jump now and then
      level = Math.max(1, level + step);
      const c = level / 100;
      return { close: c, high: c + (b.high - b.close), low: Math.max(0.01, c - (b.close - b.low)), volume: b.volume };
    });
  });

export const seriesArb = (minLength: number, maxLength: number): fc.Arbitrary<IndicatorBar[]> =>
  fc.oneof(fc.array(barArb, { minLength, maxLength }), walkArb(minLength, maxLength));

/** |a − b| ≤ 1e-9 × max(|a|, |b|, scale); NaN only equals NaN. */
export function near(a: number, b: number, scale = 1): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
  return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b), scale);
}

/** Index i of a full-length series for a library result that starts at bar `first`. */
export function aligned<T>(lib: readonly T[], first: number, length: number): (T | undefined)[] {
  return Array.from({ length }, (_, i) => (i < first ? undefined : lib[i - first]));
}

/** Bars plus, per bar, a few provisional versions of it seen as the open bar before it closes. */
export const scriptArb = (minLength: number, maxLength: number) =>
  fc.record({
    bars: seriesArb(minLength, maxLength),
    updates: fc.array(fc.array(barArb, { maxLength: 3 }), { minLength: maxLength + 1, maxLength: maxLength + 1 }),
  });

/**
 * Replays `bars` through a fresh state with open-bar updates between pushes, and checks every
 * update against the batch over (committed bars + that open bar), every push against the batch,
 * and a trailing open bar too: updates must never leak into committed state.
 */
export function checkIncremental<Out>(
  make: () => Incremental<Out>,
  batch: (bars: IndicatorBar[]) => Out[],
  script: { bars: IndicatorBar[]; updates: IndicatorBar[][] },
  same: (a: Out, b: Out) => void,
): void {
  const { bars, updates } = script;
  const state = make();
  const full = batch(bars);
  for (let i = 0; i <= bars.length; i++) {
    for (const open of updates[i] ?? []) {
      const got = state.update(open);
      same(got, batch([...bars.slice(0, i), open])[i]);
    }
    if (i < bars.length) same(state.push(bars[i]), full[i]);
    if (state.length !== Math.min(i + 1, bars.length)) throw new Error(`length ${state.length} after ${i + 1} pushes`);
  }
}
