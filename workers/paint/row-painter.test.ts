import { describe, expect, it } from 'vitest';
import { numberMarks } from '../../core';
import type { PaintedRow, PaintTheme, RowLayout, TickerRow } from '../api-types';
import { RowPainter, type PaintContext, type PaintSurface } from './row-painter';

type Op =
  | { op: 'fillText'; text: string; x: number; y: number; fillStyle: string; font: string; textAlign: string }
  | { op: 'fill'; fillStyle: string; box: number[] }
  | { op: 'stroke'; strokeStyle: string; dash: number[] }
  | { op: 'clearRect' | 'setTransform'; args: number[] };

/** Records what a user would see: texts with their style, pill fills, strikes. */
class RecordingContext implements PaintContext {
  font = '10px sans-serif';
  fillStyle: string | CanvasGradient | CanvasPattern = '#000';
  strokeStyle: string | CanvasGradient | CanvasPattern = '#000';
  lineWidth = 1;
  textAlign: CanvasTextAlign = 'start';
  textBaseline: CanvasTextBaseline = 'alphabetic';
  ops: Op[] = [];
  private dash: number[] = [];
  private box: number[] = [];
  private stack: {
    font: string;
    fillStyle: unknown;
    strokeStyle: unknown;
    textAlign: CanvasTextAlign;
    dash: number[];
  }[] = [];
  setTransform = (...args: number[]) => void this.ops.push({ op: 'setTransform', args });
  clearRect = (...args: number[]) => void this.ops.push({ op: 'clearRect', args });
  fillText(text: string, x: number, y: number): void {
    this.ops.push({
      op: 'fillText',
      text,
      x,
      y,
      fillStyle: String(this.fillStyle),
      font: this.font,
      textAlign: this.textAlign,
    });
  }
  /** 7 px per character, so positions are predictable */
  measureText(text: string): { width: number } {
    return { width: text.length * 7 };
  }
  save(): void {
    this.stack.push({
      font: this.font,
      fillStyle: this.fillStyle,
      strokeStyle: this.strokeStyle,
      textAlign: this.textAlign,
      dash: this.dash,
    });
  }
  restore(): void {
    const s = this.stack.pop();
    if (s) Object.assign(this, s);
  }
  beginPath(): void {
    this.box = [];
  }
  rect = () => {};
  clip = () => {};
  moveTo = () => {};
  lineTo = () => {};
  roundRect(x: number, y: number, w: number, h: number, r: number): void {
    this.box = [x, y, w, h, r];
  }
  fill(): void {
    this.ops.push({ op: 'fill', fillStyle: String(this.fillStyle), box: this.box });
  }
  stroke(): void {
    this.ops.push({ op: 'stroke', strokeStyle: String(this.strokeStyle), dash: this.dash });
  }
  setLineDash(segments: number[]): void {
    this.dash = segments;
  }
  texts() {
    return this.ops.filter((o): o is Extract<Op, { op: 'fillText' }> => o.op === 'fillText');
  }
  fills() {
    return this.ops.filter((o): o is Extract<Op, { op: 'fill' }> => o.op === 'fill');
  }
  strokes() {
    return this.ops.filter((o): o is Extract<Op, { op: 'stroke' }> => o.op === 'stroke');
  }
}

function surface() {
  const ctx = new RecordingContext();
  const s: PaintSurface & { ctx: RecordingContext } = { width: 300, height: 150, ctx, getContext: () => ctx };
  return s;
}

const LAYOUT: RowLayout = {
  width: 300,
  height: 48,
  dpr: 2,
  vol: { x: 0, y: 24, width: 120, height: 20, font: '12px sans', label: 'Vol' },
  last: { x: 130, y: 4, width: 90, height: 40, font: '600 16px sans' },
  pill: { x: 230, y: 10, width: 70, height: 28, font: '14px sans', minWidth: 64, padX: 6, radius: 4 },
};

const THEME: PaintTheme = { text: 'T', text2: 'T2', up: 'UP', down: 'DOWN', flat: 'FLAT', onPrice: 'ON' };

const painted = (symbol = 'BTC/USDT'): PaintedRow => ({
  symbol,
  decimals: 2,
  rest: { last: '64000.5', changePct: '-0.50', turnover: '950.5' },
  layout: LAYOUT,
});

const ticker = (last: string, changePct = '+1.234', turnover = '1234567.89', ts = 1000): TickerRow => ({
  symbol: 'BTC/USDT',
  last,
  open: '1',
  high: '1',
  low: '1',
  volume: '1',
  changePct,
  turnover,
  dir: 0,
  seq: 1,
  ts,
});

