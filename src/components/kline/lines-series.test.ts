import { describe, expect, it } from 'vitest';
import type { PaneRendererCustomData, Time } from 'lightweight-charts';
import { LinesPaneView, type LinesBar } from './lines-series';

/** A canvas that records what is drawn: each stroked path's points, each filled bar's colour and box. */
function canvas() {
  const paths: { color: string; points: [number, number][] }[] = [];
  const bars: { color: string; x: number; y: number; w: number; h: number }[] = [];
  let path: [number, number][] = [];
  const ctx = {
    strokeStyle: '',
    fillStyle: '',
    lineWidth: 1,
    lineJoin: '',
    beginPath: () => (path = []),
    moveTo: (x: number, y: number) => path.push([NaN, NaN], [x, y]),
    lineTo: (x: number, y: number) => path.push([x, y]),
    stroke: () => paths.push({ color: ctx.strokeStyle, points: path.slice() }),
    fillRect: (x: number, y: number, w: number, h: number) => bars.push({ color: ctx.fillStyle, x, y, w, h }),
  };
  const target = {
    useBitmapCoordinateSpace: (f: (s: unknown) => void) =>
      f({ context: ctx, horizontalPixelRatio: 1, verticalPixelRatio: 1 }),
  };
  return { paths, bars, target };
}

const data = (rows: number[][]): PaneRendererCustomData<Time, LinesBar> => ({
  bars: rows.map((values, i) => ({ x: 10 * i, time: i, barColor: '', originalData: { time: i as Time, values } })),
  barSpacing: 10,
  visibleRange: { from: 0, to: rows.length - 1 },
  conflationFactor: 1,
});
// price p is drawn at y = 100 - p
const toY = (p: number) => 100 - p;

describe('one pane of indicator lines as one series', () => {
  it('draws each line in its colour, broken where it is not defined yet (BOLL before its window)', () => {
    const view = new LinesPaneView(
      [
        { kind: 'line', color: 'gold' },
        { kind: 'line', color: 'violet' },
      ],
      { up: 'green', down: 'red' },
    );
    view.update(
      data([
        [NaN, 5],
        [10, 6],
        [11, NaN],
        [12, 8],
      ]),
    );
    const c = canvas();
    view.renderer().draw(c.target as never, toY as never, false);
    expect(c.paths.map((p) => p.color)).toEqual(['gold', 'violet']);
    // gold from bar 1 on; violet interrupted at bar 2 (a new sub-path starts at bar 3)
    expect(c.paths[0].points).toEqual([
      [NaN, NaN],
      [10, 90],
      [20, 89],
      [30, 88],
    ]);
    expect(c.paths[1].points).toEqual([
      [NaN, NaN],
      [0, 95],
      [10, 94],
      [NaN, NaN],
      [30, 92],
    ]);
  });

  it("colours MACD's bars by their sign, from the zero line", () => {
    const view = new LinesPaneView([{ kind: 'hist', color: 'sign' }], { up: 'green', down: 'red' });
    view.update(data([[3], [-2]]));
    const c = canvas();
    view.renderer().draw(c.target as never, toY as never, false);
    expect(c.bars.map((b) => [b.color, b.y, b.h])).toEqual([
      ['green', 97, 3],
      ['red', 100, 2],
    ]);
  });

  it('scales to every defined value, a histogram down to its base; a bar with none is whitespace', () => {
    const view = new LinesPaneView(
      [
        { kind: 'hist', color: 'sign' },
        { kind: 'line', color: 'gold' },
      ],
      { up: 'green', down: 'red' },
    );
    const [lo, hi] = view.priceValueBuilder({ time: 1 as Time, values: [4, 7] });
    expect([lo, hi]).toEqual([0, 7]);
    expect(view.isWhitespace({ time: 1 as Time, values: [NaN, NaN] } as LinesBar)).toBe(true);
    expect(view.isWhitespace({ time: 1 as Time, values: [NaN, 2] })).toBe(false);
  });

  it('converts two prices and a check through the chart, the rest on its linear scale; a scale that is not linear converts each', () => {
    const looks = [
      { kind: 'line' as const, color: 'gold' },
      { kind: 'hist' as const, color: 'sign' },
    ];
    const rows = [
      [101.5, -0.75],
      [NaN, 0.5],
      [104.25, 1.25],
    ];
    const drawn = (conv: (p: number) => number) => {
      let calls = 0;
      const view = new LinesPaneView(looks, { up: 'green', down: 'red' });
      view.update(data(rows));
      const c = canvas();
      view.renderer().draw(c.target as never, ((p: number) => (calls++, conv(p))) as never, false);
      return { calls, paths: c.paths, bars: c.bars };
    };
    const linear = drawn((p) => 200 - 2 * p);
    expect(linear.calls).toBe(3);
    expect(linear.paths[0].points).toEqual([
      [NaN, NaN],
      [0, -3],
      [NaN, NaN],
      [20, -8.5],
    ]);
    expect(linear.bars.map((b) => [b.y, b.h])).toEqual([
      [200, 2],
      [199, 1],
      [198, 2],
    ]);
    const log = drawn((p) => 500 - 40 * Math.log(p + 10));
    expect(log.calls).toBeGreaterThan(3);
    expect(log.paths[0].points[1][1]).toBe(500 - 40 * Math.log(111.5));
  });
});
