import { describe, expect, it } from 'vitest';
import { SeqTracker } from './seq';

describe('SeqTracker', () => {
  it('tells first, next, gap and old per key', () => {
    const s = new SeqTracker();
    expect(s.check('BTC/USDT', 10)).toBe('first');
    expect(s.check('BTC/USDT', 11)).toBe('next');
    expect(s.check('ETH/USDT', 3)).toBe('first');
    expect(s.check('BTC/USDT', 15)).toBe('gap');
    expect(s.check('BTC/USDT', 15)).toBe('old');
    expect(s.check('BTC/USDT', 12)).toBe('old');
    expect(s.check('BTC/USDT', 16)).toBe('next');
  });

  it('reset accepts a restarted server whose sequences start over', () => {
    const s = new SeqTracker();
    s.check('X', 1000);
    s.reset();
    expect(s.check('X', 1)).toBe('first');
  });
});
