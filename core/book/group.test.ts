import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExactDecimal, str } from '../calc/exact';
import { depthRows, groupPrice } from './group';
import { BookSide } from './side';
import type { BookLevelTuple, BookSideName } from '../types/book';

const dec = (units: number, decimals: number) =>
  new ExactDecimal(units).div(new ExactDecimal(10).pow(decimals)).toFixed();
const levelArb = fc.tuple(
  fc.tuple(fc.integer({ min: 1, max: 2_000_000 }), fc.integer({ min: 0, max: 4 })).map(([u, d]) => dec(u, d)),
  fc.tuple(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 0, max: 10 })).map(([u, d]) => dec(u, d)),
);

/** decimal.js reference: sort best first, bucket each price, sum runs of equal buckets, running total. */
function reference(levels: BookLevelTuple[], side: BookSideName, rows: number, step?: string) {
  const byPrice = new Map<string, string>();
  for (const [p, q] of levels) byPrice.set(str(new ExactDecimal(p)), q); // last write wins, like the book
  const sorted = [...byPrice].sort((a, b) =>
    side === 'bid' ? new ExactDecimal(b[0]).cmp(a[0]) : new ExactDecimal(a[0]).cmp(b[0]),
  );
  const out: { price: string; qty: string; total: string }[] = [];
  let total = new ExactDecimal(0);
  for (const [p, q] of sorted) {
    const d = new ExactDecimal(p);
    const g = step === undefined ? d : (side === 'bid' ? d.div(step).floor() : d.div(step).ceil()).mul(step);
    const last = out.at(-1);
    if (last && new ExactDecimal(last.price).eq(g)) {
      last.qty = str(new ExactDecimal(last.qty).add(q));
      total = total.add(q);
      last.total = str(total);
    } else {
      total = total.add(q);
      out.push({ price: str(g), qty: str(new ExactDecimal(q)), total: str(total) });
    }
  }
  return out.slice(0, rows);
}

describe('depth rows: grouping by step and cumulative totals', () => {
  it('equal the decimal.js reference exactly, for any step, side and row count', () => {
    fc.assert(
      fc.property(
        fc.array(levelArb, { minLength: 0, maxLength: 120 }),
        fc.constantFrom<BookSideName>('bid', 'ask'),
        fc.constantFrom(undefined, '0.01', '0.1', '1', '10', '0.5', '0.05', '100', '0.0001'),
        fc.integer({ min: 1, max: 30 }),
        (levels, side, step, rows) => {
          const book = new BookSide(side);
          book.load(levels);
          const ours = depthRows(book, side, rows, step);
          const ref = reference(levels, side, rows, step);
          // Our prices keep the wire's spelling when ungrouped; compare by value there.
          expect(ours.map((r) => [str(new ExactDecimal(r.price)), r.qty, r.total])).toEqual(
            ref.map((r) => [r.price, r.qty, r.total]),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('bids round down and asks round up to the step', () => {
    expect(groupPrice('67091.13', '10', 'bid')).toBe('67090');
    expect(groupPrice('67091.13', '10', 'ask')).toBe('67100');
    expect(groupPrice('67091.13', '0.1', 'ask')).toBe('67091.2');
    expect(groupPrice('67091.1', '0.1', 'ask')).toBe('67091.1');
    expect(groupPrice('0.00051', '0.0001', 'bid')).toBe('0.0005');
    expect(() => groupPrice('1', '0', 'bid')).toThrow(RangeError);
  });

  it('sums quantities exactly where floats would not (0.1 + 0.2)', () => {
    const book = new BookSide('bid');
    book.load([
      ['100.01', '0.1'],
      ['100.02', '0.2'],
      ['99.5', '123456789.123456789'],
    ]);
    expect(depthRows(book, 'bid', 5, '1')).toEqual([
      { price: '100', qty: '0.3', total: '0.3' },
      { price: '99', qty: '123456789.123456789', total: '123456789.423456789' },
    ]);
  });
});
