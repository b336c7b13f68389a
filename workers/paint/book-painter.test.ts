import { describe, expect, it } from 'vitest';
import { BookSource, numberMarks, type DepthDiff, type TradePrint } from '../../core';
import type { BookPart, PaintedBook, PaintTheme } from '../api-types';
import { MarketEngine } from '../engine';
import { FakeClock } from '../clock.fixture';
import { FakeSocket } from '../socket.fixture';
import type { BookPaintContext, BookSurface } from './book-painter';
import { BookPaints } from './book-paints';
import { tradeClock } from './book-painter';

const SYM = 'BTC/USDT';
const THEME: PaintTheme = { text: '#111', text2: '#777', up: '#0a0', down: '#d00', flat: '#999', onPrice: '#fff' };

type Op =
  | { op: 'text'; text: string; x: number; y: number; fill: string; align: string }
  | { op: 'bar'; x: number; y: number; w: number; h: number; fill: string; alpha: number }
  | { op: 'strike' }
  | { op: 'clear' };

/** Records what a user would see: texts with colour and place, bars, strikes; `ops` since the last clear. */
class Recorder implements BookPaintContext {
  font = '';
  fillStyle: string | CanvasGradient | CanvasPattern = '#000';
  strokeStyle: string | CanvasGradient | CanvasPattern = '#000';
  globalAlpha = 1;
  lineWidth = 1;
  textAlign: CanvasTextAlign = 'start';
  textBaseline: CanvasTextBaseline = 'alphabetic';
  ops: Op[] = [];
  clears = 0;
  setTransform = () => {};
  clearRect(): void {
    this.ops = [];
    this.clears++;
  }
  fillRect(x: number, y: number, w: number, h: number): void {
    this.ops.push({ op: 'bar', x, y, w, h, fill: String(this.fillStyle), alpha: this.globalAlpha });
  }
  fillText(text: string, x: number, y: number): void {
    this.ops.push({ op: 'text', text, x, y, fill: String(this.fillStyle), align: this.textAlign });
  }
  measureText(text: string) {
    return { width: text.length * 7 };
  }
  beginPath = () => {};
  moveTo = () => {};
  lineTo = () => {};
  stroke(): void {
    this.ops.push({ op: 'strike' });
  }
  setLineDash = () => {};
  texts() {
    return this.ops.filter((o): o is Extract<Op, { op: 'text' }> => o.op === 'text');
  }
  bars() {
    return this.ops.filter((o): o is Extract<Op, { op: 'bar' }> => o.op === 'bar');
  }
}

class Surface implements BookSurface {
  width = 0;
  height = 0;
  readonly ctx = new Recorder();
  getContext() {
    return this.ctx;
  }
}

const part = (p: Partial<BookPart> & Pick<BookPart, 'kind'>): BookPart => ({
  width: 180,
  height: 60,
  dpr: 2,
  rowHeight: 20,
  priceFont: '12px sans',
  qtyFont: '12px sans',
  ...p,
});

async function setup(book: PaintedBook) {
  const clock = new FakeClock();
  const socket = new FakeSocket();
  const engine = new MarketEngine({ openSocket: () => socket, clock, fetchHistory: () => new Promise(() => {}) });
  await engine.start({ origin: 'o', apiBase: '/api', throttleMs: 100 });
  socket.serverConnect();
  const frames: (() => void)[] = [];
  const paints = new BookPaints({ host: engine, now: () => clock.now(), afterFrame: (fn) => frames.push(fn) });
  paints.setTheme(THEME);
  const surfaces = book.parts.map(() => new Surface());
  paints.attach(1, surfaces, book);
  const settle = async (ms = 100) => {
    clock.advance(ms);
    await new Promise((r) => setTimeout(r, 0));
  };
  const frame = () => frames.splice(0).forEach((f) => f());
  return { clock, socket, engine, paints, surfaces, settle, frame };
}

const snap = (src: BookSource) => ({ kind: 'snapshot' as const, ...src.snapshot() });
const diff = (d: DepthDiff, ts: number) => ({ kind: 'diff' as const, ...d, ts });

