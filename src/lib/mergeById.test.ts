import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ServiceMessage } from '../../core';
import { lastId, mergeMessages } from './mergeById';

const msg = (id: number): ServiceMessage => ({
  id,
  conversation_id: 1,
  sender: 'user',
  staff_name: '',
  body: `m${id}`,
  image_url: '',
  ref: null,
  internal: false,
  created_at: id,
});

describe('mergeMessages', () => {
  it('keeps every id once, in order, whatever overlaps and in whatever order pages arrive', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 20 }), { maxLength: 6 }), (pages) => {
        let held: ServiceMessage[] = [];
        for (const p of pages) held = mergeMessages(held, p.map(msg));
        const want = [...new Set(pages.flat())].sort((a, b) => a - b);
        expect(held.map((m) => m.id)).toEqual(want);
        expect(lastId(held)).toBe(want.at(-1) ?? 0);
      }),
    );
  });
});
