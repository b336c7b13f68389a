import { describe, expect, it } from 'vitest';
import { isMarketOpen, nextMarketOpen } from './market-hours';

const at = (iso: string) => Date.parse(iso);

describe('stock market hours (Mon–Fri 14:30–21:00 UTC)', () => {
  it('opens at 14:30 and closes at 21:00 on weekdays, never at weekends; crypto never closes', () => {
    expect(isMarketOpen('stock', at('2026-11-25T14:29:59Z'))).toBe(false); // a Wednesday
    expect(isMarketOpen('stock', at('2026-11-25T14:30:00Z'))).toBe(true);
    expect(isMarketOpen('stock', at('2026-11-25T20:59:59Z'))).toBe(true);
    expect(isMarketOpen('stock', at('2026-11-25T21:00:00Z'))).toBe(false);
    expect(isMarketOpen('stock', at('2026-11-28T16:00:00Z'))).toBe(false); // Saturday
    expect(isMarketOpen('crypto', at('2026-11-28T03:00:00Z'))).toBe(true);
  });

  it('names the next opening: later today, tomorrow, or Monday after a weekend', () => {
    expect(new Date(nextMarketOpen(at('2026-11-25T09:00:00Z'))).toISOString()).toBe('2026-11-25T14:30:00.000Z');
    expect(new Date(nextMarketOpen(at('2026-11-25T21:00:00Z'))).toISOString()).toBe('2026-11-26T14:30:00.000Z');
    expect(new Date(nextMarketOpen(at('2026-11-27T22:00:00Z'))).toISOString()).toBe('2026-11-30T14:30:00.000Z'); // Friday night → Monday
  });
});
