import Fastify, { type FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KlineUpdate, TickerUpdate } from '../../core';
import { LocalBook } from '../../core/book/local-book';
import { bookOf } from '../../core/book/feed.fixture';
import type { DepthMessage, TradePrint } from '../../core/types/book';
import type { DbHandle } from '../db/connect';
import { createTestDb } from '../testing/db';
import { ScriptedFeed } from './feed/scripted';
import { createMarket, type Ack, type MarketService } from './index';

// A self-contained server: Fastify listening on an ephemeral port with socket.io on app.server.
let h: DbHandle;
let app: FastifyInstance;
let io: Server;
let market: MarketService;
let url: string;
const clients: ClientSocket[] = [];

beforeAll(async () => {
  h = await createTestDb();
  app = Fastify();
  io = new Server(app.server, { transports: ['websocket', 'polling'], serveClient: false });
  market = await createMarket({
    db: h.db,
    io,
    config: { feed: 'scripted', tickRate: 0, seed: 1, backfill: false, flushMs: 20 },
    resolveUser: async (token) => (token === 'good-token' ? 7 : null),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${addr.port}`;
});

afterAll(async () => {
  for (const c of clients) c.disconnect();
  await market?.close();
  io?.disconnectSockets(true);
  io?.engine.close();
  await app?.close();
  await h?.close();
});

async function client(): Promise<ClientSocket> {
  const c = connect(url, { transports: ['websocket'], reconnection: false });
  clients.push(c);
  await new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve());
    c.once('connect_error', reject);
  });
  return c;
}

const call = (c: ClientSocket, event: string, payload: unknown) =>
  c.timeout(2000).emitWithAck(event, payload) as Promise<Ack>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const feed = () => market.feed as ScriptedFeed;

/** The wire form (wire.ts) back to objects. */
function decode(b: unknown): TickerUpdate[] {
  return (b as unknown[][]).map(
    ([symbol, seq, ts, last, open, high, low, volume]) =>
      ({ symbol, seq, ts, last, open, high, low, volume }) as TickerUpdate,
  );
}

describe('market socket', () => {
  it('greets each connection with the stream epoch, the same one the depth and trades streams carry', async () => {
    const c = connect(url, { transports: ['websocket'], reconnection: false });
    clients.push(c);
    const hello = await new Promise<unknown>((resolve, reject) => {
      c.once('hello', resolve);
      c.once('connect_error', reject);
    });
    expect(hello).toEqual({ epoch: market.books.epoch });
  });

  it('delivers batched tickers (newest per symbol per flush) and kline updates with increasing seq; unsubscribe stops them', async () => {
    const c = await client();
    const tickerBatches: TickerUpdate[][] = [];
    const klineBatches: KlineUpdate[][] = [];
    c.on('tickers', (b: unknown) => tickerBatches.push(decode(b)));
    c.on('kline', (b: KlineUpdate[]) => klineBatches.push(b));
    expect(await call(c, 'subscribe', { channels: ['tickers', 'kline:BTC/USDT:1min'] })).toEqual({ ok: true });

    const t0 = Date.now();
    for (let i = 0; i < 50; i++) feed().push(i % 2 ? 'BTC/USDT' : 'ETH/USDT', String(100 + i), '1', t0 + i);
    await sleep(150);
    for (let i = 50; i < 100; i++) feed().push(i % 2 ? 'BTC/USDT' : 'ETH/USDT', String(100 + i), '1', t0 + i);
    // the last flush has arrived (waited for: a loaded machine may flush late, never differently)
    await vi.waitFor(
      () => {
        expect(
          tickerBatches
            .flat()
            .filter((t) => t.symbol === 'BTC/USDT')
            .at(-1)?.last,
        ).toBe('199');
        expect(klineBatches.flat().at(-1)?.candle.close).toBe('199');
      },
      { timeout: 10_000, interval: 10 },
    );

    // Batched: far fewer emits than ticks, at most one update per symbol per batch, seq rising.
    const live = tickerBatches.slice(1); // the first batch is the subscribe snapshot
    expect(tickerBatches.length).toBeLessThan(20);
    for (const b of live) expect(new Set(b.map((t) => t.symbol)).size).toBe(b.length);
    for (const sym of ['BTC/USDT', 'ETH/USDT']) {
      const seqs = live
        .flat()
        .filter((t) => t.symbol === sym)
        .map((t) => t.seq);
      expect(seqs.length).toBeGreaterThan(0);
      expect(seqs.length).toBeLessThan(50);
      for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBeGreaterThan(seqs[i - 1]);
    }
    const last = live
      .flat()
      .filter((t) => t.symbol === 'BTC/USDT')
      .pop()!;
    expect(last).toMatchObject({ last: '199', ts: t0 + 99 });

    const kl = klineBatches.flat();
    expect(kl.length).toBeGreaterThan(0);
    expect(kl.length).toBeLessThan(10); // latest per series per flush, not per tick
    expect(kl.every((k) => k.symbol === 'BTC/USDT' && k.period === '1min')).toBe(true);
    for (let i = 1; i < kl.length; i++) expect(kl[i].seq).toBeGreaterThanOrEqual(kl[i - 1].seq);
    expect(kl[kl.length - 1].candle.close).toBe('199');

    expect(await call(c, 'unsubscribe', { channels: ['tickers', 'kline:BTC/USDT:1min'] })).toEqual({ ok: true });
    const before = tickerBatches.length + klineBatches.length;
    for (let i = 0; i < 10; i++) feed().push('BTC/USDT', '300', '1');
    await sleep(120);
    expect(tickerBatches.length + klineBatches.length).toBe(before);
  });

  it('sends tickers as [symbol, seq, ts, last, open, high, low, volume] arrays with exact decimal strings', async () => {
    const c = await client();
    const raw: unknown[] = [];
    c.on('tickers', (b: unknown) => raw.push(b));
    expect(await call(c, 'subscribe', { channels: ['tickers'] })).toEqual({ ok: true });
    const ts = Date.now();
    feed().push('LTC/USDT', '84.1250', '2.5', ts);
    await vi.waitFor(() => expect((raw.flat() as unknown[][]).some((r) => r[0] === 'LTC/USDT')).toBe(true), {
      timeout: 10_000,
      interval: 10,
    });
    const rows = raw.flat() as unknown[][];
    const ltc = rows.filter((r) => r[0] === 'LTC/USDT').pop();
    expect(ltc).toHaveLength(8);
    const ticker = market.tickers().find((t) => t.symbol === 'LTC/USDT')!;
    expect(ltc).toEqual([
      ticker.symbol,
      ticker.seq,
      ts,
      '84.1250',
      ticker.open,
      ticker.high,
      ticker.low,
      ticker.volume,
    ]);
    for (const i of [3, 4, 5, 6, 7]) expect(typeof ltc![i]).toBe('string');
    await call(c, 'unsubscribe', { channels: ['tickers'] });
  });

  it('encodes a tickers batch once for the room, however many sockets it reaches', async () => {
    const members = await Promise.all([client(), client(), client()]);
    const got = members.map(() => [] as TickerUpdate[]);
    members.forEach((c, i) => c.on('tickers', (b: unknown) => got[i].push(...decode(b))));
    for (const c of members) expect(await call(c, 'subscribe', { channels: ['tickers'] })).toEqual({ ok: true });
    const encode = vi.spyOn(io.encoder, 'encode');
    try {
      feed().push('LTC/USDT', '85.5000', '3');
      await vi.waitFor(
        () => {
          for (const g of got) expect(g.at(-1)).toMatchObject({ symbol: 'LTC/USDT', last: '85.5000' });
        },
        { timeout: 10_000, interval: 10 },
      );
      const tickerPackets = encode.mock.calls.filter(([p]) => (p.data as unknown[])[0] === 'tickers');
      expect(tickerPackets).toHaveLength(1);
      for (const g of got) expect(g.at(-1)).toMatchObject({ symbol: 'LTC/USDT', last: '85.5000' });
    } finally {
      encode.mockRestore();
    }
    for (const c of members) await call(c, 'unsubscribe', { channels: ['tickers'] });
  });

  it('tickers:<symbol> delivers only that symbol, starting with its current state', async () => {
    feed().push('DOGE/USDT', '0.1500', '10');
    feed().push('XRP/USDT', '0.5000', '10');
    await sleep(60);
    const c = await client();
    const got: TickerUpdate[][] = [];
    c.on('tickers', (b: unknown) => got.push(decode(b)));
    expect(await call(c, 'subscribe', { channels: ['tickers:DOGE/USDT'] })).toEqual({ ok: true });
    await vi.waitFor(
      () => expect(got.flat().map((t) => [t.symbol, t.last])).toEqual([['DOGE/USDT', '0.1500']]), // the snapshot
      { timeout: 10_000, interval: 10 },
    );
    for (let i = 0; i < 20; i++) feed().push(i % 2 ? 'DOGE/USDT' : 'XRP/USDT', String(0.2 + i / 100), '1');
    await vi.waitFor(() => expect(got.flat().at(-1)?.last).toBe('0.39'), { timeout: 10_000, interval: 10 });
    const all = got.flat();
    expect(all.every((t) => t.symbol === 'DOGE/USDT')).toBe(true);
    expect(all.length).toBeLessThan(11); // newest per flush
    expect(all.at(-1)?.last).toBe('0.39');
    expect(await call(c, 'unsubscribe', { channels: ['tickers:DOGE/USDT'] })).toEqual({ ok: true });
    const n = got.length;
    feed().push('DOGE/USDT', '0.5', '1');
    await sleep(80);
    expect(got.length).toBe(n);
    expect((await call(c, 'subscribe', { channels: ['tickers:NOPE/USDT'] })).ok).toBe(false);
  });

  it('sends trade prints on trades:<symbol>: price, qty, taker side, time and seq', async () => {
    const c = await client();
    const got: TradePrint[] = [];
    c.on('trades', (b: TradePrint[]) => got.push(...b));
    expect(await call(c, 'subscribe', { channels: ['trades:SOL/USDT'] })).toEqual({ ok: true });
    feed().pushMany([
      { symbol: 'SOL/USDT', price: '150.01', qty: '2', ts: 1000, side: 'buy' },
      { symbol: 'SOL/USDT', price: '150.02', qty: '3', ts: 1001, side: 'sell' },
      { symbol: 'BTC/USDT', price: '1' },
    ]);
    market.books.userTrade('SOL/USDT', '150.03', '0.5', 'buy');
    await vi.waitFor(() => expect(got).toHaveLength(3), { timeout: 10_000, interval: 10 });
    const epoch = market.books.epoch;
    expect(got.map(({ ts: _ts, ...t }) => t)).toEqual([
      { symbol: 'SOL/USDT', epoch, seq: 1, price: '150.01', qty: '2', side: 'buy' },
      { symbol: 'SOL/USDT', epoch, seq: 2, price: '150.02', qty: '3', side: 'sell' },
      { symbol: 'SOL/USDT', epoch, seq: 3, price: '150.03', qty: '0.5', side: 'buy' },
    ]);
    expect(got[0].ts).toBe(1000);
  });

  it('depth:<symbol> sends a snapshot, then diffs that keep a LocalBook equal to the server book', async () => {
    const c = await client();
    const local = new LocalBook('ETH/USDT');
    const kinds: string[] = [];
    c.on('depth', (msgs: DepthMessage[]) => {
      for (const m of msgs) {
        kinds.push(m.kind);
        if (m.kind === 'snapshot') local.applySnapshot(m);
        else expect(local.applyDiff(m)).not.toBe('resync');
      }
    });
    feed().setBook('ETH/USDT', {
      bids: [
        ['2999.5', '1.2'],
        ['2999', '3'],
      ],
      asks: [
        ['3000.5', '0.7'],
        ['3001', '2.50'],
      ],
    });
    expect(await call(c, 'subscribe', { channels: ['depth:ETH/USDT'] })).toEqual({ ok: true });
    await vi.waitFor(() => expect(kinds).toEqual(['snapshot']), { timeout: 10_000, interval: 10 });
    expect(bookOf(local)).toEqual({
      bids: [
        ['2999.5', '1.2'],
        ['2999', '3'],
      ],
      asks: [
        ['3000.5', '0.7'],
        ['3001', '2.5'],
      ],
    });
    // the venue re-quotes, a user's resting order joins a level and opens a new one
    feed().setBook('ETH/USDT', {
      bids: [['2999', '4']],
      asks: [
        ['3000', '1'],
        ['3001', '2.5'],
      ],
    });
    const b = market.books.book('ETH/USDT');
    b.rest({ id: 1, userId: 9, side: 'buy', price: '2999', remaining: '0.5' });
    b.rest({ id: 2, userId: 9, side: 'buy', price: '2998.1', remaining: '2' });
    await vi.waitFor(
      () => {
        expect(kinds[1]).toBe('diff');
        expect(local.seq).toBe(b.snapshot().seq);
      },
      { timeout: 10_000, interval: 10 },
    );
    expect(kinds[1]).toBe('diff');
    const server = b.snapshot();
    expect(local.seq).toBe(server.seq);
    expect(bookOf(local)).toEqual({ bids: server.bids, asks: server.asks });
    expect(server.bids).toEqual([
      ['2999', '4.5'],
      ['2998.1', '2'],
    ]);
    b.remove(1);
    b.remove(2);
  });

  it('leaving and rejoining depth:<symbol> back to back (the worker’s resnapshot after a gap) brings a fresh snapshot', async () => {
    const c = await client();
    const msgs: DepthMessage[] = [];
    c.on('depth', (m: DepthMessage[]) => msgs.push(...m));
    feed().setBook('SOL/USDT', { bids: [['150', '1']], asks: [['151', '1']] });
    expect(await call(c, 'subscribe', { channels: ['depth:SOL/USDT'] })).toEqual({ ok: true });
    await vi.waitFor(() => expect(msgs.map((m) => m.kind)).toEqual(['snapshot']), { timeout: 10_000, interval: 10 });
    feed().setBook('SOL/USDT', { bids: [['150', '2']], asks: [['151', '1']] });
    await vi.waitFor(() => expect(msgs.length).toBeGreaterThan(1), { timeout: 10_000, interval: 10 });
    // the worker emits both without waiting for an answer
    c.emit('unsubscribe', { channels: ['depth:SOL/USDT'] });
    expect(await call(c, 'subscribe', { channels: ['depth:SOL/USDT'] })).toEqual({ ok: true });
    await vi.waitFor(() => expect(msgs.filter((m) => m.kind === 'snapshot')).toHaveLength(2), {
      timeout: 10_000,
      interval: 10,
    });
    const snaps = msgs.filter((m) => m.kind === 'snapshot');
    expect(snaps).toHaveLength(2);
    const server = market.books.book('SOL/USDT').snapshot();
    expect(snaps[1]).toMatchObject({ seq: server.seq, bids: [['150', '2']] });
    expect(snaps[1].seq).toBeGreaterThan(snaps[0].seq);
  });

  it('validates channels', async () => {
    const c = await client();
    for (const bad of [
      { channels: ['kline:BTC/USDT:2min'] },
      { channels: ['depth:NOPE/USDT'] },
      { channels: ['user:7'] },
      { channels: 'tickers' },
      null,
    ]) {
      expect((await call(c, 'subscribe', bad)).ok).toBe(false);
    }
    expect(await call(c, 'subscribe', { channels: ['depth:BTC/USDT'] })).toEqual({ ok: true });
  });

  it('auth joins the private room; emitToUser reaches only that user', async () => {
    const a = await client();
    const b = await client();
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    a.on('notice', (p: unknown) => gotA.push(p));
    b.on('notice', (p: unknown) => gotB.push(p));
    expect(await call(a, 'auth', { token: 'good-token' })).toEqual({ ok: true });
    expect(await call(b, 'auth', { token: 'bad-token' })).toEqual({ ok: false, error: 'session_invalid' });
    market.emitToUser(7, 'notice', { hello: 1 });
    await vi.waitFor(() => expect(gotA).toEqual([{ hello: 1 }]), { timeout: 10_000, interval: 10 });
    await sleep(80); // and nothing for b (an absence: waited a moment)
    expect(gotB).toEqual([]);
    expect(await call(a, 'auth', { token: '' })).toEqual({ ok: true }); // logout leaves the room
    market.emitToUser(7, 'notice', { hello: 2 });
    await sleep(80);
    expect(gotA).toHaveLength(1);
  });
});
