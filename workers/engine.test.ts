import { describe, expect, it } from 'vitest';
import type { Candle } from '../core';
import type { ChartBar, Snapshot } from './api-types';
import { MarketEngine } from './engine';
import type { HistoryRequest } from './channels/history';
import { FakeSocket } from './socket.fixture';
import { FakeClock } from './clock.fixture';

const candle = (sec: number, close: string, volume: string): Candle => ({
  time: sec * 1000,
  open: '1',
  high: close,
  low: '1',
  close,
  volume,
});
const bar = (sec: number, close: number, volume: number): ChartBar => ({
  time: sec,
  open: 1,
  high: close,
  low: 1,
  close,
  volume,
});

function setup() {
  const clock = new FakeClock();
  const socket = new FakeSocket();
  const requests: HistoryRequest[] = [];
  const answers: { resolve: (b: ChartBar[]) => void; reject: (e: Error) => void }[] = [];
  const engine = new MarketEngine({
    openSocket: () => socket,
    clock,
    fetchHistory: (req) => {
      requests.push(req);
      return new Promise((resolve, reject) => answers.push({ resolve, reject }));
    },
  });
  const snaps: Snapshot[] = [];
  return { clock, socket, engine, requests, answers, snaps };
}

const flushMicro = () => new Promise((r) => setTimeout(r, 0));

