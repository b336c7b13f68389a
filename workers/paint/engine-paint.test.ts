import { describe, expect, it } from 'vitest';
import type { TickerTuple } from '../../core';
import type { PaintedRow, RowLayout } from '../api-types';
import { MarketEngine, type EngineDeps } from '../engine';
import { FakeSocket } from '../socket.fixture';
import { FakeClock } from '../clock.fixture';
import type { PaintContext, PaintSurface } from './row-painter';

const LAYOUT: RowLayout = {
  width: 300,
  height: 48,
  dpr: 1,
  vol: { x: 0, y: 0, width: 120, height: 48, font: 'vol', label: 'Vol' },
  last: { x: 130, y: 0, width: 90, height: 48, font: 'last' },
  pill: { x: 230, y: 10, width: 70, height: 28, font: 'pill', minWidth: 64, padX: 6, radius: 4 },
};
const ROW: PaintedRow = {
  symbol: 'BTC/USDT',
  decimals: 2,
  rest: { last: '100', changePct: '0.00', turnover: '0' },
  layout: LAYOUT,
};

/** One canvas redraw as the user sees it: when, the last price shown, whether it is struck through. */
interface Frame {
  at: number;
  last: string;
  struck: boolean;
}

/** A canvas whose every redraw (a clearRect starts one) is recorded with the clock's time. */
function canvas(clock: FakeClock): PaintSurface & { frames: Frame[] } {
  const frames: Frame[] = [];
  const ctx: PaintContext = {
    font: '',
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    textAlign: 'start',
    textBaseline: 'alphabetic',
    clearRect: () => void frames.push({ at: clock.now(), last: '', struck: false }),
    fillText(text) {
      if (this.font === 'last') frames[frames.length - 1].last = text;
    },
    stroke: () => void (frames[frames.length - 1].struck = true),
    measureText: (text) => ({ width: text.length * 7 }),
    setTransform() {},
    save() {},
    restore() {},
    beginPath() {},
    rect() {},
    roundRect() {},
    clip() {},
    fill() {},
    moveTo() {},
    lineTo() {},
    setLineDash() {},
  };
  return { width: 0, height: 0, frames, getContext: () => ctx };
}

const tick = (seq: number, last: string, ts: number): TickerTuple[] => [
  ['BTC/USDT', seq, ts, last, '100', '200', '50', '2'],
];
const flushMicro = () => new Promise((r) => setTimeout(r, 0));

async function setup(afterFrame?: (clock: FakeClock) => EngineDeps['afterFrame']) {
  const clock = new FakeClock();
  const socket = new FakeSocket();
  const engine = new MarketEngine({ openSocket: () => socket, clock, afterFrame: afterFrame?.(clock) });
  await engine.start({ origin: 'o', apiBase: '/api', throttleMs: 100 });
  socket.serverConnect();
  const surface = canvas(clock);
  return { clock, socket, engine, surface, frames: surface.frames };
}

/** A server batch every 25 ms for 1 s, prices 101…140; returns when the first batch came. */
async function tickFor1s(s: Awaited<ReturnType<typeof setup>>): Promise<number> {
  const t0 = s.clock.now() + 25;
  for (let i = 1; i <= 40; i++) {
    s.clock.advance(25);
    s.socket.fire('tickers', tick(i, String(100 + i), s.clock.now()));
    await flushMicro();
  }
  s.clock.advance(200);
  await flushMicro();
  return t0;
}

