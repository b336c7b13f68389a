import { describe, expect, it } from 'vitest';
import type { Candle } from '../../core';
import type { ChartBar, IndicatorSpec, Snapshot } from '../api-types';
import { MarketEngine } from '../engine';
import { FakeSocket } from '../socket.fixture';
import { FakeClock } from '../clock.fixture';

const candle = (sec: number, close: string): Candle => ({
  time: sec * 1000,
  open: '1',
  high: close,
  low: '1',
  close,
  volume: '2',
});
const bar = (sec: number, close: number): ChartBar => ({ time: sec, open: 1, high: close, low: 1, close, volume: 2 });
const flushMicro = () => new Promise((r) => setTimeout(r, 0));

async function setup() {
  const clock = new FakeClock();
  const socket = new FakeSocket();
  const engine = new MarketEngine({
    openSocket: () => socket,
    clock,
    fetchHistory: () => Promise.resolve(Array.from({ length: 30 }, (_, i) => bar(60 * (i + 1), 10 + (i % 7)))),
  });
  await engine.start({ origin: 'o', apiBase: '/api' });
  socket.serverConnect();
  return { clock, socket, engine };
}

const MA: IndicatorSpec = { main: 'ma', sub: 'macd' };

describe('indicator lines pushed with chart snapshots', () => {
  it('a chart that names its indicators gets their values for its bars in the same snapshot, as a request would answer them', async () => {
    const { clock, socket, engine } = await setup();
    const snaps: Snapshot[] = [];
    engine.watch(
      { symbols: [], chart: { symbol: 'A/USDT', period: '1min', indicators: MA }, throttleMs: 1000 },
      (s) => void snaps.push(s),
    );
    await engine.history('A/USDT', '1min');
    // the history's own merge into the chart goes first
    clock.advance(1100);
    await flushMicro();
    snaps.length = 0;
    socket.fire('kline', [{ symbol: 'A/USDT', period: '1min', seq: 1, ts: 0, candle: candle(1800, '15') }]);
    socket.fire('kline', [{ symbol: 'A/USDT', period: '1min', seq: 2, ts: 0, candle: candle(1860, '16') }]);
    clock.advance(1100);
    await flushMicro();
    const diff = snaps.map((s) => s.chart).find((c) => c?.bars.length);
    expect(diff?.bars.map((b) => b.time)).toEqual([1800, 1860]);
    const lines = diff?.lines;
    expect(lines?.spec).toEqual(MA);
    expect(Array.from(lines?.time ?? [])).toEqual([1800, 1860]);
    // what the page asked for before (a request per diff) — the same numbers
    const asked = engine.indicators('A/USDT', '1min', MA, 1800);
    expect(lines?.lines.map((l) => [l.pane, l.name, Array.from(l.values)])).toEqual(
      asked?.lines.map((l) => [l.pane, l.name, Array.from(l.values)]),
    );
    expect(lines?.lines.some((l) => l.name.startsWith('MA') && Number.isFinite(l.values[1]))).toBe(true);
  });

  it('a chart without indicators (or with none chosen) gets bars only', async () => {
    const { clock, socket, engine } = await setup();
    const plain: Snapshot[] = [];
    const none: Snapshot[] = [];
    engine.watch({ symbols: [], chart: { symbol: 'A/USDT', period: '1min' } }, (s) => void plain.push(s));
    engine.watch(
      { symbols: [], chart: { symbol: 'A/USDT', period: '1min', indicators: { main: 'none', sub: 'none' } } },
      (s) => void none.push(s),
    );
    await engine.history('A/USDT', '1min');
    clock.advance(200);
    await flushMicro();
    plain.length = 0;
    none.length = 0;
    socket.fire('kline', [{ symbol: 'A/USDT', period: '1min', seq: 1, ts: 0, candle: candle(1800, '15') }]);
    clock.advance(200);
    await flushMicro();
    for (const snaps of [plain, none]) {
      const diff = snaps.map((s) => s.chart).find((c) => c?.bars.length);
      expect(diff?.bars.map((b) => b.time)).toEqual([1800]);
      expect(diff?.lines).toBeUndefined();
    }
  });
});
