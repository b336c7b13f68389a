/**
 * Users' resting orders in the book of a node that does not lead, on a real Redis: the
 * leader's orders show in the depth the other node publishes to its clients, merged with the venue
 * levels, and leave it on cancel; a deposed leader's late message changes nothing; a node that
 * missed everything is whole after the next full message; a standby publishes nothing.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DepthMessage } from '../../core/types/book';
import { BookService } from '../market/books/service';
import type { VenueBook } from '../market/feed/types';
import { eventually } from '../testing/jobs-kit';
import { FULL_MS, publishResting, RestingMirror, restingChannel, type MirrorMessage } from './resting-mirror';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SYMBOL = 'BTC/USDT';
const venue: VenueBook = {
  symbol: SYMBOL,
  version: 1,
  bids: [{ price: '100', qty: '2' }],
  asks: [{ price: '101', qty: '3' }],
};
const feed = { book: (s: string) => (s === SYMBOL ? venue : undefined) };

/** A leadership the test drives: leading with a token, or not. */
function fakeLeadership() {
  const gains: (() => void)[] = [];
  const state = { token: undefined as number | undefined };
  return {
    state,
    isLeader: () => state.token !== undefined,
    token: () => state.token,
    onGain: (fn: () => void) => void gains.push(fn),
    lead(token: number | undefined) {
      state.token = token;
      if (token !== undefined) for (const g of gains) g();
    },
  };
}

/** The depth an api node's client sees: the node's book published, folded like the app's worker does. */
function clientBook(books: BookService) {
  const bids = new Map<string, string>();
  const asks = new Map<string, string>();
  books.setEmitter((_room, _event, payload) => {
    for (const m of payload as DepthMessage[]) {
      for (const [p, q] of m.bids)
        if (q === '0') bids.delete(p);
        else bids.set(p, q);
      for (const [p, q] of m.asks)
        if (q === '0') asks.delete(p);
        else asks.set(p, q);
    }
  });
  books.watch('depth', SYMBOL, true);
  const snap = books.depthSnapshot(SYMBOL);
  for (const [p, q] of snap.bids) bids.set(p, q);
  for (const [p, q] of snap.asks) asks.set(p, q);
  return { bids, asks, flush: () => books.flush() };
}

let redis: Redis;
const channel = restingChannel(`mirror-test-${randomBytes(4).toString('hex')}`);
const log = { error: (obj: object, msg?: string) => console.error(msg, obj) };

beforeAll(() => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
});
afterAll(() => redis.disconnect());

it("a resting order on the leader shows in another node's depth (merged with the venue's) and leaves it on cancel; a deposed leader's late message is refused", async () => {
  const leaderBooks = new BookService({ feed, now: Date.now });
  const lead = fakeLeadership();
  const unpublish = publishResting(leaderBooks, redis, channel, lead, log);
  const apiBooks = new BookService({ feed, now: Date.now });
  const mirror = new RestingMirror(
    redis,
    channel,
    apiBooks,
    () => false,
    (err) => console.error(err),
  );
  await mirror.start();
  const client = clientBook(apiBooks);
  const seen = async (side: 'bids' | 'asks', price: string, qty: string | undefined) => {
    client.flush();
    return client[side].get(price) === qty;
  };
  try {
    lead.lead(7);
    // two orders at 99, one at the venue's 100, one sell at 105
    leaderBooks.book(SYMBOL).rest({ id: 1, userId: 1, side: 'buy', price: '99', remaining: '0.5' });
    leaderBooks.book(SYMBOL).rest({ id: 2, userId: 2, side: 'buy', price: '99.0', remaining: '0.25' });
    leaderBooks.book(SYMBOL).rest({ id: 3, userId: 1, side: 'buy', price: '100', remaining: '1' });
    leaderBooks.book(SYMBOL).rest({ id: 4, userId: 3, side: 'sell', price: '105', remaining: '4' });
    await eventually(
      async () =>
        (await seen('bids', '99', '0.75')) && (await seen('bids', '100', '3')) && (await seen('asks', '105', '4')),
    );
    expect(client.asks.get('101')).toBe('3');

    // a partial fill and a cancel: the levels follow
    leaderBooks.book(SYMBOL).setRemaining(1, '0.1');
    leaderBooks.book(SYMBOL).remove(3);
    await eventually(async () => (await seen('bids', '99', '0.35')) && (await seen('bids', '100', '2')));
    leaderBooks.book(SYMBOL).remove(1);
    leaderBooks.book(SYMBOL).remove(2);
    leaderBooks.book(SYMBOL).remove(4);
    await eventually(async () => (await seen('bids', '99', undefined)) && (await seen('asks', '105', undefined)));

    // a new leader (token 8) rests an order; then the old one (token 7), resumed, says otherwise
    leaderBooks.book(SYMBOL).rest({ id: 5, userId: 1, side: 'buy', price: '98', remaining: '1' });
    lead.lead(8);
    await eventually(async () => seen('bids', '98', '1'));
    const late: MirrorMessage = { token: 7, full: true, books: [{ symbol: SYMBOL, bids: [['97', '9']], asks: [] }] };
    await redis.publish(channel, JSON.stringify(late));
    await new Promise((r) => setTimeout(r, 300));
    expect(await seen('bids', '97', undefined)).toBe(true);
    expect(await seen('bids', '98', '1')).toBe(true);
    expect(mirror.token).toBe(8);

    // a node that joins now (it missed every change) has the levels within a full period
    const lateBooks = new BookService({ feed, now: Date.now });
    const lateMirror = new RestingMirror(
      redis,
      channel,
      lateBooks,
      () => false,
      (err) => console.error(err),
    );
    await lateMirror.start();
    try {
      const lateClient = clientBook(lateBooks);
      await eventually(async () => {
        lateClient.flush();
        return lateClient.bids.get('98') === '1';
      }, FULL_MS * 3);
    } finally {
      lateMirror.stop();
    }

    // leadership lost: nothing more is published, the mirror keeps the last levels
    lead.lead(undefined);
    leaderBooks.book(SYMBOL).remove(5);
    await new Promise((r) => setTimeout(r, FULL_MS + 300));
    expect(await seen('bids', '98', '1')).toBe(true);
  } finally {
    unpublish();
    mirror.stop();
  }
}, 30_000);

it('a node that leads ignores the mirror: its own orders are its book', () => {
  const books = new BookService({ feed, now: Date.now });
  const mirror = new RestingMirror(
    redis,
    channel,
    books,
    () => true,
    (err) => console.error(err),
  );
  mirror.receive(
    JSON.stringify({
      token: 1,
      full: true,
      books: [{ symbol: SYMBOL, bids: [['99', '1']], asks: [] }],
    } satisfies MirrorMessage),
  );
  mirror.stop();
  books.watch('depth', SYMBOL, true);
  books.flush();
  expect(books.depthSnapshot(SYMBOL).bids).toEqual([['100', '2']]);
});
