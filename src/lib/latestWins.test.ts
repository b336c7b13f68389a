import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { latestWins } from './latestWins';

describe('latestWins', () => {
  it('lets only the last load started write, whatever order the answers come in', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(20), { minLength: 1, maxLength: 8 }), async (delays) => {
        const ticket = latestWins();
        let shown = -1;
        const loads = delays.map(async (ms, i) => {
          const current = ticket();
          await new Promise((r) => setTimeout(r, ms));
          if (current()) shown = i;
        });
        await Promise.all(loads);
        expect(shown).toBe(delays.length - 1);
      }),
      { numRuns: 40 },
    );
  });
});
