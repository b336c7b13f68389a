import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BookSide, BookSource, depthRows, type DepthDiff, type DepthSnapshot, type TradePrint } from '../../core';
import { historyArb, runServer } from '../../core/book/feed.fixture';
import type { BookSnapshot, BookView, Snapshot } from '../api-types';
import { MarketEngine } from '../engine';
import { FakeClock } from '../clock.fixture';
import { FakeSocket } from '../socket.fixture';

const SYM = 'BTC/USDT';
const flushMicro = () => new Promise((r) => setTimeout(r, 0));
const snapMsg = (s: DepthSnapshot) => ({ kind: 'snapshot' as const, ...s });
const diffMsg = (d: DepthDiff) => ({ kind: 'diff' as const, ...d });

async function setup(view: BookView) {
  const clock = new FakeClock();
  const socket = new FakeSocket();
  const engine = new MarketEngine({ openSocket: () => socket, clock, fetchHistory: () => new Promise(() => {}) });
  await engine.start({ origin: 'o', apiBase: '/api', throttleMs: 100 });
  socket.serverConnect();
  const pushes: { at: number; book: BookSnapshot }[] = [];
  const id = engine.watch({ symbols: [], book: view }, (s: Snapshot) => {
    if (s.book) pushes.push({ at: clock.now(), book: s.book });
  });
  /** let the throttle flush and the main thread "take" the snapshot */
  const settle = async (ms = 100) => {
    clock.advance(ms);
    await flushMicro();
  };
  return { clock, socket, engine, pushes, id, settle };
}

/** What the server's own book shows grouped the way the view asked. */
function serverRows(s: DepthSnapshot, rows: number, step?: string) {
  const bids = new BookSide('bid');
  const asks = new BookSide('ask');
  bids.load(s.bids);
  asks.load(s.asks);
  return { bids: depthRows(bids, 'bid', rows, step), asks: depthRows(asks, 'ask', rows, step) };
}

const depthResubscribes = (socket: FakeSocket) =>
  socket.channels('subscribe').filter((c) => c === `depth:${SYM}`).length;

