import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ChartBar } from './api-types';
import { ChartSeries } from './series';

const bar = (time: number, close: number, volume: number): ChartBar => ({
  time,
  open: 1,
  high: Math.max(1, close),
  low: Math.min(1, close),
  close,
  volume,
});

function strictlyIncreasing(bars: ChartBar[]): boolean {
  return bars.every((b, i) => i === 0 || b.time > bars[i - 1].time);
}

describe('ChartSeries', () => {
  it('buffers live updates during a load and replays them after the history: no seam', () => {
    const s = new ChartSeries();
    const gen = s.beginLoad();
    // live arrives first: the 120 bar's later state, and a new 180 bar
    expect(s.applyLive({ seq: 5, bar: bar(120, 10, 7) }).changed).toEqual([]);
    expect(s.applyLive({ seq: 6, bar: bar(180, 11, 1) }).changed).toEqual([]);
    // history was read before those updates: 120 has an older state (volume 5)
    const changed = s.completeLoad(gen, [bar(0, 8, 3), bar(60, 9, 4), bar(120, 9.5, 5)]);
    expect(s.bars.map((b) => b.time)).toEqual([0, 60, 120, 180]);
    expect(s.bars[2]).toEqual(bar(120, 10, 7)); // live state won: it has more volume
    expect(changed.map((b) => b.time)).toEqual([0, 60, 120, 180]);
    expect(s.loading).toBe(false);
  });

  it('an older REST state never overwrites a newer live bar', () => {
    const s = new ChartSeries();
    s.applyLive({ seq: 1, bar: bar(60, 10, 9) });
    s.completeLoad(-1, [bar(60, 9, 4)]);
    expect(s.bars).toEqual([bar(60, 10, 9)]);
  });

  it('drops older sequence numbers and identical repeats', () => {
    const s = new ChartSeries();
    s.applyLive({ seq: 10, bar: bar(60, 10, 9) });
    expect(s.applyLive({ seq: 9, bar: bar(60, 11, 10) }).changed).toEqual([]);
    expect(s.applyLive({ seq: 10, bar: bar(60, 10, 9) }).changed).toEqual([]);
    expect(s.bars).toEqual([bar(60, 10, 9)]);
  });

  it('takes a closed bar and the new bar stamped with the same seq (server batch at a bucket change)', () => {
    const s = new ChartSeries();
    s.applyLive({ seq: 10, bar: bar(60, 10, 9) });
    const a = s.applyLive({ seq: 14, bar: bar(60, 12, 11) });
    const b = s.applyLive({ seq: 14, bar: bar(120, 12, 1) });
    expect(a.gapFrom).toBeUndefined();
    expect(b.gapFrom).toBeUndefined();
    expect(s.bars).toEqual([bar(60, 12, 11), bar(120, 12, 1)]);
  });

  it('reports a gap only when updates were lost across a bucket change', () => {
    const s = new ChartSeries();
    s.applyLive({ seq: 1, bar: bar(60, 10, 1) });
    expect(s.applyLive({ seq: 5, bar: bar(60, 10, 2) }).gapFrom).toBeUndefined(); // same bucket: harmless
    expect(s.applyLive({ seq: 9, bar: bar(120, 10, 1) }).gapFrom).toBe(60);
    expect(s.applyLive({ seq: 10, bar: bar(180, 10, 1) }).gapFrom).toBeUndefined();
  });

  it('a superseded load still merges its bars but does not end loading', () => {
    const s = new ChartSeries();
    const g1 = s.beginLoad();
    const g2 = s.beginLoad();
    s.applyLive({ seq: 1, bar: bar(240, 1, 1) });
    s.completeLoad(g1, [bar(0, 1, 1), bar(60, 1, 1)]);
    expect(s.loading).toBe(true);
    expect(s.bars.map((b) => b.time)).toEqual([0, 60]);
    s.completeLoad(g2, [bar(120, 1, 1)]);
    expect(s.loading).toBe(false);
    expect(s.bars.map((b) => b.time)).toEqual([0, 60, 120, 240]);
  });

  it('a failed load replays what was buffered', () => {
    const s = new ChartSeries();
    const g = s.beginLoad();
    s.applyLive({ seq: 1, bar: bar(60, 1, 1) });
    expect(s.failLoad(g).map((b) => b.time)).toEqual([60]);
    expect(s.loading).toBe(false);
  });

  it('property: any interleaving of history and live gives sorted unique bars with the latest state', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ bucket: fc.integer({ min: 0, max: 20 }), vol: fc.integer({ min: 0, max: 100 }) }), {
          minLength: 1,
          maxLength: 60,
        }),
        fc.integer({ min: 0, max: 60 }),
        (events, loadAt) => {
          // ground truth: every bucket's state with the highest volume
          const s = new ChartSeries();
          const truth = new Map<number, number>();
          let gen = -1;
          const history: ChartBar[] = [];
          events.forEach((e, i) => {
            if (i === loadAt) gen = s.beginLoad();
            const b = bar(e.bucket * 60, e.vol, e.vol);
            truth.set(b.time, Math.max(truth.get(b.time) ?? -1, e.vol));
            s.applyLive({ seq: i + 1, bar: b });
            if (i % 3 === 0) history.push(b);
          });
          if (gen >= 0)
            s.completeLoad(
              gen,
              [...new Map(history.map((b) => [b.time, b])).values()].sort((a, b) => a.time - b.time),
            );
          expect(strictlyIncreasing(s.bars)).toBe(true);
          for (const b of s.bars) expect(b.volume).toBe(truth.get(b.time));
        },
      ),
    );
  });
});
