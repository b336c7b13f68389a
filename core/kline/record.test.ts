import { describe, expect, it } from 'vitest';
import { PERIODS } from '../types/market';
import { BarStore } from './bar-history';
import { slotCandle } from './bar-slot';
import { FoldPlan, P, Q, TS, applyFast, tick } from './fold';
import { MAX_SLOTS, REC, SLOT0, STRIDE, newPage, ringAt, slotAt } from './record';
import { rescaleFast, toBig } from './symbol-scale';
import { SymbolState } from './symbol-state';

const T0 = Date.parse('2024-01-29T23:58:00Z');

/** Three symbols side by side in one page, each given a few ticks (scaled integers, scale 0). */
function page() {
  const b = newPage();
  const plan = new FoldPlan(PERIODS);
  const store = new BarStore(10);
  const syms = [0, 1, 2].map((k) => new SymbolState(b, k * REC, PERIODS.length, store));
  syms.forEach((st, k) => {
    for (let s = 1; s <= 5; s++) {
      tick[P] = 100 * (k + 1) + s;
      tick[Q] = s;
      tick[TS] = T0 + s * 50_000;
      applyFast(plan, store, st, b, st.at, s);
    }
  });
  return { b, plan, syms };
}

describe('symbol records: one page, many symbols', () => {
  it('a record stays inside its REC numbers: slots and rings end before the next record', () => {
    expect(ringAt(0, PERIODS.length - 1) + 5).toBeLessThanOrEqual(REC);
    expect(slotAt(0, MAX_SLOTS - 1) + STRIDE).toBeLessThanOrEqual(REC);
    expect(slotAt(0, 0)).toBeGreaterThanOrEqual(SLOT0);
    for (let i = 0; i < PERIODS.length; i++) {
      expect(ringAt(0, i)).toBeGreaterThanOrEqual(slotAt(0, i) + STRIDE); // a ring's fields after its slot
      expect(ringAt(0, i) + 5).toBeLessThanOrEqual(slotAt(0, i + 1)); // and before the next slot
    }
    const { syms } = page();
    expect(syms.map((st) => slotCandle(st, 0).close)).toEqual(['105', '205', '305']);
    expect(syms.map((st) => st.hist[0].toCandles().map((c) => c.close))).toEqual([
      ['101', '102', '103', '104'],
      ['201', '202', '203', '204'],
      ['301', '302', '303', '304'],
    ]);
  });

  it("a symbol rescaling or moving to BigInt leaves its neighbours' records as they were", () => {
    const { b, plan, syms } = page();
    const before = b.slice();
    const same = (k: number) =>
      expect(b.subarray(k * REC, (k + 1) * REC)).toEqual(before.subarray(k * REC, (k + 1) * REC));
    expect(rescaleFast(syms[1], true, 3)).toBe(true);
    expect(rescaleFast(syms[1], false, 2)).toBe(true);
    same(0);
    same(2);
    toBig(syms[1], plan);
    expect(syms.map((st) => st.fast)).toEqual([true, false, true]);
    expect(syms[1].bigBars[0]).toMatchObject({ has: true, close: 205_000n, vol: 500n });
    same(0);
    same(2);
  });
});