describe('worker order books', () => {
  it('subscribes depth and trades while a view shows the book, and unsubscribes when none does', async () => {
    const { socket, engine, id } = await setup({ symbol: SYM, rows: 5 });
    expect(new Set(socket.subs())).toEqual(new Set([`depth:${SYM}`, `trades:${SYM}`]));
    const other = engine.watch({ symbols: [], book: { symbol: SYM, step: '10', rows: 3 } }, () => {});
    engine.unwatch(id);
    expect(socket.channels('unsubscribe')).toEqual([]); // the other view still shows it
    engine.unwatch(other);
    expect(new Set(socket.channels('unsubscribe'))).toEqual(new Set([`depth:${SYM}`, `trades:${SYM}`]));
  });

  it('snapshot + diffs (some arriving before the snapshot) give the server’s grouped top rows, for any history and step', async () => {
    await fc.assert(
      fc.asyncProperty(
        historyArb,
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.constantFrom(undefined, '0.1', '1', '10'),
        fc.integer({ min: 1, max: 8 }),
        async (batches, sRaw, earlyRaw, lateRaw, step, rows) => {
          const { diffs, snaps } = runServer(batches);
          const { socket, pushes, settle } = await setup({ symbol: SYM, step, rows });
          const S = sRaw % snaps.length;
          // Diffs early…cut reach us while the snapshot (seq S) loads: it covers those up to S, the rest are buffered.
          const early = earlyRaw % (S + 1);
          const cut = S + (lateRaw % (diffs.length - S + 1));
          socket.fire('depth', diffs.slice(early, cut).map(diffMsg));
          socket.fire('depth', [snapMsg(snaps[S])]);
          for (const d of diffs.slice(cut)) socket.fire('depth', [diffMsg(d)]);
          await settle(200);
          const last = snaps.at(-1) as DepthSnapshot;
          const book = pushes.at(-1)?.book;
          expect(book?.synced).toBe(true);
          expect({ bids: book?.bids, asks: book?.asks }).toEqual(serverRows(last, rows, step));
          expect(book?.bestBid).toBe(last.bids[0]?.[0] ?? null);
          expect(book?.bestAsk).toBe(last.asks[0]?.[0] ?? null);
          expect(depthResubscribes(socket)).toBe(1); // only the first subscribe: no gap here
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a gap asks for exactly one new snapshot (leave + rejoin depth), then the rows converge', async () => {
    const src = new BookSource(SYM, 7);
    const { socket, pushes, settle } = await setup({ symbol: SYM, step: '1', rows: 3 });
    src.set('bid', '100.5', '1');
    src.set('ask', '101.2', '2');
    src.flush();
    socket.fire('depth', [snapMsg(src.snapshot())]);
    await settle();
    expect(pushes.at(-1)?.book.bids).toEqual([{ price: '100', qty: '1', total: '1' }]);
    socket.emitted = [];
    // diff seq 2 is lost on the way; 3, 4 and 5 arrive
    const lost: DepthDiff[] = [];
    for (let i = 0; i < 4; i++) {
      src.set('bid', `${99 - i}.5`, '2');
      src.set('ask', '101.2', String(3 + i));
      lost.push(src.flush() as DepthDiff);
    }
    for (const d of lost.slice(1)) socket.fire('depth', [diffMsg(d)]);
    expect(socket.emitted).toEqual([
      ['unsubscribe', { channels: [`depth:${SYM}`] }],
      ['subscribe', { channels: [`depth:${SYM}`] }],
    ]);
    await settle();
    expect(pushes.at(-1)?.book.synced).toBe(false);
    // the server answers the rejoin with its current book; a diff it already covers arrives late
    socket.fire('depth', [snapMsg(src.snapshot()), diffMsg(lost[3])]);
    src.set('bid', '100.5', '0');
    socket.fire('depth', [diffMsg(src.flush() as DepthDiff)]);
    await settle();
    expect(socket.emitted).toHaveLength(2); // still the one request
    const book = pushes.at(-1)?.book;
    expect(book?.synced).toBe(true);
    expect({ bids: book?.bids, asks: book?.asks }).toEqual(serverRows(src.snapshot(), 3, '1'));
    expect(book?.bids).toEqual([
      { price: '99', qty: '2', total: '2' },
      { price: '98', qty: '2', total: '4' },
      { price: '97', qty: '2', total: '6' },
    ]);
  });

  it('after a reconnect the re-subscription’s snapshot heals the book, with no extra request for a gap seen while down', async () => {
    const src = new BookSource(SYM, 1);
    const { socket, pushes, settle } = await setup({ symbol: SYM, rows: 2 });
    src.set('bid', '10', '1');
    src.flush();
    socket.fire('depth', [snapMsg(src.snapshot())]);
    socket.serverDrop();
    socket.emitted = [];
    src.set('bid', '10', '0');
    src.flush();
    src.set('bid', '9', '4');
    socket.fire('depth', [diffMsg(src.flush() as DepthDiff)]); // a straggler past a gap, while down
    expect(socket.emitted).toEqual([]);
    socket.serverConnect();
    expect(depthResubscribes(socket)).toBe(1);
    socket.fire('depth', [snapMsg(src.snapshot())]);
    await settle();
    expect(pushes.at(-1)?.book).toMatchObject({ synced: true, bids: [{ price: '9', qty: '4', total: '4' }] });
  });

  it('says the server time of the newest diff its rows include, and keeps it when a stale diff changes nothing', async () => {
    const src = new BookSource(SYM, 3);
    const { socket, pushes, settle } = await setup({ symbol: SYM, rows: 2 });
    src.set('bid', '10', '1');
    src.flush();
    socket.fire('depth', [snapMsg(src.snapshot())]);
    await settle();
    expect(pushes.at(-1)?.book.ts).toBe(0); // a snapshot alone: no diff time to show
    src.set('bid', '11', '2');
    const d = src.flush() as DepthDiff;
    socket.fire('depth', [{ ...diffMsg(d), ts: 1_700_000_000_123 }]);
    await settle();
    expect(pushes.at(-1)?.book).toMatchObject({
      ts: 1_700_000_000_123,
      bids: [
        { price: '11', qty: '2', total: '2' },
        { price: '10', qty: '1', total: '3' },
      ],
    });
    socket.fire('depth', [{ ...diffMsg(d), ts: 1_700_000_009_999 }]); // the same diff again: already applied
    await settle();
    expect(pushes.at(-1)?.book.ts).toBe(1_700_000_000_123);
  });

  it('pushes the book at most once per window however fast diffs and trades arrive, and not at all when nothing changed', async () => {
    const src = new BookSource(SYM, 1);
    const { socket, clock, pushes, settle } = await setup({ symbol: SYM, rows: 10 });
    src.set('bid', '10', '1');
    src.flush();
    socket.fire('depth', [snapMsg(src.snapshot())]);
    for (let i = 1; i <= 100; i++) {
      src.set('ask', `${11 + (i % 7)}`, String(i));
      socket.fire('depth', [diffMsg(src.flush() as DepthDiff)]);
      socket.fire('trades', [
        { symbol: SYM, epoch: 1, seq: i, ts: i, price: `${10 + (i % 3)}`, qty: '1', side: 'buy' } satisfies TradePrint,
      ]);
      clock.advance(10);
      await flushMicro();
    }
    const gaps = pushes.slice(1).map((p, i) => p.at - pushes[i].at);
    expect(pushes.length).toBeGreaterThanOrEqual(8);
    expect(pushes.length).toBeLessThanOrEqual(11); // 1 s at 100 ms
    for (const g of gaps) expect(g).toBeGreaterThanOrEqual(100);
    await settle(500);
    const n = pushes.length;
    await settle(1000);
    expect(pushes.length).toBe(n);
  });

  it('carries only the top N rows per side and the newest K trades, with the last price’s direction', async () => {
    const src = new BookSource(SYM, 1);
    const { socket, pushes, settle } = await setup({ symbol: SYM, rows: 2, trades: 3 });
    for (let i = 0; i < 50; i++) {
      src.set('bid', String(100 - i), '1');
      src.set('ask', String(101 + i), '1');
    }
    src.flush();
    socket.fire('depth', [snapMsg(src.snapshot())]);
    const print = (seq: number, price: string, side: 'buy' | 'sell'): TradePrint => ({
      symbol: SYM,
      epoch: 1,
      seq,
      ts: 1000 + seq,
      price,
      qty: '0.5',
      side,
    });
    socket.fire('trades', [
      print(1, '100.5', 'buy'),
      print(2, '100.7', 'buy'),
      print(3, '100.7', 'sell'),
      print(4, '100.6', 'sell'),
      print(4, '999', 'buy'),
    ]);
    await settle();
    const book = pushes.at(-1)?.book;
    expect(book?.bids).toEqual([
      { price: '100', qty: '1', total: '1' },
      { price: '99', qty: '1', total: '2' },
    ]);
    expect(book?.asks).toHaveLength(2);
    expect(book?.trades.map((t) => [t.price, t.side])).toEqual([
      ['100.6', 'sell'],
      ['100.7', 'sell'],
      ['100.7', 'buy'],
    ]);
    expect(book?.last).toEqual({ price: '100.6', dir: -1 });
  });

  it('a changed step or row count re-sends the book at once, grouped the new way; a zero step shows ungrouped levels', async () => {
    const src = new BookSource(SYM, 1);
    const { socket, engine, id, pushes, settle } = await setup({ symbol: SYM, rows: 5 });
    for (const p of ['10.01', '10.02', '10.11']) src.set('bid', p, '1');
    src.flush();
    socket.fire('depth', [snapMsg(src.snapshot())]);
    await settle();
    engine.updateView(id, { symbols: [], book: { symbol: SYM, rows: 5, step: '0.1' } });
    await settle();
    expect(pushes.at(-1)?.book.bids).toEqual([
      { price: '10.1', qty: '1', total: '1' },
      { price: '10', qty: '2', total: '3' },
    ]);
    engine.updateView(id, { symbols: [], book: { symbol: SYM, rows: 5, step: '0' } });
    await settle();
    expect(pushes.at(-1)?.book.bids.map((r) => r.price)).toEqual(['10.11', '10.02', '10.01']);
  });

  it('a depth view gets the chart’s geometry from the worker, not rows: the range centred on the mid, outlines normalised to the larger side', async () => {
    const src = new BookSource(SYM, 1);
    const { socket, pushes, settle } = await setup({ symbol: SYM, rows: 100, trades: 0, depth: true });
    for (const [p, q] of [
      ['99', '1'],
      ['98', '3'],
    ])
      src.set('bid', p, q);
    for (const [p, q] of [
      ['101', '2'],
      ['104', '2'],
    ])
      src.set('ask', p, q);
    src.flush();
    socket.fire('depth', [snapMsg(src.snapshot())]);
    await settle();
    const book = pushes.at(-1)?.book;
    expect(book?.bids).toEqual([]);
    expect(book?.asks).toEqual([]);
    const g = book?.depth;
    // mid 100; the asks reach 4 away, so the range is 96…104; totals 1, 4 (bids) and 2, 4 (asks) of 4
    expect(g && { lo: g.lo, mid: g.mid, hi: g.hi }).toEqual({ lo: 96, mid: 100, hi: 104 });
    expect([...(g?.bids ?? [])]).toEqual([3 / 8, 1 / 4, 2 / 8, 1]);
    expect([...(g?.asks ?? [])]).toEqual([5 / 8, 2 / 4, 1, 1]);
  });

  it('depth geometry stays inside the chart for any book: x in 0…1 moving away from the mid, y rising to 1 on the larger side', async () => {
    const level = fc.tuple(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 1000 }));
    await fc.assert(
      fc.asyncProperty(
        fc.array(level, { minLength: 1, maxLength: 30 }),
        fc.array(level, { minLength: 1, maxLength: 30 }),
        async (bidLv, askLv) => {
          const src = new BookSource(SYM, 1);
          const { socket, pushes, settle } = await setup({ symbol: SYM, rows: 100, trades: 0, depth: true });
          // prices in cents, written exactly: bids 0.01…100.00, asks above 100.00
          const cents = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
          for (const [p, q] of bidLv) src.set('bid', cents(p), String(q));
          for (const [p, q] of askLv) src.set('ask', cents(10_000 + p), String(q));
          src.flush();
          socket.fire('depth', [snapMsg(src.snapshot())]);
          await settle();
          const g = pushes.at(-1)?.book.depth;
          expect(g).toBeTruthy();
          if (!g) return;
          const check = (pts: Float64Array, away: 1 | -1) => {
            for (let i = 0; i < pts.length; i += 2) {
              expect(pts[i]).toBeGreaterThanOrEqual(0);
              expect(pts[i]).toBeLessThanOrEqual(1);
              expect(pts[i + 1]).toBeGreaterThan(0);
              expect(pts[i + 1]).toBeLessThanOrEqual(1);
              if (i > 0) {
                expect(Math.sign(pts[i] - pts[i - 2])).toBe(away);
                expect(pts[i + 1]).toBeGreaterThan(pts[i - 1]);
              }
            }
            return pts[pts.length - 1];
          };
          expect(Math.max(check(g.bids, -1), check(g.asks, 1))).toBe(1);
          expect(g.lo).toBeLessThan(g.mid);
          expect(g.hi).toBeGreaterThan(g.mid);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('a reconnect that lands on another api node (a lower stream epoch) shows that node’s book and trades, not the old node’s frozen', async () => {
    const { socket, pushes, settle } = await setup({ symbol: SYM, rows: 2, trades: 5 });
    const node = (epoch: number, bid: string) => {
      const src = new BookSource(SYM, epoch);
      src.set('bid', bid, '1');
      src.set('ask', '200', '1');
      src.flush();
      return src;
    };
    const print = (epoch: number, seq: number, price: string): TradePrint => ({
      symbol: SYM,
      epoch,
      seq,
      ts: seq,
      price,
      qty: '1',
      side: 'buy',
    });
    socket.fire('hello', { epoch: 2000 });
    socket.fire('depth', [snapMsg(node(2000, '100').snapshot())]);
    socket.fire('trades', [print(2000, 7, '100.5')]);
    await settle();
    expect(pushes.at(-1)?.book.bids[0]?.price).toBe('100');
    // api B went away; the load balancer sends the reconnect to api A, started earlier
    socket.serverDrop();
    socket.serverConnect();
    socket.fire('hello', { epoch: 1000 });
    const a = node(1000, '99');
    socket.fire('depth', [snapMsg(a.snapshot())]);
    socket.fire('trades', [print(1000, 3, '99.5')]);
    a.set('bid', '98', '2');
    socket.fire('depth', [diffMsg(a.flush()!)]);
    await settle();
    const book = pushes.at(-1)?.book;
    expect(book?.synced).toBe(true);
    expect(book?.bids.map((r) => r.price)).toEqual(['99', '98']);
    expect(book?.trades.map((t) => t.price)).toEqual(['99.5']);
  });
});
