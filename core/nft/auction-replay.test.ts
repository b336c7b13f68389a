import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayAuction } from './auction-replay';
import { extendedEnd } from './money';
import { NFT_RULES } from '../types/nft';

const MIN = 60_000;

describe('an auction replayed from its bid log (the proof panel)', () => {
  it('finds each soft-close extension, the winner, and a bid that broke the rule', () => {
    const base = { price: '100', per_increase: '5', startMs: 0, originalEndMs: 60 * MIN };
    const r = replayAuction({
      ...base,
      bids: [
        { user: 'a', price: '105', atMs: 10 * MIN },
        { user: 'b', price: '112', atMs: 58 * MIN }, // inside the last 5 minutes: the end moves to 63
        { user: 'a', price: '117', atMs: 62 * MIN }, // after the original end but before the moved one: valid, end → 67
      ],
    });
    expect(r.ok).toBe(true);
    expect(r.extensions).toBe(2);
    expect(r.endMs).toBe(67 * MIN);
    expect(r.winner?.user).toBe('a');
    expect(r.winner?.price).toBe('117');
    const bad = replayAuction({
      ...base,
      bids: [
        { user: 'a', price: '105', atMs: MIN },
        { user: 'b', price: '109', atMs: 2 * MIN },
      ],
    });
    expect(bad.ok).toBe(false);
    expect(bad.steps[1]).toMatchObject({ ok: false, min: '110' });
    expect(bad.winner?.user).toBe('a');
  });

  it('for any valid sequence of raises the end never passes the cap, and the winner is the last bid', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 30 * MIN })), {
          minLength: 1,
          maxLength: 30,
        }),
        (raises) => {
          const originalEndMs = 60 * MIN;
          let end = originalEndMs;
          let t = 50 * MIN;
          let cur = new Decimal(100);
          const bids = [];
          for (const [extra, gap] of raises) {
            const at = t + (gap % Math.max(1, end - t));
            if (at >= end) break;
            cur = cur.plus(5).plus(new Decimal(extra).div(100));
            bids.push({ user: `u${bids.length}`, price: cur.toFixed(), atMs: at });
            end = extendedEnd(end, originalEndMs, at);
            t = at;
          }
          const r = replayAuction({ price: '100', per_increase: '5', startMs: 0, originalEndMs, bids });
          expect(r.ok).toBe(true);
          expect(r.endMs).toBe(end);
          expect(r.endMs).toBeLessThanOrEqual(originalEndMs + NFT_RULES.softCloseCapMs);
          expect(r.winner?.price ?? null).toBe(bids.at(-1)?.price ?? null);
        },
      ),
    );
  });
});