describe('painted books (worker)', () => {
  it('paints the compact book as the DOM rows read: asks worst-first padded on top, bids best-first, bars on one scale, prices by the step', async () => {
    const book: PaintedBook = {
      view: { symbol: SYM, step: '1', rows: 3, trades: 0 },
      decimals: 0,
      lastDecimals: 2,
      parts: [part({ kind: 'asks', bestLast: true }), part({ kind: 'bids' }), part({ kind: 'last', height: 36 })],
    };
    const { socket, surfaces, paints, settle } = await setup(book);
    expect(socket.subs()).toContain(`depth:${SYM}`);
    const src = new BookSource(SYM, 1);
    for (const [p, q] of [
      ['100.4', '1'],
      ['100.2', '1'],
      ['99.5', '2'],
    ])
      src.set('bid', p, q); // grouped by 1: 100 (2), 99 (2)
    src.set('ask', '101.5', '1');
    src.flush();
    socket.fire('depth', [snap(src)]);
    await settle();
    const [asks, bids] = surfaces;
    expect(asks.width).toBe(360); // CSS px × dpr
    // asks: two empty rows on top, the one ask in the bottom row (next to the last price)
    expect(asks.ctx.texts().map((t) => [t.text, t.y, t.fill])).toEqual([
      ['102', 50, THEME.down], // asks group upwards
      ['1.0000', 50, THEME.text2],
    ]);
    expect(bids.ctx.texts().map((t) => [t.text, t.y, t.fill, t.align])).toEqual([
      ['100', 10, THEME.up, 'left'],
      ['2.0000', 10, THEME.text2, 'right'],
      ['99', 30, THEME.up, 'left'],
      ['2.0000', 30, THEME.text2, 'right'],
    ]);
    // bars: running totals 2 and 4 (bids) and 1 (asks) over the larger side's 4, growing from the right
    expect(bids.ctx.bars().map((b) => [b.x, b.w, b.alpha])).toEqual([
      [90, 90, 0.14],
      [0, 180, 0.14],
    ]);
    expect(asks.ctx.bars().map((b) => [b.x, b.y, b.w])).toEqual([[135, 41, 45]]);
    // a tap on a row means the price painted there; an empty row means nothing
    expect([
      paints.priceAt(1, 1, 0),
      paints.priceAt(1, 1, 1),
      paints.priceAt(1, 0, 2),
      paints.priceAt(1, 0, 0),
    ]).toEqual(['100', '99', '102', null]);
  });

  it('the last price carries its direction and is struck through while the book is out of sync; nothing is redrawn when nothing shown changed', async () => {
    const book: PaintedBook = {
      view: { symbol: SYM, rows: 2, trades: 0 },
      decimals: 2,
      lastDecimals: 2,
      parts: [part({ kind: 'last', height: 36 }), part({ kind: 'bids' })],
    };
    const { socket, surfaces, paints, settle } = await setup(book);
    const [last, bids] = surfaces;
    expect(last.ctx.texts().map((t) => t.text)).toEqual(['--']);
    const src = new BookSource(SYM, 1);
    src.set('bid', '10', '1');
    src.flush();
    socket.fire('depth', [snap(src)]);
    const print = (seq: number, price: string): TradePrint => ({
      symbol: SYM,
      epoch: 1,
      seq,
      ts: seq,
      price,
      qty: '1',
      side: 'buy',
    });
    socket.fire('trades', [print(1, '10.5'), print(2, '10.75')]);
    await settle();
    expect(last.ctx.texts().map((t) => [t.text, t.fill])).toEqual([['10.75 ↑', THEME.up]]);
    expect(last.ctx.ops.some((o) => o.op === 'strike')).toBe(false);
    expect(paints.priceAt(1, 0, 0)).toBe('10.75');
    const bidClears = bids.ctx.clears;
    socket.fire('trades', [print(3, '10.25')]); // the book did not change: its rows are not drawn again
    await settle();
    expect(last.ctx.texts().map((t) => [t.text, t.fill])).toEqual([['10.25 ↓', THEME.down]]);
    expect(bids.ctx.clears).toBe(bidClears);
    // a diff past a gap: out of sync until a new snapshot
    src.flush();
    src.set('bid', '9', '1');
    src.flush();
    src.set('bid', '8', '1');
    socket.fire('depth', [diff(src.flush() as DepthDiff, 5)]);
    await settle();
    expect(last.ctx.ops.some((o) => o.op === 'strike')).toBe(true);
  });

  it('the side-by-side book puts the bid amount first and grows the ask bars from the left; a new step regroups at once', async () => {
    const book: PaintedBook = {
      view: { symbol: SYM, step: '0.1', rows: 2, trades: 0 },
      decimals: 1,
      lastDecimals: 2,
      parts: [part({ kind: 'bids', qtyFirst: true }), part({ kind: 'asks', barsFromLeft: true })],
    };
    const { socket, surfaces, paints, settle } = await setup(book);
    const src = new BookSource(SYM, 1);
    for (const p of ['10.01', '10.02', '10.11']) src.set('bid', p, '1');
    src.set('ask', '10.2', '3');
    src.flush();
    socket.fire('depth', [snap(src)]);
    await settle();
    const [bids, asks] = surfaces;
    expect(
      bids.ctx
        .texts()
        .slice(0, 2)
        .map((t) => [t.text, t.x, t.align]),
    ).toEqual([
      ['10.1', 180, 'right'],
      ['1.0000', 0, 'left'],
    ]);
    expect(asks.ctx.bars().map((b) => [b.x, b.w])).toEqual([[0, 180]]);
    paints.update(1, { ...book, view: { ...book.view, step: '1' }, decimals: 0 });
    await settle();
    expect(bids.ctx.texts().map((t) => t.text)).toEqual(['10', '3.0000']);
  });

  it('paints the newest trades (time, price by the taker’s side, amount) and counts one tick→paint sample per depth change shown', async () => {
    const book: PaintedBook = {
      view: { symbol: SYM, rows: 1, trades: 5 },
      decimals: 2,
      lastDecimals: 2,
      parts: [part({ kind: 'trades', rowHeight: 22, height: 44 }), part({ kind: 'bids' })],
    };
    const { socket, surfaces, paints, settle, frame, clock } = await setup(book);
    const src = new BookSource(SYM, 1);
    src.set('bid', '10', '1');
    src.flush();
    socket.fire('depth', [snap(src)]);
    const t0 = clock.now();
    socket.fire(
      'trades',
      [1, 2, 3].map((seq): TradePrint => ({
        symbol: SYM,
        epoch: 1,
        seq,
        ts: t0 + seq * 1000,
        price: `10.${seq}`,
        qty: '0.5',
        side: seq === 2 ? 'sell' : 'buy',
      })),
    );
    await settle();
    // 44 px hold two rows of 22: the two newest
    expect(surfaces[0].ctx.texts().map((t) => [t.text, t.fill])).toEqual([
      [tradeClock(t0 + 3000), THEME.text2],
      ['0.5000', THEME.text2],
      ['10.30', THEME.up],
      [tradeClock(t0 + 2000), THEME.text2],
      ['0.5000', THEME.text2],
      ['10.20', THEME.down],
    ]);
    src.set('bid', '11', '2');
    socket.fire('depth', [diff(src.flush() as DepthDiff, t0 - 40)]);
    await settle();
    frame();
    expect(paints.takeLatency()).toEqual([clock.now() - (t0 - 40)]);
    expect(paints.takeLatency()).toEqual([]);
  });

  it('unwatches the book when the last painted view goes', async () => {
    const book: PaintedBook = {
      view: { symbol: SYM, rows: 1, trades: 0 },
      decimals: 2,
      lastDecimals: 2,
      parts: [part({ kind: 'bids' })],
    };
    const { socket, paints } = await setup(book);
    paints.detach(1);
    expect(new Set(socket.channels('unsubscribe'))).toEqual(new Set([`depth:${SYM}`, `trades:${SYM}`]));
  });

  it('writes every figure in the language’s number marks: French comma decimals and narrow-space groups, again at once on a language switch', async () => {
    const book: PaintedBook = {
      view: { symbol: SYM, rows: 2, trades: 2 },
      decimals: 2,
      lastDecimals: 2,
      parts: [part({ kind: 'bids' }), part({ kind: 'last', height: 36 }), part({ kind: 'trades', height: 40 })],
    };
    const { socket, surfaces, paints, settle, clock } = await setup(book);
    paints.setTheme({ ...THEME, marks: numberMarks('fra') });
    const src = new BookSource(SYM, 1);
    src.set('bid', '65000.12', '0.5');
    src.set('bid', '1234.5', '2');
    src.flush();
    socket.fire('depth', [snap(src)]);
    socket.fire('trades', [
      {
        symbol: SYM,
        epoch: 1,
        seq: 1,
        ts: clock.now(),
        price: '65001.5',
        qty: '0.25',
        side: 'buy',
      } satisfies TradePrint,
    ]);
    await settle();
    const [bids, last, trades] = surfaces;
    expect(bids.ctx.texts().map((t) => t.text)).toEqual(['65\u202f000,12', '0,5000', '1\u202f234,50', '2,0000']);
    expect(last.ctx.texts().map((t) => t.text)).toEqual(['65\u202f001,50']);
    expect(
      trades.ctx
        .texts()
        .map((t) => t.text)
        .slice(1),
    ).toEqual(['0,2500', '65\u202f001,50']);
    // back to English: the same rows in dots and commas, without waiting for the book to move
    paints.setTheme({ ...THEME, marks: numberMarks('en') });
    expect(bids.ctx.texts().map((t) => t.text)).toEqual(['65,000.12', '0.5000', '1,234.50', '2.0000']);
  });
});
