import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { contractEntryVwap } from '../calc/contract-entry';
import { proveLeverEntry } from './lever-entry';
import type { LeverEntryWalk } from '../types/lever';

const cents = (n: number) => (n / 100).toString();

/** A book side, best first, and an order that empties every level but the last it reaches. */
const walkArb = fc
  .record({
    side: fc.constantFrom('long' as const, 'short' as const),
    start: fc.integer({ min: 100_000, max: 10_000_000 }),
    steps: fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 6 }),
    sizes: fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 6, maxLength: 6 }),
    lastShare: fc.integer({ min: 1, max: 100 }),
    dp: fc.integer({ min: 0, max: 4 }),
  })
  .map(({ side, start, steps, sizes, lastShare, dp }) => {
    let px = start;
    const levels = steps.map((s, i) => {
      px = side === 'long' ? px + s : px - s;
      return { price: cents(px), avail: cents(sizes[i]) };
    });
    const taken = levels.map((l, i) => ({
      ...l,
      qty: i < levels.length - 1 ? l.avail : cents(Math.max(1, Math.floor((sizes[i] * lastShare) / 100))),
    }));
    const walk: LeverEntryWalk = { book_epoch: 1, book_seq: 7, levels: taken, dp, protection: '0.05' };
    const vwap = contractEntryVwap(side, taken, dp)!;
    return { side, walk, qty: vwap.filled, price: vwap.price };
  });

describe('proveLeverEntry', () => {
  it('an entry priced by the engine from its walk proves ok; another open price or a changed level does not', () => {
    fc.assert(
      fc.property(walkArb, ({ side, walk, qty, price }) => {
        const base = { side, priceType: 'market' as const, qty, limit: null, tick: null };
        // the walk stays within 5 % of the touch only for short ladders; judge the rest by the other rules
        const ok = proveLeverEntry({ ...base, openPrice: price, walk });
        expect(ok.problems.filter((p) => !p.what.endsWith('protection'))).toEqual([]);
        const off = proveLeverEntry({ ...base, openPrice: `${price}1`, walk });
        expect(off.problems.map((p) => p.what)).toContain('open price (rounded VWAP)');
        const moved = { ...walk, levels: walk.levels.map((l, i) => (i === 0 ? { ...l, qty: `${l.qty}1` } : l)) };
        expect(proveLeverEntry({ ...base, openPrice: price, walk: moved }).ok).toBe(false);
      }),
    );
  });

  it('rounds against the trader: a long up, a short down', () => {
    const levels = [
      { price: '100', qty: '1', avail: '1' },
      { price: '101', qty: '2', avail: '5' },
    ];
    expect(contractEntryVwap('long', levels, 2)?.price).toBe('100.67');
    expect(contractEntryVwap('short', levels, 2)?.price).toBe('100.66');
  });

  it('names a walk that skipped part of a better level, went the wrong way, or passed the protection price', () => {
    const walk = (levels: LeverEntryWalk['levels']): LeverEntryWalk => ({
      book_epoch: 1,
      book_seq: 3,
      levels,
      dp: 2,
      protection: '0.05',
    });
    const prove = (levels: LeverEntryWalk['levels'], qty: string) =>
      proveLeverEntry({
        side: 'long',
        priceType: 'market',
        qty,
        limit: null,
        tick: null,
        openPrice: contractEntryVwap('long', levels, 2)!.price,
        walk: walk(levels),
      }).problems.map((p) => p.what);
    expect(
      prove(
        [
          { price: '100', qty: '0.5', avail: '1' },
          { price: '101', qty: '1', avail: '1' },
        ],
        '1.5',
      ),
    ).toEqual(['level 1 (100) taken before the next']);
    expect(
      prove(
        [
          { price: '101', qty: '1', avail: '1' },
          { price: '100', qty: '1', avail: '1' },
        ],
        '2',
      ),
    ).toEqual(['level 2 (100) order']);
    expect(
      prove(
        [
          { price: '100', qty: '1', avail: '1' },
          { price: '106', qty: '1', avail: '1' },
        ],
        '2',
      ),
    ).toEqual(['level 2 (106) protection']);
    expect(prove([{ price: '100', qty: '1', avail: '1' }], '2')).toEqual(['quantity walked']);
    // a feed with no book: the last price is the one, unlimited level
    expect(prove([{ price: '100', qty: '7', avail: null }], '7')).toEqual([]);
    expect(
      prove(
        [
          { price: '100', qty: '1', avail: null },
          { price: '101', qty: '1', avail: '1' },
        ],
        '2',
      ),
    ).toEqual(['level 1 (100) without a book']);
  });

  it('a limit entry: its opening tick must cross the limit, and it opens at that tick or at the limit', () => {
    const base = { side: 'short' as const, priceType: 'limit' as const, qty: '1', limit: '3000', walk: null };
    expect(proveLeverEntry({ ...base, openPrice: '3000', tick: { price: '3001', seq: 9, ts: 1 } }).ok).toBe(true);
    expect(proveLeverEntry({ ...base, openPrice: '3001', tick: { price: '3001', seq: 9, ts: 1 } }).ok).toBe(true);
    expect(
      proveLeverEntry({ ...base, openPrice: '3000', tick: { price: '2999', seq: 9, ts: 1 } }).problems.map(
        (p) => p.what,
      ),
    ).toEqual(['opening tick #9 crosses the limit']);
    expect(
      proveLeverEntry({ ...base, openPrice: '3002', tick: { price: '3001', seq: 9, ts: 1 } }).problems.map(
        (p) => p.what,
      ),
    ).toEqual(['open price']);
  });
});
