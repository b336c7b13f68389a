import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExactDecimal } from '../calc/exact';
import { BookSide } from './side';
import type { BookSideName } from '../types/book';

describe('BookSide', () => {
  it('keeps levels sorted best first through random sets, removals and finer prices arriving late', () => {
    const priceArb = fc
      .tuple(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 6 }))
      .map(([u, d]) => new ExactDecimal(u).div(10 ** d).toFixed());
    const qtyArb = fc.oneof(
      fc.constant('0'),
      fc.constant('0.000'),
      fc.integer({ min: 1, max: 10 ** 6 }).map((q) => new ExactDecimal(q).div(1000).toFixed()),
    );
    fc.assert(
      fc.property(
        fc.constantFrom<BookSideName>('bid', 'ask'),
        fc.array(fc.tuple(priceArb, qtyArb), { minLength: 1, maxLength: 200 }),
        (side, ops) => {
          const book = new BookSide(side);
          const ref = new Map<string, { price: string; qty: string }>();
          for (const [p, q] of ops) {
            book.set(p, q);
            const key = new ExactDecimal(p).toFixed();
            if (new ExactDecimal(q).isZero()) ref.delete(key);
            else ref.set(key, { price: ref.get(key)?.price ?? p, qty: q });
          }
          const want = [...ref.values()].sort((a, b) =>
            side === 'bid' ? new ExactDecimal(b.price).cmp(a.price) : new ExactDecimal(a.price).cmp(b.price),
          );
          expect(book.top(Infinity)).toEqual(want);
          expect(book.size).toBe(want.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('treats "1.5" and "1.50" as one level and rejects malformed input without changing the book', () => {
    const book = new BookSide('ask');
    book.set('1.5', '2');
    book.set('1.50', '3');
    book.set('1.25', '1');
    expect(book.top(5)).toEqual([
      { price: '1.25', qty: '1' },
      { price: '1.5', qty: '3' },
    ]);
    expect(() => book.set('abc', '1')).toThrow(RangeError);
    expect(() => book.set('1', '-1')).toThrow(RangeError);
    expect(() => book.set('1', '')).toThrow(RangeError);
    expect(book.size).toBe(2);
  });
});
