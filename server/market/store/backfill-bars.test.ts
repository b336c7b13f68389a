import { describe, expect, it } from 'vitest';
import { aggregateCandles, type Period } from '../../../core';
import { barCandle, rollUpBars, type UnitBar } from './backfill-bars';

// A small deterministic walk of bars in units, some volumes past 2^53 units once summed.
function bars(n: number, stepMs: number, start: number): UnitBar[] {
  let x = 123_456_789;
  const r = () => (x = (x * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, (_, i) => {
    const open = 1 + Math.floor(r() * 10_000_000);
    const close = 1 + Math.floor(r() * 10_000_000);
    return {
      time: start + i * stepMs,
      open,
      close,
      high: Math.max(open, close) + Math.floor(r() * 1000),
      low: Math.max(1, Math.min(open, close) - Math.floor(r() * 1000)),
      volume: BigInt(Math.floor(r() * 2 ** 52)),
    };
  });
}

describe('backfill bars in units', () => {
  const start = Date.UTC(2026, 0, 30, 22, 13);
  const cases: [number, Period][] = [
    [60_000, '5min'],
    [60_000, '60min'],
    [3_600_000, '4hour'],
    [86_400_000, '1week'],
    [86_400_000, '1mon'],
  ];
  for (const [step, to] of cases)
    it(`rolls up to ${to} exactly as core's aggregateCandles does with the strings`, () => {
      const input = bars(2000, step, start);
      const viaStrings = aggregateCandles(
        input.map((b) => barCandle(b, 4, 8)),
        to,
      );
      const viaUnits = rollUpBars(input, to).map((b) => barCandle(b, 4, 8));
      expect(viaUnits).toEqual(viaStrings);
      expect(viaUnits.length).toBeLessThan(input.length);
    });

  it('writes canonical strings: no trailing zeros, none for a zero volume', () => {
    expect(barCandle({ time: 0, open: 12_340_000, high: 12_345_678, low: 5, close: 100, volume: 0n }, 4, 8)).toEqual({
      time: 0,
      open: '1234',
      high: '1234.5678',
      low: '0.0005',
      close: '0.01',
      volume: '0',
    });
    expect(barCandle({ time: 0, open: 1, high: 1, low: 1, close: 1, volume: 2n ** 60n }, 0, 3).volume).toBe(
      '1152921504606846.976',
    );
  });
});