describe('MarketEngine', () => {
  it('subscribes to the union of views, and again after a reconnect', async () => {
    const { socket, engine } = setup();
    await engine.start({ origin: 'o', apiBase: '/api' });
    engine.watch({ symbols: 'all' }, () => {});
    engine.watch({ symbols: [], chart: { symbol: 'BTC/USDT', period: '1min' } }, () => {});
    socket.serverConnect();
    expect(new Set(socket.subs())).toEqual(new Set(['tickers', 'kline:BTC/USDT:1min']));
    socket.serverDrop();
    socket.emitted = [];
    socket.serverConnect();
    expect(new Set(socket.subs())).toEqual(new Set(['tickers', 'kline:BTC/USDT:1min']));
  });

  it('a view naming its symbols subscribes only those symbols’ tickers, and follows the view', async () => {
    const { socket, engine } = setup();
    await engine.start({ origin: 'o', apiBase: '/api' });
    socket.serverConnect();
    const id = engine.watch({ symbols: ['BTC/USDT', 'ETH/USDT'] }, () => {});
    expect(new Set(socket.subs())).toEqual(new Set(['tickers:BTC/USDT', 'tickers:ETH/USDT']));
    socket.emitted = [];
    engine.updateView(id, { symbols: ['ETH/USDT', 'SOL/USDT'] });
    expect(socket.subs()).toEqual(['tickers:SOL/USDT']);
    expect(socket.emitted).toContainEqual(['unsubscribe', { channels: ['tickers:BTC/USDT'] }]);
    // A view of 'all' needs the whole-market channel, which covers every symbol.
    socket.emitted = [];
    const all = engine.watch({ symbols: 'all' }, () => {});
    expect(socket.subs()).toEqual(['tickers']);
    expect(socket.emitted).toContainEqual(['unsubscribe', { channels: ['tickers:ETH/USDT', 'tickers:SOL/USDT'] }]);
    engine.unwatch(all);
    expect(new Set(socket.subs())).toEqual(new Set(['tickers', 'tickers:ETH/USDT', 'tickers:SOL/USDT']));
  });

  it('reads tickers in the wire’s array form and drops malformed arrays', async () => {
    const { socket, engine, clock } = setup();
    await engine.start({ origin: 'o', apiBase: '/api', throttleMs: 100 });
    socket.serverConnect();
    const snaps: Snapshot[] = [];
    engine.watch({ symbols: ['BTC/USDT'] }, (s) => void snaps.push(s));
    clock.advance(100);
    await flushMicro();
    snaps.length = 0;
    socket.fire('tickers', [
      ['BTC/USDT', 7, 1700000000000, '61000.5', '60000', '62000', '59000', '12.25'],
      ['BTC/USDT', 8, 1700000000001, '61000.5', 60000, '62000', '59000', '12.25'], // a number where a decimal string belongs
      ['BTC/USDT', 9, 1700000000002],
    ]);
    clock.advance(100);
    await flushMicro();
    expect(snaps.at(-1)?.tickers).toEqual([
      {
        symbol: 'BTC/USDT',
        seq: 7,
        ts: 1700000000000,
        last: '61000.5',
        open: '60000',
        high: '62000',
        low: '59000',
        volume: '12.25',
        changePct: '+1.67',
        turnover: '747256.13',
        dir: 0,
      },
    ]);
    expect(engine.dropped).toBe(2);
  });

  it('unsubscribes a chart nobody shows any more', async () => {
    const { socket, engine } = setup();
    await engine.start({ origin: 'o', apiBase: '/api' });
    socket.serverConnect();
    const id = engine.watch({ symbols: [], chart: { symbol: 'A/USDT', period: '5min' } }, () => {});
    engine.updateView(id, { symbols: [], chart: { symbol: 'B/USDT', period: '5min' } });
    expect(socket.emitted).toContainEqual(['unsubscribe', { channels: ['kline:A/USDT:5min'] }]);
  });

  it('merges live kline updates that arrive while history loads, without a seam', async () => {
    const { socket, engine, answers, clock } = setup();
    await engine.start({ origin: 'o', apiBase: '/api' });
    socket.serverConnect();
    const snaps: Snapshot[] = [];
    engine.watch({ symbols: [], chart: { symbol: 'A/USDT', period: '1min' } }, (s) => void snaps.push(s));
    const h = engine.history('A/USDT', '1min');
    socket.fire('kline', [{ symbol: 'A/USDT', period: '1min', seq: 7, ts: 0, candle: candle(120, '5', '9') }]);
    socket.fire('kline', [{ symbol: 'A/USDT', period: '1min', seq: 8, ts: 0, candle: candle(180, '6', '1') }]);
    answers[0].resolve([bar(60, 2, 3), bar(120, 4, 5)]);
    const p = await h;
    expect(Array.from(p.time)).toEqual([60, 120, 180]);
    expect(Array.from(p.close)).toEqual([2, 5, 6]);
    clock.advance(200);
    await flushMicro();
    const times = snaps.flatMap((s) => s.chart?.bars.map((b) => b.time) ?? []);
    expect(times).toEqual([60, 120, 180]);
  });

  it('answers a series that already holds history at once, and merges the default-window fetch into the chart later', async () => {
    const { socket, engine, answers, requests, clock } = setup();
    await engine.start({ origin: 'o', apiBase: '/api' });
    socket.serverConnect();
    // scrolled-back pages filled the series
    const page = engine.history('A/USDT', '1min', { from: 60, to: 120 });
    answers[0].resolve([bar(60, 2, 3), bar(120, 4, 5)]);
    await page;
    const snaps: Snapshot[] = [];
    engine.watch({ symbols: [], chart: { symbol: 'A/USDT', period: '1min' } }, (s) => void snaps.push(s));
    const p = await engine.history('A/USDT', '1min'); // no answer to the default-window fetch yet
    expect(Array.from(p.time)).toEqual([60, 120]);
    expect(requests).toHaveLength(2);
    answers[1].resolve([bar(120, 4, 6), bar(180, 5, 7)]);
    await flushMicro();
    clock.advance(200);
    await flushMicro();
    expect(snaps.flatMap((s) => s.chart?.bars.map((b) => b.time) ?? [])).toEqual([120, 180]);
    // the next chart gets the merged series, again without waiting — and, the series being loaded
    // and live, without another request
    expect(Array.from((await engine.history('A/USDT', '1min')).time)).toEqual([60, 120, 180]);
    expect(requests).toHaveLength(2);
  });

  it('a series loaded and live since is answered from memory; once its stream went silent, the default window is fetched again', async () => {
    const { socket, engine, answers, requests, clock } = setup();
    await engine.start({ origin: 'o', apiBase: '/api' });
    socket.serverConnect();
    engine.watch({ symbols: [], chart: { symbol: 'A/USDT', period: '1min' } }, () => {});
    const first = engine.history('A/USDT', '1min');
    answers[0].resolve([bar(60, 2, 3), bar(120, 4, 5)]);
    await first;
    socket.fire('kline', [{ symbol: 'A/USDT', period: '1min', seq: 1, ts: 0, candle: candle(180, '6', '1') }]);
    clock.advance(1_000);
    // a second chart of the same series, while the first keeps it live
    expect(Array.from((await engine.history('A/USDT', '1min')).time)).toEqual([60, 120, 180]);
    expect(requests).toHaveLength(1);
    // silent past the floor (5 s): what it holds may be missing bars, so the window is fetched
    clock.advance(6_000);
    const again = engine.history('A/USDT', '1min');
    expect(requests).toHaveLength(2);
    answers[1].resolve([bar(240, 7, 2)]);
    // (held bars at once; the fetched window is merged when it lands)
    expect(Array.from((await again).time)).toEqual([60, 120, 180]);
    await flushMicro();
    // heard from again: live, so answered from memory once more
    socket.fire('kline', [{ symbol: 'A/USDT', period: '1min', seq: 2, ts: 0, candle: candle(300, '8', '1') }]);
    expect(Array.from((await engine.history('A/USDT', '1min')).time)).toEqual([60, 120, 180, 240, 300]);
    expect(requests).toHaveLength(2);
    // disconnected: nothing is live
    socket.serverDrop();
    void engine.history('A/USDT', '1min');
    expect(requests).toHaveLength(3);
  });

  it('waits for the history load when the series holds only live bars (history could not go in front of them)', async () => {
    const { socket, engine, answers } = setup();
    await engine.start({ origin: 'o', apiBase: '/api' });
    socket.serverConnect();
    engine.watch({ symbols: [], chart: { symbol: 'A/USDT', period: '1min' } }, () => {});
    socket.fire('kline', [{ symbol: 'A/USDT', period: '1min', seq: 1, ts: 0, candle: candle(180, '6', '1') }]);
    let done = false;
    const h = engine.history('A/USDT', '1min').then((x) => ((done = true), x));
    await flushMicro();
    expect(done).toBe(false);
    answers[0].resolve([bar(60, 2, 3), bar(120, 4, 5)]);
    expect(Array.from((await h).time)).toEqual([60, 120, 180]);
  });

  it('a chart just opened is not marked stale once its history is in, and is once no bar came for 5 s', async () => {
    const { socket, engine, answers, clock } = setup();
    await engine.start({ origin: 'o', apiBase: '/api' });
    socket.serverConnect();
    const snaps: Snapshot[] = [];
    engine.watch({ symbols: [], chart: { symbol: 'A/USDT', period: '1min' } }, (s) => void snaps.push(s));
    const h = engine.history('A/USDT', '1min');
    answers[0].resolve([bar(60, 2, 3), bar(120, 4, 5)]);
    await h;
    clock.advance(300);
    await flushMicro();
    expect(snaps.at(-1)?.status.stale).not.toContain('kline:A/USDT:1min');
    // the floor (5 s) passes; the next stale check (every second) reports it
    for (let t = 0; t < 6_500; t += 100) {
      clock.advance(100);
      await flushMicro();
    }
    expect(snaps.at(-1)?.status.stale).toContain('kline:A/USDT:1min');
  });

  it('after a reconnect refetches the charted series from its last bar and marks it stale meanwhile', async () => {
    const { socket, engine, answers, requests, clock } = setup();
    await engine.start({ origin: 'o', apiBase: '/api' });
    socket.serverConnect();
    const snaps: Snapshot[] = [];
    engine.watch({ symbols: [], chart: { symbol: 'A/USDT', period: '1min' } }, (s) => void snaps.push(s));
    const h = engine.history('A/USDT', '1min');
    answers[0].resolve([bar(60, 2, 3), bar(120, 4, 5)]);
    await h;
    socket.serverDrop();
    clock.advance(200);
    await flushMicro();
    expect(snaps.at(-1)?.status.connected).toBe(false);
    expect(snaps.at(-1)?.status.stale).toContain('kline:A/USDT:1min');
    socket.serverConnect();
    expect(requests.at(-1)).toMatchObject({ symbol: 'A/USDT', period: '1min', from: 120 });
    answers[1].resolve([bar(120, 4.5, 8), bar(180, 5, 2)]);
    await flushMicro();
    clock.advance(200);
    await flushMicro();
    const last = snaps.at(-1)!;
    expect(last.chart?.bars.map((b) => b.time)).toEqual([120, 180]);
  });

  it('a tab shown again after 30 s hidden has the candles it missed within 2 s', async () => {
    const { socket, engine, answers, requests, clock } = setup();
    await engine.start({ origin: 'o', apiBase: '/api' });
    socket.serverConnect();
    const snaps: { at: number; s: Snapshot }[] = [];
    engine.watch(
      { symbols: [], chart: { symbol: 'A/USDT', period: '1min' } },
      (s) => void snaps.push({ at: clock.now(), s }),
    );
    const h = engine.history('A/USDT', '1min');
    answers[0].resolve([bar(60, 2, 3), bar(120, 4, 5)]);
    await h;
    socket.fire('kline', [
      { symbol: 'A/USDT', period: '1min', seq: 1, ts: clock.now(), candle: candle(120, '4', '5') },
    ]);
    // Hidden: the phone suspends the page and nothing reaches it for 30 s (two minutes close meanwhile).
    clock.advance(30_000);
    await flushMicro();
    const shown = clock.now();
    void engine.resync('visible');
    expect(requests.at(-1)).toMatchObject({ symbol: 'A/USDT', period: '1min', from: 120 });
    const server = [bar(120, 4.5, 8), bar(180, 5, 2), bar(240, 6, 1)];
    // the live stream resumes too, its seq far ahead (which asks for one more refetch)
    socket.fire('kline', [
      { symbol: 'A/USDT', period: '1min', seq: 30, ts: clock.now(), candle: candle(240, '6', '1') },
    ]);
    let answered = 1;
    for (let t = 0; t < 2000; t += 100) {
      while (answered < answers.length) answers[answered++].resolve(server);
      await flushMicro();
      clock.advance(100);
      await flushMicro();
    }
    const after = snaps.filter((x) => x.at >= shown && x.at <= shown + 2000);
    const times = new Set(after.flatMap((x) => x.s.chart?.bars.map((b) => b.time) ?? []));
    expect([...times].sort()).toEqual([120, 180, 240]);
    expect(after.at(-1)?.s.status.stale ?? []).not.toContain('kline:A/USDT:1min');
  });

  it('a kline sequence jump across buckets triggers a refetch of the missed range', async () => {
    const { socket, engine, answers, requests } = setup();
    await engine.start({ origin: 'o', apiBase: '/api' });
    socket.serverConnect();
    engine.watch({ symbols: [], chart: { symbol: 'A/USDT', period: '1min' } }, () => {});
    const h = engine.history('A/USDT', '1min');
    answers[0].resolve([]);
    await h;
    socket.fire('kline', [{ symbol: 'A/USDT', period: '1min', seq: 1, ts: 0, candle: candle(60, '1', '1') }]);
    socket.fire('kline', [{ symbol: 'A/USDT', period: '1min', seq: 9, ts: 0, candle: candle(180, '1', '1') }]);
    expect(requests.at(-1)).toMatchObject({ from: 60 });
  });

  it('ticker snapshots carry only the view’s changed rows, at most one per window, with change% from core', async () => {
    const { socket, engine, clock } = setup();
    await engine.start({ origin: 'o', apiBase: '/api', throttleMs: 100 });
    socket.serverConnect();
    const snaps: Snapshot[] = [];
    engine.watch({ symbols: ['BTC/USDT'] }, (s) => void snaps.push(s));
    clock.advance(0);
    await flushMicro();
    snaps.length = 0;
    clock.advance(100); // a quiet window: the next change goes out at once
    const t = (symbol: string, seq: number, last: string) => ({
      symbol,
      seq,
      ts: 1,
      last,
      open: '100',
      high: '120',
      low: '90',
      volume: '5',
    });
    socket.fire('tickers', [t('BTC/USDT', 1, '110'), t('ETH/USDT', 1, '50')]);
    clock.advance(0);
    await flushMicro();
    socket.fire('tickers', [t('BTC/USDT', 2, '111')]);
    socket.fire('tickers', [t('BTC/USDT', 3, '109'), { bad: true }]);
    // no batch after the window ends: the fallback flush comes at its end plus the grace
    clock.advance(200);
    await flushMicro();
    expect(snaps.length).toBe(2);
    expect(snaps[0].tickers?.map((r) => r.last)).toEqual(['110']);
    expect(snaps[1].tickers?.map((r) => [r.last, r.dir])).toEqual([['109', -1]]);
    expect(snaps[1].tickers?.[0].changePct).toBe('+9.00');
    expect(engine.dropped).toBe(1);
  });

  it('a view with a longer window gets one snapshot per slot of it; a base view keeps its own; views with one window share their flushes; all follow the batches', async () => {
    const { socket, engine, clock } = setup();
    await engine.start({ origin: 'o', apiBase: '/api', throttleMs: 100 });
    socket.serverConnect();
    const list: { at: number; last: string }[] = [];
    const trade: { at: number; last: string }[] = [];
    engine.watch({ symbols: ['BTC/USDT'], throttleMs: 300 }, (s) => {
      for (const r of s.tickers ?? []) list.push({ at: clock.now(), last: r.last });
    });
    engine.watch({ symbols: ['BTC/USDT'] }, (s) => {
      for (const r of s.tickers ?? []) trade.push({ at: clock.now(), last: r.last });
    });
    clock.advance(0);
    await flushMicro();
    // a chart-like view with the list's window, registered 130 ms later
    clock.advance(130);
    const twin: number[] = [];
    engine.watch({ symbols: ['BTC/USDT'], throttleMs: 300 }, (s) => {
      if (s.tickers) twin.push(clock.now());
    });
    clock.advance(0);
    await flushMicro();
    const t0 = clock.now();
    // a server batch every 50 ms for 2 s, 20 ms after the twin's registration
    clock.advance(20);
    for (let i = 1; i <= 40; i++) {
      socket.fire('tickers', [
        { symbol: 'BTC/USDT', seq: i, ts: 1, last: String(100 + i), open: '100', high: '200', low: '90', volume: '5' },
      ]);
      await flushMicro();
      clock.advance(50);
    }
    const gaps = (xs: { at: number }[]) => xs.slice(1).map((x, i) => x.at - xs[i].at);
    expect(list.length).toBeGreaterThanOrEqual(5);
    const slots = list.map((x) => Math.floor(x.at / 300));
    for (let i = 1; i < slots.length; i++) expect(slots[i]).toBe(slots[i - 1] + 1);
    // after the first (sent at registration), one window apart, give or take a batch period
    for (const g of gaps(list.slice(1))) expect(g).toBeGreaterThanOrEqual(250);
    // after its first snapshot, the twin view is sent in the same flushes as the list
    expect(twin.slice(1)).toEqual(list.filter((x) => x.at > twin[0]).map((x) => x.at));
    expect(trade.length).toBeGreaterThan(list.length * 2);
    for (const g of gaps(trade)) expect(g).toBeGreaterThanOrEqual(100);
    // every snapshot goes out as a batch arrives (20 + 50k ms after t0), carrying that batch's price
    for (const x of [...list, ...trade]) expect((x.at - t0 - 20) % 50).toBe(0);
    for (const x of [...list, ...trade]) expect(Number(x.last)).toBe(100 + (x.at - t0 - 20) / 50 + 1);
  });

  it('holds the next snapshot until the main thread has taken the previous one', async () => {
    const { socket, engine, clock } = setup();
    await engine.start({ origin: 'o', apiBase: '/api', throttleMs: 100 });
    socket.serverConnect();
    let release: () => void = () => {};
    let calls = 0;
    engine.watch({ symbols: 'all' }, () => {
      calls++;
      return new Promise<void>((r) => (release = r)) as unknown as void;
    });
    const t = (seq: number) => [
      { symbol: 'X', seq, ts: 1, last: String(seq), open: '1', high: '9', low: '1', volume: '1' },
    ];
    clock.advance(0);
    for (let i = 1; i <= 5; i++) {
      socket.fire('tickers', t(i));
      clock.advance(150);
      await flushMicro();
    }
    expect(calls).toBe(1);
    release();
    await flushMicro();
    clock.advance(150);
    await flushMicro();
    expect(calls).toBe(2);
  });
});
