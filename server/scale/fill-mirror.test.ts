/**
 * Users' fills on every api node, on a real Redis: the leader (an engine, no api) and two
 * api nodes, A and B, each with its own book service and relayed venue book; a client of each node
 * folds the node's `trades:<symbol>` and `depth:<symbol>` exactly as the app's worker does (core's
 * TradeRing and LocalBook). A user's fill (placed through B, run on the leader) is printed once in
 * both clients' streams, numbered on from the node's venue prints; the venue liquidity it took is
 * shown taken on A until the venue re-quotes (also when A's relay is a version behind the leader's);
 * a deposed leader's fills change nothing; a node does not replay its own fills.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LocalBook, SOCKET_EVENTS, TradeRing, type DepthMessage, type TradePrint } from '../../core';
import { BookService } from '../market/books/service';
import type { VenueBook } from '../market/feed/types';
import { eventually } from '../testing/jobs-kit';
import { publishResting, RestingMirror, restingChannel, type MirrorMessage } from './resting-mirror';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SYMBOL = 'BTC/USDT';
const quote = (version: number): VenueBook => ({
  symbol: SYMBOL,
  version,
  bids: [{ price: '100', qty: '2' }],
  asks: [
    { price: '101', qty: '3' },
    { price: '102', qty: '5' },
  ],
});

/** One node: its book service on its own relay of the venue book (a version can lag another node's). */
function node(epoch: number) {
  const relay = { venue: quote(1) };
  const books = new BookService({
    feed: { book: (s: string) => (s === SYMBOL ? relay.venue : undefined) },
    now: Date.now,
    epoch,
  });
  return { relay, books };
}

/** A client of one node: every print and depth message, folded as the worker folds them. */
function client(books: BookService) {
  const local = new LocalBook(SYMBOL);
  const ring = new TradeRing(100);
  const prints: TradePrint[] = [];
  const refused: TradePrint[] = [];
  books.watch('trades', SYMBOL, true);
  books.watch('depth', SYMBOL, true);
  // joining: what was pending goes to the room first, then the snapshot (server/market/socket.ts)
  books.flushDepth(SYMBOL);
  expect(local.applySnapshot(books.depthSnapshot(SYMBOL))).toBe('applied');
  books.setEmitter((_room, event, payload) => {
    if (event === SOCKET_EVENTS.trades)
      for (const t of payload as TradePrint[]) (ring.push(t) ? prints : refused).push(t);
    if (event === SOCKET_EVENTS.depth)
      for (const m of payload as DepthMessage[]) if (m.kind === 'diff') expect(local.applyDiff(m)).toBe('applied');
  });
  const ask = (price: string) => {
    books.flush();
    for (let i = 0; local.asks.at(i); i++) if (local.asks.at(i)?.price === price) return local.asks.at(i)?.qty;
    return undefined;
  };
  return { prints, refused, ask, flush: () => books.flush() };
}

/** A leadership the test drives. */
function fakeLeadership() {
  const gains: (() => void)[] = [];
  const state = { token: undefined as number | undefined };
  return {
    isLeader: () => state.token !== undefined,
    token: () => state.token,
    onGain: (fn: () => void) => void gains.push(fn),
    lead(token: number) {
      state.token = token;
      for (const g of gains) g();
    },
  };
}

let redis: Redis;
const log = { error: (obj: object, msg?: string) => console.error(msg, obj) };
const onError = (err: unknown) => console.error(err);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(() => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
});
afterAll(() => redis.disconnect());

