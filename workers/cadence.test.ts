import { describe, expect, it } from 'vitest';
import { Cadence } from './cadence';

describe('Cadence', () => {
  it('a never-heard stream is stale; a fresh one is live', () => {
    const c = new Cadence();
    expect(c.isStale('A', 0)).toBe(true);
    c.heard('A', 1000);
    expect(c.isStale('A', 1000)).toBe(false);
    expect(c.lastHeard('A')).toBe(1000);
  });

  it('a chart stream just opened is live for the floor, stale if silent past it, and its first bar teaches no cadence', () => {
    const c = new Cadence();
    c.opened('K', 1000);
    expect(c.isStale('K', 1000 + 4_900)).toBe(false);
    expect(c.isStale('K', 1000 + 5_100)).toBe(true);
    // heard 4 s after opening, then every 100 ms: the 4 s round trip is not its cadence
    c.heard('K', 5000);
    c.heard('K', 5100);
    expect(c.thresholdMs('K')).toBe(5_000);
    // opened again after a reconnect: not live until it speaks
    c.markAllUnheard();
    c.opened('K', 9000);
    expect(c.isStale('K', 9000)).toBe(true);
  });

  it('a fast stream goes stale after the 5 s floor, not before', () => {
    const c = new Cadence();
    for (let t = 0; t <= 10_000; t += 100) c.heard('A', t);
    expect(c.isStale('A', 10_000 + 4_900)).toBe(false);
    expect(c.isStale('A', 10_000 + 5_100)).toBe(true);
  });

  it('a slow stream gets 3× its interval', () => {
    const c = new Cadence();
    for (let t = 0; t <= 100_000; t += 10_000) c.heard('B', t);
    expect(c.thresholdMs('B')).toBeCloseTo(30_000, -2);
    expect(c.isStale('B', 100_000 + 25_000)).toBe(false);
    expect(c.isStale('B', 100_000 + 31_000)).toBe(true);
  });

  it('after a reconnect nothing is live until heard, and the cadence survives', () => {
    const c = new Cadence();
    for (let t = 0; t <= 1000; t += 100) c.heard('A', t);
    c.markAllUnheard();
    expect(c.isStale('A', 1001)).toBe(true);
    c.heard('A', 2000);
    expect(c.isStale('A', 2000)).toBe(false);
    expect(Number.isFinite(c.thresholdMs('A'))).toBe(true);
  });
});
