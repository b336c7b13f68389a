import { describe, expect, it } from 'vitest';
import type { ChartBar } from '../../market/types';
import { BarGuard } from './guard';

const bar = (time: number): ChartBar => ({ time, open: 1, high: 1, low: 1, close: 1, volume: 1 });

function recorder() {
  const calls: [number, boolean][] = [];
  return { calls, target: { update: (b: ChartBar, h: boolean) => calls.push([b.time, h]) } };
}

describe('BarGuard', () => {
  it('appends newer, updates the last, rewrites an existing older bar as historical', () => {
    const g = new BarGuard();
    g.reset([60, 120, 180]);
    const r = recorder();
    expect(g.apply([bar(240), bar(180), bar(120)], r.target)).toBe(true);
    // sorted first, so never a backward plain update
    expect(r.calls).toEqual([
      [120, true],
      [180, false],
      [240, false],
    ]);
    expect(g.lastTime).toBe(240);
  });

  it('never sends an update older than the last bar without the historical flag', () => {
    const g = new BarGuard();
    g.reset([60, 120]);
    const r = recorder();
    g.apply([bar(300), bar(60)], r.target);
    for (const [t, h] of r.calls) if (t < 300) expect(h).toBe(true);
  });

  it('asks for a reload when a bar would be inserted between drawn bars', () => {
    const g = new BarGuard();
    g.reset([60, 180]);
    const r = recorder();
    expect(g.apply([bar(120)], r.target)).toBe(false);
    expect(r.calls).toEqual([]);
  });

  it('ignores bars older than the whole chart', () => {
    const g = new BarGuard();
    g.reset([600]);
    const r = recorder();
    expect(g.apply([bar(60)], r.target)).toBe(true);
    expect(r.calls).toEqual([]);
  });
});