it("a user's fill is printed once on every api node, after the node's own prints; the venue liquidity it took shows taken until the re-quote; a deposed leader's fills are dropped", async () => {
  const channel = restingChannel(`fills-test-${randomBytes(4).toString('hex')}`);
  const leader = node(1_000);
  const a = node(2_000);
  const b = node(3_000);
  const lead = fakeLeadership();
  const unpublish = publishResting(leader.books, redis, channel, lead, log);
  const mirrors = [a, b].map((n) => new RestingMirror(redis, channel, n.books, () => false, onError));
  for (const m of mirrors) await m.start();
  const ca = client(a.books);
  const cb = client(b.books);
  try {
    lead.lead(7);
    expect(ca.ask('101')).toBe('3');
    // each node has printed a venue trade of its own already (the feed's ticks)
    for (const n of [a, b])
      n.books.onTicks([{ symbol: SYMBOL, seq: 1, ts: Date.now(), price: '100.5', qty: '0.2', side: 'sell' }]);

    // the user's market buy of 1.5 (through B, forwarded): it took 1.5 of the venue's 101 — what
    // the leader's post-commit code does (applyFills, publishFills in areas/trade/domain/matching)
    leader.books.book(SYMBOL).consume('ask', '101', '1.5');
    leader.books.userTrade(SYMBOL, '101', '1.5', 'buy');
    await eventually(async () => {
      ca.flush();
      cb.flush();
      return ca.prints.length === 2 && cb.prints.length === 2;
    });
    for (const c of [ca, cb]) {
      expect(c.prints.map((t) => [t.seq, t.price, t.qty, t.side])).toEqual([
        [1, '100.5', '0.2', 'sell'],
        [2, '101', '1.5', 'buy'],
      ]);
      expect(c.refused).toEqual([]);
    }
    // the api node shows the venue's 101 with 1.5 taken, as the leader's own book does
    expect(ca.ask('101')).toBe('1.5');
    expect(ca.ask('102')).toBe('5');
    expect(leader.books.book(SYMBOL).venue('ask')[0]).toEqual({ price: '101', qty: '1.5' });
    // … until the venue re-quotes (the next version of its book: the whole level again)
    a.relay.venue = quote(2);
    expect(ca.ask('101')).toBe('3');

    // A's relay is a version behind the leader's: the hold waits for that version, then shows
    leader.relay.venue = quote(3);
    b.relay.venue = quote(3);
    leader.books.book(SYMBOL).consume('ask', '101', '3');
    leader.books.book(SYMBOL).consume('ask', '102', '0.5');
    leader.books.userTrade(SYMBOL, '101', '3', 'buy');
    leader.books.userTrade(SYMBOL, '102', '0.5', 'buy');
    await eventually(async () => {
      ca.flush();
      return ca.prints.length === 4;
    });
    expect(ca.prints.slice(2).map((t) => [t.seq, t.price, t.qty])).toEqual([
      [3, '101', '3'],
      [4, '102', '0.5'],
    ]);
    expect(ca.ask('101')).toBe('3');
    a.relay.venue = quote(3);
    expect(ca.ask('101')).toBe(undefined);
    expect(ca.ask('102')).toBe('4.5');
    await eventually(async () => cb.ask('102') === '4.5');
    // a take at a version A never relays (its next is a later one): nothing held after the re-quote
    leader.relay.venue = quote(4);
    leader.books.book(SYMBOL).consume('ask', '101', '1');
    leader.books.userTrade(SYMBOL, '101', '1', 'buy');
    await eventually(async () => {
      ca.flush();
      return ca.prints.length === 5;
    });
    a.relay.venue = quote(5);
    expect(ca.ask('101')).toBe('3');

    // a new leader (token 8) speaks; the old one (token 7), resumed, then reports a fill and a take
    lead.lead(8);
    await eventually(async () => mirrors.every((m) => m.token === 8));
    const late: MirrorMessage = {
      token: 7,
      full: false,
      books: [],
      from: 999,
      fills: [{ symbol: SYMBOL, prints: [['101', '2', 'buy', Date.now()]], consumed: [[5, 'ask', '101', '2']] }],
    };
    await redis.publish(channel, JSON.stringify(late));
    await sleep(300);
    ca.flush();
    cb.flush();
    expect(ca.prints.length).toBe(5);
    expect(cb.prints.length).toBe(5);
    expect(ca.ask('101')).toBe('3');
  } finally {
    unpublish();
    for (const m of mirrors) m.stop();
  }
}, 30_000);

it('a node does not replay its own fills (it printed them), even when it no longer leads', () => {
  const n = node(4_000);
  const c = client(n.books);
  const mirror = new RestingMirror(redis, 'unused', n.books, () => false, onError);
  try {
    n.books.book(SYMBOL).consume('ask', '101', '1');
    n.books.userTrade(SYMBOL, '101', '1', 'buy');
    const own: MirrorMessage = {
      token: 3,
      full: false,
      books: [],
      from: 4_000,
      fills: [{ symbol: SYMBOL, prints: [['101', '1', 'buy', Date.now()]], consumed: [[1, 'ask', '101', '1']] }],
    };
    mirror.receive(JSON.stringify(own));
    c.flush();
    expect(c.prints.map((t) => [t.seq, t.qty])).toEqual([[1, '1']]);
    expect(c.ask('101')).toBe('2');
    // the same message from another node's book service is applied
    mirror.receive(JSON.stringify({ ...own, from: 5_000 }));
    c.flush();
    expect(c.prints.map((t) => [t.seq, t.qty])).toEqual([
      [1, '1'],
      [2, '1'],
    ]);
    expect(c.ask('101')).toBe('1');
  } finally {
    mirror.stop();
  }
});
