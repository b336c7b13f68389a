import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LocalBook, type DiffResult, type SnapshotResult } from './local-book';
import { bookOf, historyArb, runServer } from './feed.fixture';
import type { DepthDiff, DepthSnapshot } from '../types/book';

type Delivery = { kind: 'diff'; d: DepthDiff } | { kind: 'snap'; s: DepthSnapshot };

function deliver(book: LocalBook, x: Delivery): DiffResult | SnapshotResult {
  return x.kind === 'diff' ? book.applyDiff(x.d) : book.applySnapshot(x.s);
}

describe('LocalBook: snapshot + diffs', () => {
  it('in-order diffs with the snapshot at any point (early, late, before the first diff it needs) and duplicates give the server book, no resync', () => {
    fc.assert(
      fc.property(
        historyArb,
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 10 }),
        (batches, sRaw, kRaw, posRaw, dups) => {
          const { diffs, snaps } = runServer(batches);
          const S = sRaw % snaps.length; // snapshot at seq S covers diffs[0..S)
          const k = kRaw % (S + 1); // the subscription's first diff: anything before S+1 may be missing
          const stream: Delivery[] = diffs.slice(k).map((d) => ({ kind: 'diff', d }));
          stream.splice(posRaw % (stream.length + 1), 0, { kind: 'snap', s: snaps[S] });
          for (const [a, b] of dups) {
            if (stream.length === 0) break;
            const i = a % stream.length;
            stream.splice(i + 1 + (b % (stream.length - i)), 0, stream[i]); // re-delivered later
          }
          const book = new LocalBook('BTC/USDT');
          const results = stream.map((x) => deliver(book, x));
          expect(results).not.toContain('resync');
          expect(book.status).toBe('live');
          expect(book.seq).toBe(diffs.length);
          expect(bookOf(book)).toEqual({ bids: snaps.at(-1)?.bids, asks: snaps.at(-1)?.asks });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('in ANY arrival order with duplicates: reorders before the snapshot are absorbed, later ones cost at most one resync; then the server book', () => {
    fc.assert(
      fc.property(
        historyArb,
        fc.nat(),
        fc.array(fc.nat(), { maxLength: 60 }),
        fc.nat(),
        (batches, sRaw, keys, serveRaw) => {
          const { diffs, snaps } = runServer(batches);
          const S = sRaw % snaps.length;
          const items: Delivery[] = [
            ...diffs.map((d): Delivery => ({ kind: 'diff', d })),
            ...diffs.slice(0, 3).map((d): Delivery => ({ kind: 'diff', d })),
            { kind: 'snap', s: snaps[S] },
          ];
          // a random permutation: sort by random keys
          const order = items.map((x, i) => ({ x, r: keys[i % Math.max(1, keys.length)] * 1000 + ((i * 7919) % 997) }));
          const stream = order.sort((a, b) => a.r - b.r).map((o) => o.x);
          const book = new LocalBook('BTC/USDT');
          let resyncs = 0;
          let outstanding = false;
          for (let i = 0; i < stream.length; i++) {
            const r = deliver(book, stream[i]);
            if (stream[i].kind === 'snap' && outstanding && i > 0) outstanding = false;
            if (r === 'resync') {
              expect(outstanding).toBe(false); // never a second request while one is pending
              resyncs++;
              outstanding = true;
              // the server answers with its current snapshot a little later
              stream.splice(i + 1 + (serveRaw % (stream.length - i)), 0, {
                kind: 'snap',
                s: snaps.at(-1) as DepthSnapshot,
              });
            }
          }
          expect(resyncs).toBeLessThanOrEqual(1);
          expect(book.status).toBe('live');
          expect(bookOf(book)).toEqual({ bids: snaps.at(-1)?.bids, asks: snaps.at(-1)?.asks });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('diffs shuffled and duplicated while the snapshot loads are sorted out with no resync', () => {
    fc.assert(
      fc.property(historyArb, fc.nat(), fc.array(fc.nat(), { minLength: 1, maxLength: 80 }), (batches, sRaw, keys) => {
        const { diffs, snaps } = runServer(batches);
        const S = sRaw % snaps.length;
        const all = [...diffs, ...diffs.filter((_, i) => keys[i % keys.length] % 3 === 0)];
        const shuffled = all
          .map((d, i) => ({ d, r: keys[i % keys.length] * 131 + ((i * 7919) % 1009) }))
          .sort((a, b) => a.r - b.r);
        const book = new LocalBook('BTC/USDT');
        for (const { d } of shuffled) expect(book.applyDiff(d)).toBe('buffered');
        expect(book.applySnapshot(snaps[S])).toBe('applied');
        expect(bookOf(book)).toEqual({ bids: snaps.at(-1)?.bids, asks: snaps.at(-1)?.asks });
      }),
      { numRuns: 200 },
    );
  });

  it('a dropped diff triggers exactly one resnapshot request, then the book converges', () => {
    fc.assert(
      fc.property(historyArb, fc.nat(), fc.nat(), fc.nat(), fc.nat(), (batches, sRaw, dropRaw, moveRaw, delayRaw) => {
        const { diffs, snaps } = runServer(batches);
        if (diffs.length < 2) return;
        const S = sRaw % (diffs.length - 1); // at least one diff after S besides the last
        const drop = S + (dropRaw % (diffs.length - 1 - S)); // index of a diff after the snapshot, not the last
        const book = new LocalBook('BTC/USDT');
        expect(book.applySnapshot(snaps[S])).toBe('applied');
        const results: (DiffResult | SnapshotResult)[] = [];
        let served: number | undefined;
        for (let i = S; i < diffs.length; i++) {
          if (i === drop) continue;
          const r = book.applyDiff(diffs[i]);
          results.push(r);
          if (r === 'resync') served = Math.min(diffs.length, i + 1 + (moveRaw % 3)); // server moved on a little
          if (served !== undefined && i === Math.min(diffs.length - 1, drop + 1 + (delayRaw % 4)))
            results.push(book.applySnapshot(snaps[served]));
        }
        expect(results.filter((r) => r === 'resync')).toHaveLength(1);
        expect(results[results.indexOf('resync') - 1]).not.toBe('buffered');
        expect(book.status).toBe('live');
        expect(bookOf(book)).toEqual({ bids: snaps.at(-1)?.bids, asks: snaps.at(-1)?.asks });
      }),
      { numRuns: 300 },
    );
  });

  it('drops diffs the snapshot covers, applies a coalesced diff that straddles it, and buffers while waiting', () => {
    const book = new LocalBook('X');
    const d = (seq: number, bids: [string, string][], prevSeq?: number): DepthDiff => ({
      symbol: 'X',
      epoch: 1,
      seq,
      prevSeq,
      bids,
      asks: [],
    });
    expect(book.applyDiff(d(5, [['1', '1']]))).toBe('buffered');
    expect(book.applyDiff(d(8, [['2', '3']], 5))).toBe('buffered'); // covers seq 6..8
    expect(book.status).toBe('waiting');
    expect(book.applySnapshot({ symbol: 'X', epoch: 1, seq: 6, bids: [['2', '1']], asks: [] })).toBe('applied');
    expect(book.seq).toBe(8);
    expect(bookOf(book).bids).toEqual([['2', '3']]); // diff 5 dropped, diff 8 applied over the snapshot
    expect(book.applyDiff(d(8, [['2', '9']]))).toBe('dropped');
    expect(book.applySnapshot({ symbol: 'X', epoch: 1, seq: 7, bids: [], asks: [] })).toBe('stale');
  });

  it('a new epoch (server restart) asks for one snapshot, drops the old epoch, and continues in the new one', () => {
    const book = new LocalBook('X');
    book.applySnapshot({ symbol: 'X', epoch: 1, seq: 100, bids: [['10', '1']], asks: [['11', '1']] });
    const diff = (epoch: number, seq: number, price: string): DepthDiff => ({
      symbol: 'X',
      epoch,
      seq,
      bids: [[price, '2']],
      asks: [],
    });
    expect(book.applyDiff(diff(2, 1, '9'))).toBe('resync');
    expect(book.applyDiff(diff(2, 2, '8'))).toBe('buffered');
    expect(book.applyDiff(diff(1, 101, '7'))).toBe('buffered');
    expect(book.applySnapshot({ symbol: 'X', epoch: 2, seq: 1, bids: [['9', '2']], asks: [] })).toBe('applied');
    expect(book.epoch).toBe(2);
    expect(bookOf(book)).toEqual({
      bids: [
        ['9', '2'],
        ['8', '2'],
      ],
      asks: [],
    });
    expect(book.applyDiff(diff(1, 102, '6'))).toBe('dropped');
  });
});

describe('LocalBook: malformed input', () => {
  it('a diff with a bad level asks for a snapshot instead of throwing, and the next snapshot heals the book', () => {
    const book = new LocalBook('X');
    book.applySnapshot({ symbol: 'X', epoch: 1, seq: 1, bids: [['10', '1']], asks: [] });
    const bad: DepthDiff = {
      symbol: 'X',
      epoch: 1,
      seq: 2,
      bids: [
        ['9', '1'],
        ['1e5', '1'],
      ],
      asks: [],
    };
    expect(book.applyDiff(bad)).toBe('resync');
    expect(book.status).toBe('resyncing');
    expect(book.lastError).toMatch(/price/);
    expect(book.applyDiff({ symbol: 'X', epoch: 1, seq: 3, bids: [['8', '1']], asks: [] })).toBe('buffered');
    expect(
      book.applySnapshot({
        symbol: 'X',
        epoch: 1,
        seq: 2,
        bids: [
          ['10', '1'],
          ['9', '1'],
        ],
        asks: [],
      }),
    ).toBe('applied');
    expect(bookOf(book).bids).toEqual([
      ['10', '1'],
      ['9', '1'],
      ['8', '1'],
    ]);
  });

  it('a snapshot with a bad level is refused with a resync and leaves the book as it was', () => {
    const book = new LocalBook('X');
    book.applySnapshot({ symbol: 'X', epoch: 1, seq: 1, bids: [['10', '1']], asks: [] });
    expect(book.applySnapshot({ symbol: 'X', epoch: 1, seq: 5, bids: [['-3', '1']], asks: [] })).toBe('resync');
    expect(book.seq).toBe(1);
    expect(bookOf(book).bids).toEqual([['10', '1']]);
  });
});