function setup() {
  const book = new Map<string, TickerRow>();
  const frames: (() => void)[] = [];
  let now = 5000;
  const painter = new RowPainter({ now: () => now, afterFrame: (fn) => void frames.push(fn) });
  painter.setTheme(THEME);
  const s = surface();
  painter.attach(1, s, painted());
  let stale = false;
  /** a tick: into the book, noted, painted; returns the ops drawn */
  const tick = (row: TickerRow) => {
    book.set(row.symbol, row);
    painter.noteTickers([row.symbol]);
    return paint();
  };
  const paint = () => {
    s.ctx.ops = [];
    painter.paint(book, () => stale);
    return s.ctx;
  };
  return {
    painter,
    s,
    book,
    frames,
    tick,
    paint,
    setStale: (v: boolean) => (stale = v),
    setNow: (t: number) => (now = t),
  };
}

const lastText = (ctx: RecordingContext) => ctx.texts().find((t) => t.font === LAYOUT.last.font);

describe('RowPainter', () => {
  it('draws the last price with the pair’s decimals, right-aligned at the right edge of its slot', () => {
    const { tick } = setup();
    // the first figure shown has not moved yet: plain text colour
    expect(lastText(tick(ticker('65000.129')))).toEqual({
      op: 'fillText',
      text: '65000.12',
      x: 220,
      y: 24,
      fillStyle: 'T',
      font: '600 16px sans',
      textAlign: 'right',
    });
  });

  it('tints the price up after a rise, keeps it on an equal tick, turns it down after a fall', () => {
    const { tick, paint } = setup();
    expect(lastText(paint())?.fillStyle).toBe('T'); // REST price, no move yet
    expect(lastText(tick(ticker('64001')))?.fillStyle).toBe('UP');
    // same price, another turnover: the row is redrawn and the tint is held
    expect(lastText(tick(ticker('64001', '+1.234', '2000000')))?.fillStyle).toBe('UP');
    expect(lastText(tick(ticker('63999')))?.fillStyle).toBe('DOWN');
    expect(lastText(tick(ticker('63999', '+1.5')))?.fillStyle).toBe('DOWN');
  });

  it('fills the change pill by sign and centres the signed percent on it in onPrice', () => {
    const { tick } = setup();
    const ctx = tick(ticker('1', '+1.234'));
    // "+1.23%" is 42 px: the pill keeps its 64 px minimum, right-aligned in its 70 px cell
    expect(ctx.fills()).toEqual([{ op: 'fill', fillStyle: 'UP', box: [236, 10, 64, 28, 4] }]);
    expect(ctx.texts().at(-1)).toMatchObject({ text: '+1.23%', x: 268, y: 24, fillStyle: 'ON', textAlign: 'center' });
    expect(tick(ticker('1', '-2')).fills()[0].fillStyle).toBe('DOWN');
    expect(tick(ticker('1', '0.00')).fills()[0].fillStyle).toBe('FLAT');
    expect(tick(ticker('1', '0.00')).texts()).toEqual([]); // unchanged
    // a long text widens the pill past its minimum, never past its cell
    const wide = tick(ticker('1', '+12345.6')).fills()[0].box;
    expect(wide.slice(0, 3)).toEqual([230, 10, 70]);
  });

  it('writes turnover as "<label> <compact figure>" by the K/M rule in the secondary colour', () => {
    const { tick } = setup();
    const vol = (turnover: string) =>
      tick(ticker('1', '+1', turnover))
        .texts()
        .filter((t) => t.font === LAYOUT.vol.font);
    expect(vol('1234567.89')).toEqual([
      { op: 'fillText', text: 'Vol ', x: 0, y: 34, fillStyle: 'T2', font: '12px sans', textAlign: 'left' },
      { op: 'fillText', text: '1.2M', x: 28, y: 34, fillStyle: 'T2', font: '12px sans', textAlign: 'left' },
    ]);
    expect(vol('1500.5').map((t) => t.text)).toEqual(['Vol ', '1.5K']);
    expect(vol('1000').map((t) => t.text)).toEqual(['Vol ', '1000.0000']); // exactly 1,000 is not "above"
  });

  it('shows the REST figures until the stream has spoken for the symbol', () => {
    const { paint } = setup();
    const ctx = paint();
    expect(ctx.texts().map((t) => t.text)).toEqual(['Vol ', '950.5000', '64000.50', '-0.50%']);
    expect(ctx.fills()[0].fillStyle).toBe('DOWN');
  });

  it('strikes a stale row through (dotted) and repaints it when it goes stale and comes back, without a tick', () => {
    const { paint, tick, setStale } = setup();
    paint();
    tick(ticker('100')); // down from the REST 64000.5
    expect(paint().ops).toEqual([]);
    setStale(true);
    const struck = paint();
    // turnover, last price and pill text each get a dotted strike in their text colour
    expect(struck.strokes()).toEqual([
      { op: 'stroke', strokeStyle: 'T2', dash: [1, 1] },
      { op: 'stroke', strokeStyle: 'DOWN', dash: [1, 1] },
      { op: 'stroke', strokeStyle: 'ON', dash: [1, 1] },
    ]);
    expect(lastText(struck)?.text).toBe('100.00');
    expect(paint().ops).toEqual([]);
    setStale(false);
    const back = paint();
    expect(back.texts().length).toBe(4);
    expect(back.strokes()).toEqual([]);
  });

  it('does not redraw a row whose figures did not change', () => {
    const { tick, paint } = setup();
    tick(ticker('100', '+1', '5'));
    expect(paint().ops).toEqual([]); // nothing ticked
    expect(tick(ticker('100', '+1', '5')).ops).toEqual([]); // ticked, same strings
    expect(tick(ticker('100', '+1.001', '5.00001')).ops).toEqual([]); // same after formatting
  });

  it('repaints every row with the new colours on setTheme', () => {
    const { painter, paint, s } = setup();
    const other = surface();
    painter.attach(2, other, { ...painted('ETH/USDT'), rest: { last: '1', changePct: '+3', turnover: '1' } });
    paint();
    s.ctx.ops = other.ctx.ops = [];
    painter.setTheme({ text: 't', text2: 't2', up: 'up', down: 'down', flat: 'flat', onPrice: 'on' });
    expect(painter.dirty).toBe(true);
    paint();
    expect(s.ctx.texts().map((t) => t.fillStyle)).toEqual(['t2', 't2', 't', 'on']);
    expect(s.ctx.fills()[0].fillStyle).toBe('down');
    expect(other.ctx.fills()[0].fillStyle).toBe('up');
  });

  it("writes the figures in the language's marks the theme carries, as a <Num/> does, and repaints on a change", () => {
    const { painter, paint, tick } = setup();
    expect(lastText(tick(ticker('65000.129')))?.text).toBe('65000.12');
    painter.setTheme({ ...THEME, marks: numberMarks('en') });
    expect(
      paint()
        .texts()
        .map((t) => t.text),
    ).toEqual(['Vol ', '1.2M', '65,000.12', '+1.23%']);
    painter.setTheme({ ...THEME, marks: numberMarks('fra') });
    expect(
      paint()
        .texts()
        .map((t) => t.text),
    ).toEqual(['Vol ', '1,2M', '65\u202f000,12', '+1,23%']);
  });

  it('relayout resizes the backing store to round(size × dpr) and repaints at the new geometry', () => {
    const { painter, paint, s } = setup();
    expect([s.width, s.height]).toEqual([600, 96]);
    paint();
    painter.relayout(1, { ...LAYOUT, width: 301.5, height: 48.2, dpr: 3, last: { ...LAYOUT.last, x: 140 } });
    expect([s.width, s.height]).toEqual([905, 145]);
    const ctx = paint();
    expect(ctx.ops[1]).toEqual({ op: 'clearRect', args: [0, 0, 905, 145] });
    expect(ctx.ops[2]).toEqual({ op: 'setTransform', args: [3, 0, 0, 3, 0, 0] });
    expect(lastText(ctx)?.x).toBe(230);
  });

  it('never draws a detached row again', () => {
    const { painter, paint, tick, s } = setup();
    paint();
    painter.detach(1);
    expect(painter.size).toBe(0);
    tick(ticker('99'));
    painter.setTheme(THEME);
    painter.relayout(1, LAYOUT);
    paint();
    expect(s.ctx.ops).toEqual([]);
  });

  it('noteTickers is true only for symbols a row shows', () => {
    const { painter } = setup();
    expect(painter.noteTickers(['ETH/USDT'])).toBe(false);
    expect(painter.noteTickers(['ETH/USDT', 'BTC/USDT'])).toBe(true);
    expect(new RowPainter({ now: () => 0 }).noteTickers(['BTC/USDT'])).toBe(false);
  });

  it('stats() returns tick→frame latency samples pushed after the frame, then empties', () => {
    const { painter, tick, frames, setNow, paint } = setup();
    paint(); // REST figures: nothing from the stream to time
    expect(frames).toHaveLength(0);
    tick(ticker('100', '+1', '5', 4990));
    expect(frames).toHaveLength(1);
    expect(painter.stats().latency).toEqual([]); // the frame has not been produced yet
    setNow(5030);
    frames[0]();
    expect(painter.stats()).toEqual({ latency: [40], paints: 0 });
    expect(painter.stats()).toEqual({ latency: [], paints: 0 });
    tick(ticker('101', '+1', '5', 5000));
    frames[1]();
    expect(painter.stats()).toEqual({ latency: [30], paints: 1 });
  });
});
