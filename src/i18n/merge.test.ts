import { describe, expect, it } from 'vitest';
import { mergeLocaleTables } from './merge';

describe('mergeLocaleTables', () => {
  it("adds an area's keys beside the shell's without overwriting them", () => {
    const merged = mergeLocaleTables([
      { tabs: { home: 'Home' }, common: { ok: 'OK' } },
      { tabs: { trade: 'Trade', home: 'Overwritten?' }, trade: { buy: 'Buy' } },
    ]);
    expect(merged).toEqual({ tabs: { home: 'Home', trade: 'Trade' }, common: { ok: 'OK' }, trade: { buy: 'Buy' } });
  });
});