describe('MarketEngine painted rows', () => {
  it('a painted row subscribes its symbol’s tickers, unsubscribed once no view needs it', async () => {
    const { socket, engine, surface } = await setup();
    engine.paintRow(1, surface, ROW);
    expect(socket.channels('subscribe')).toEqual(['tickers:BTC/USDT']);
    engine.unpaintRow(1);
    expect(socket.channels('unsubscribe')).toEqual(['tickers:BTC/USDT']);
    // a list showing the symbol keeps it subscribed when the row goes
    socket.emitted = [];
    engine.watch({ symbols: ['BTC/USDT'] }, () => {});
    engine.paintRow(2, canvas(new FakeClock()), ROW);
    engine.unpaintRow(2);
    expect(socket.channels('subscribe')).toEqual(['tickers:BTC/USDT']);
    expect(socket.channels('unsubscribe')).toEqual([]);
  });

  it('paints at most once per 50 ms window (its own, not the 100 ms snapshot window) while batches come every 25 ms, the last paint showing the newest price', async () => {
    const s = await setup();
    const attachedAt = s.clock.now();
    s.engine.paintRow(1, s.surface, ROW);
    // painted in the call that put the row up, before any timer: never heard yet, so the REST
    // price, struck through
    expect(s.frames).toEqual([{ at: attachedAt, last: '100.00', struck: true }]);
    const t0 = await tickFor1s(s);
    const live = s.frames.filter((f) => f.at >= t0);
    // 40 batches, ~20 windows: each paint shows a newer price than the one before
    expect(live.length).toBeGreaterThanOrEqual(18);
    expect(live.length).toBeLessThanOrEqual(21);
    // (the first tick after the attach paint comes in a quiet window: painted at once)
    for (let i = 2; i < s.frames.length; i++) {
      expect(s.frames[i].at - s.frames[i - 1].at).toBeGreaterThanOrEqual(50);
      expect(Number(s.frames[i].last)).toBeGreaterThan(Number(s.frames[i - 1].last));
    }
    // the last batch (t0 + 975 ms) is painted by the window's fallback flush at the latest
    expect(live.at(-1)).toMatchObject({ last: '140.00', struck: false });
    expect(live.at(-1)!.at).toBeLessThanOrEqual(t0 + 975 + 50 + 35);
  });

  it('keeps painting while a watcher’s snapshot is still in flight', async () => {
    const s = await setup();
    let calls = 0;
    s.engine.watch({ symbols: ['BTC/USDT'] }, () => {
      calls++;
      return new Promise<void>(() => {}) as unknown as void; // the main thread never takes it
    });
    s.engine.paintRow(1, s.surface, ROW);
    const t0 = await tickFor1s(s);
    expect(calls).toBe(1);
    const live = s.frames.filter((f) => f.at >= t0);
    expect(live.length).toBeGreaterThanOrEqual(9);
    expect(live.at(-1)?.last).toBe('140.00');
  });

  it('strikes the row through as soon as the socket drops, once, even while a 1 s watcher waits for its slot', async () => {
    const s = await setup();
    // as on the Markets page: the rows' screen-reader text is watched at a 1 s cadence
    s.engine.watch({ symbols: ['BTC/USDT'], throttleMs: 1000 }, () => {});
    s.engine.paintRow(1, s.surface, ROW);
    s.socket.fire('tickers', tick(1, '101', s.clock.now()));
    s.clock.advance(200);
    await flushMicro(); // the page has taken its snapshot
    expect(s.frames.at(-1)).toMatchObject({ last: '101.00', struck: false });
    const dropped = s.clock.now();
    s.socket.serverDrop();
    s.clock.advance(1000);
    const after = s.frames.filter((f) => f.at >= dropped).map((f) => ({ ...f, at: f.at - dropped }));
    // a disconnect makes every stream stale at once; the row is struck in that flush and not redrawn again
    expect(after).toEqual([{ at: 0, last: '101.00', struck: true }]);
  });

  it('a row removed before its paint leaves no work behind (no timer storm for a waiting 1 s watcher)', async () => {
    const s = await setup();
    s.engine.watch({ symbols: ['BTC/USDT'], throttleMs: 1000 }, () => {});
    s.clock.advance(300); // the watcher has had its first snapshot: it now waits for its 1 s slots
    await flushMicro();
    s.engine.paintRow(1, s.surface, ROW);
    s.socket.fire('tickers', tick(1, '101', s.clock.now()));
    s.engine.unpaintRow(1); // the user left Markets within the window
    let timers = 0;
    const set = s.clock.setTimeout.bind(s.clock);
    s.clock.setTimeout = (fn, ms) => {
      if (++timers > 1000) throw new Error('timer storm');
      return set(fn, ms);
    };
    for (let i = 2; i <= 10 && timers < 1000; i++) {
      s.clock.advance(100);
      s.socket.fire('tickers', tick(i, String(100 + i), s.clock.now()));
      await flushMicro();
    }
    // a throttle timer per batch or so, and the 1 s stale check — not a zero-delay loop
    expect(timers).toBeLessThan(40);
  });

  it('a redraw that is not a tick (theme, size) adds no tick→paint sample', async () => {
    const s = await setup((clock) => (fn) => void clock.setTimeout(fn, 16));
    s.engine.paintRow(1, s.surface, ROW);
    s.socket.fire('tickers', tick(1, '101', s.clock.now()));
    s.clock.advance(200);
    expect(s.engine.paintStats().latency).toEqual([16]);
    s.engine.setPaintTheme({ text: '#000', text2: '#111', up: '#0f0', down: '#f00', flat: '#888', onPrice: '#fff' });
    s.clock.advance(200);
    s.engine.relayoutRow(1, { ...LAYOUT, width: 320 });
    s.clock.advance(200);
    expect(s.engine.paintStats()).toEqual({ latency: [], paints: 2 });
  });

  it('paintStats() returns tick→frame samples when an afterFrame is given, then empties', async () => {
    // the frame is produced 16 ms after the paint
    const s = await setup((clock) => (fn) => void clock.setTimeout(fn, 16));
    s.engine.paintRow(1, s.surface, ROW);
    s.clock.advance(200); // the REST paint: nothing from the stream to time
    expect(s.engine.paintStats()).toEqual({ latency: [], paints: 1 });
    s.socket.fire('tickers', tick(1, '101', s.clock.now())); // a quiet window: painted at once
    s.clock.advance(30);
    s.socket.fire('tickers', tick(2, '102', s.clock.now())); // inside the window: at its end + 35 ms grace
    s.clock.advance(200);
    expect(s.engine.paintStats()).toEqual({ latency: [16, 20 + 35 + 16], paints: 2 });
    expect(s.engine.paintStats()).toEqual({ latency: [], paints: 0 });
  });
});
