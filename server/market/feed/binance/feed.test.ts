import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createKlineAggregator, type Tick } from '../../../../core';
import { startReplay, type Replay } from '../../../testing/binance-replay';
import { BinanceFeed } from './feed';
import type { BinanceFeedOptions } from './options';
import { binanceSymbols } from './symbols';

const FIX = path.join(__dirname, 'fixtures');
const M0 = Date.UTC(2025, 0, 6, 12, 0, 0);
const MIN = 60_000;

let replay: Replay | undefined;
let feed: BinanceFeed | undefined;
afterEach(async () => {
  feed?.stop();
  feed = undefined;
  await replay?.close();
  replay = undefined;
});

async function until(ok: () => boolean, ms = 5000): Promise<void> {
  const t0 = Date.now();
  while (!ok()) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function run(session: string, opts: Partial<BinanceFeedOptions> = {}, rest = 'rest.ndjson') {
  replay = await startReplay(path.join(FIX, session), path.join(FIX, rest));
  const ticks: Tick[] = [];
  const backfill: Tick[] = [];
  feed = new BinanceFeed({
    symbols: binanceSymbols(['BTC/USDT', 'ETH/USDT']),
    wsUrl: replay.wsUrl,
    restUrl: replay.restUrl,
    now: () => M0 + 500,
    firstBackfillMinutes: 0,
    backoffBaseMs: 20,
    random: () => 0.5,
    ...opts,
  });
  feed.onTicks((t) => ticks.push(...t));
  feed.onBackfill((t) => backfill.push(...t));
  feed.start();
  return { replay, feed, ticks, backfill };
}

const levels = (rows: [string, string][]) => rows.map(([price, qty]) => ({ price, qty }));

describe('BinanceFeed against recorded frames', () => {
  it('turns trades into ticks and depth diffs into the venue book, exactly', async () => {
    const { feed: f, ticks, replay: r } = await run('basic.ndjson');
    await until(
      () => ticks.length === 4 && f.book('BTC/USDT')!.asks[0]?.qty === '0.788' && f.book('ETH/USDT')!.bids.length === 2,
    );
    expect(r.connections[0]).toEqual([
      'btcusdt@trade',
      'btcusdt@depth@100ms',
      'btcusdt@kline_1m',
      'btcusdt@miniTicker',
      'ethusdt@trade',
      'ethusdt@depth@100ms',
      'ethusdt@kline_1m',
      'ethusdt@miniTicker',
    ]);
    // in order per symbol (a symbol's first trades wait for its backfill, so symbols may interleave otherwise)
    expect(ticks.filter((t) => t.symbol === 'BTC/USDT')).toEqual([
      { symbol: 'BTC/USDT', price: '67000.5', qty: '0.012', seq: 1, ts: M0 + 1000, side: 'buy' },
      { symbol: 'BTC/USDT', price: '67000.1', qty: '0.5', seq: 2, ts: M0 + 2000, side: 'sell' },
      { symbol: 'BTC/USDT', price: '67000.5', qty: '0.001', seq: 3, ts: M0 + 3000, side: 'buy' },
    ]);
    expect(ticks.filter((t) => t.symbol === 'ETH/USDT')).toEqual([
      { symbol: 'ETH/USDT', price: '3480.51', qty: '1.2', seq: 1, ts: M0 + 2500, side: 'buy' },
    ]);
    const btc = f.book('BTC/USDT')!;
    expect(btc.bids).toEqual(
      levels([
        ['67000.2', '0.3'],
        ['66999', '2'],
        ['66998', '3'],
      ]),
    );
    expect(btc.asks).toEqual(
      levels([
        ['67000.5', '0.788'],
        ['67001', '2'],
      ]),
    );
    const eth = f.book('ETH/USDT')!;
    expect(eth.bids).toEqual(
      levels([
        ['3480.5', '4'],
        ['3480.4', '1'],
      ]),
    );
    expect(eth.asks).toEqual(
      levels([
        ['3480.51', '2.5'],
        ['3480.6', '7'],
      ]),
    );
    expect(f.lastPrice('BTC/USDT')).toBe('67000.5');
    const st = f.status('BTC/USDT')!;
    expect(st.miniTicker).toMatchObject({
      open: '66500',
      high: '67500',
      low: '66000',
      close: '67000.1',
      volume: '12345.678',
    });
    expect(st.kline).toMatchObject({ time: M0, open: '67000.5', close: '67000.1', volume: '0.512', closed: false });
    expect(f.book('AAPL/USDT')).toBeUndefined();
  });

  it('continues the persisted seq after a restart', async () => {
    const { ticks } = await run('basic.ndjson', {
      resume: new Map([['BTC/USDT', { seq: 41, price: '66000', ts: M0 - 5000 }]]),
    });
    await until(() => ticks.length === 4);
    expect(ticks.filter((t) => t.symbol === 'BTC/USDT').map((t) => t.seq)).toEqual([42, 43, 44]);
  });

  it('reconnects after a drop and backfills the missed minutes from REST klines: no 1m candle missing', async () => {
    const agg = createKlineAggregator({ periods: ['1min', '5min'] });
    let now = M0 + 500;
    const seen: Tick[] = [];
    const {
      feed: f,
      ticks,
      backfill,
      replay: r,
    } = await run('drop.ndjson', {
      symbols: binanceSymbols(['BTC/USDT']),
      now: () => now,
      firstBackfillMinutes: 2,
      currentBar: (s) => agg.last(s, '1min'),
    });
    f.onBackfill((t) => t.forEach((x) => (agg.apply(x), seen.push(x))));
    f.onTicks((t) => {
      t.forEach((x) => (agg.apply(x), seen.push(x)));
      // the drop comes right after this trade; the reconnect happens three minutes later
      if (t.some((x) => x.price === '67010')) now = M0 + 3 * MIN + 5000;
    });
    await until(() => ticks.length === 4);
    await f.settled();
    expect(r.connections).toHaveLength(2);
    expect(f.reconnects).toEqual([15]); // base 20 ms, jitter ×0.75
    const klineCalls = r.requests.filter((q) => q.startsWith('/api/v3/klines'));
    expect(klineCalls).toEqual([
      `/api/v3/klines?symbol=BTCUSDT&interval=1m&startTime=${M0 - 2 * MIN}&endTime=${M0 - 1}&limit=1000`,
      `/api/v3/klines?symbol=BTCUSDT&interval=1m&startTime=${M0}&endTime=${M0 + 3 * MIN - 1}&limit=1000`,
    ]);
    // every tick in time order, seq +1 each: the backfill went in before the held live trades
    expect(seen.map((t) => t.seq)).toEqual(seen.map((_, i) => i + 1));
    expect(seen.every((t, i) => i === 0 || t.ts >= seen[i - 1].ts)).toBe(true);
    expect(backfill.length).toBeGreaterThan(0);
    expect(agg.series('BTC/USDT', '1min')).toEqual([
      { time: M0 - 2 * MIN, open: '66950', high: '66990', low: '66940', close: '66980', volume: '2.5' },
      { time: M0 - MIN, open: '66980', high: '67005', low: '66970', close: '67000.5', volume: '1.75' },
      // the minute of the drop: our two trades completed to the venue's bar
      { time: M0, open: '67000.5', high: '67050', low: '66990', close: '67020', volume: '1.2' },
      { time: M0 + MIN, open: '67020', high: '67080', low: '67015', close: '67060', volume: '0.9' },
      { time: M0 + 2 * MIN, open: '67060', high: '67120', low: '67055', close: '67095', volume: '1.05' },
      // the open minute: live trades after the reconnect
      { time: M0 + 3 * MIN, open: '67100', high: '67105', low: '67100', close: '67105', volume: '0.07' },
    ]);
    expect(agg.last('BTC/USDT', '5min')).toEqual({
      time: M0,
      open: '67000.5',
      high: '67120',
      low: '66990',
      close: '67105',
      volume: '3.22',
    });
    // the live ticks are exactly the venue's trades, none invented
    expect(ticks.map((t) => [t.price, t.qty, t.side])).toEqual([
      ['67000.5', '0.012', 'buy'],
      ['67010', '0.1', 'buy'],
      ['67100', '0.05', 'sell'],
      ['67105', '0.02', 'buy'],
    ]);
  });

  it('resyncs a depth book once after a gap in update ids', async () => {
    const { feed: f, replay: r } = await run(
      'gap.ndjson',
      { symbols: binanceSymbols(['BTC/USDT']) },
      'rest-gap.ndjson',
    );
    await until(() => f.book('BTC/USDT')!.asks.length === 2);
    expect(r.requests.filter((q) => q.startsWith('/api/v3/depth'))).toEqual([
      '/api/v3/depth?symbol=BTCUSDT&limit=1000',
      '/api/v3/depth?symbol=BTCUSDT&limit=1000',
    ]);
    expect(f.status('BTC/USDT')!.book).toBe('live');
    const b = f.book('BTC/USDT')!;
    expect(b.bids).toEqual(levels([['66999', '5']]));
    expect(b.asks).toEqual(
      levels([
        ['67001', '0.9'],
        ['67002', '3'],
      ]),
    );
  });

  it('marks a silent symbol stale (its book offers nothing) and clears it on the next frame', async () => {
    const flips: [string, boolean][] = [];
    const {
      feed: f,
      replay: r,
      ticks,
    } = await run('stale.ndjson', { symbols: binanceSymbols(['BTC/USDT']), now: Date.now, staleMs: 1000 });
    f.onStatus((s, stale) => flips.push([s, stale]));
    await until(() => ticks.length === 1 && f.book('BTC/USDT')!.bids.length === 2);
    expect(f.isStale('BTC/USDT')).toBe(false);
    await until(() => f.isStale('BTC/USDT'));
    expect(f.status('BTC/USDT')!.book).toBe('stale');
    expect(f.book('BTC/USDT')).toMatchObject({ bids: [], asks: [] });
    r.release();
    await until(() => !f.isStale('BTC/USDT') && ticks.length === 2);
    expect(flips).toEqual([
      ['BTC/USDT', true],
      ['BTC/USDT', false],
    ]);
    await until(() => f.book('BTC/USDT')!.bids.length === 3);
    expect(f.status('BTC/USDT')!.book).toBe('live');
  });

  it('rolls over to a new connection before the 24 h cut with no gap and no duplicate trade', async () => {
    const {
      feed: f,
      replay: r,
      ticks,
    } = await run('rollover.ndjson', { symbols: binanceSymbols(['BTC/USDT']), rollMs: 150, overlapMs: 100 });
    await until(() => ticks.length === 5 && r.clientClosed.includes(0));
    expect(ticks.map((t) => [t.seq, t.price, t.qty])).toEqual([
      [1, '67000.5', '0.012'],
      [2, '67000.1', '0.5'],
      [3, '67000.5', '0.001'],
      [4, '67000.2', '0.3'],
      [5, '67000.5', '0.02'],
    ]);
    expect(r.connections.length).toBeGreaterThanOrEqual(2);
    // no reconnect, no backfill, no resync: the book stayed live across the hand-over
    expect(f.reconnects).toEqual([]);
    expect(r.requests.filter((q) => q.startsWith('/api/v3/klines'))).toHaveLength(0);
    expect(r.requests.filter((q) => q.startsWith('/api/v3/depth'))).toHaveLength(1);
    expect(f.book('BTC/USDT')!.bids).toEqual(
      levels([
        ['67000.2', '0.3'],
        ['67000.1', '1.5'],
        ['66998', '3'],
      ]),
    );
  });

  it('retries a refused connection with exponential backoff and jitter', async () => {
    const srv = net.createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const port = (srv.address() as net.AddressInfo).port;
    await new Promise<void>((r) => srv.close(() => r()));
    const jitter = [0, 1, 0.5, 0];
    feed = new BinanceFeed({
      symbols: binanceSymbols(['BTC/USDT']),
      wsUrl: `ws://127.0.0.1:${port}`,
      restUrl: `http://127.0.0.1:${port}`,
      backoffBaseMs: 10,
      backoffMaxMs: 80,
      random: () => jitter.shift() ?? 1,
    });
    feed.start();
    await until(() => feed!.reconnects.length >= 6);
    // cap = min(80, 10·2^n); delay uniform in [cap/2, cap]
    expect(feed.reconnects.slice(0, 6)).toEqual([5, 20, 30, 40, 80, 80]);
  });

  it('answers the venue ping with a pong carrying the same payload', async () => {
    const { replay: r, ticks } = await run('ping.ndjson', { symbols: binanceSymbols(['BTC/USDT']) });
    await until(() => ticks.length === 1 && r.pongs.length === 1);
    expect(r.pongs).toEqual([String(M0 + 1000)]);
  });
});
