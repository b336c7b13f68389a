import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BalanceRow } from '../../../core';
import { visibleBalances } from './balance-filter';

const row = (currency: string, usdt: string, frozen = '0'): BalanceRow => ({
  currency_id: currency.length,
  currency,
  available: usdt,
  frozen,
  usdt_value: usdt,
  fiat_value: usdt,
});

describe('Assets: search and hide small balances', () => {
  const rows = [row('BTC', '1200.5'), row('USDT', '0.99'), row('ETH', '0'), row('SHIB', '0.2', '3')];

  it('search matches part of the coin name in any case', () => {
    expect(visibleBalances(rows, { query: ' us', hideSmall: false }).map((r) => r.currency)).toEqual(['USDT']);
    expect(visibleBalances(rows, { query: 'nothing', hideSmall: false })).toEqual([]);
  });

  it('hiding small keeps a coin worth 1 USDT or more, and any coin with something frozen', () => {
    expect(visibleBalances(rows, { query: '', hideSmall: true }).map((r) => r.currency)).toEqual(['BTC', 'SHIB']);
  });

  it('never adds a row, and with no filter shows every row in order', () => {
    const arb = fc.array(
      fc.record({
        c: fc.stringMatching(/^[A-Z]{1,5}$/),
        v: fc.double({ min: 0, max: 1e6, noNaN: true }),
        f: fc.constantFrom('0', '1'),
      }),
    );
    fc.assert(
      fc.property(arb, fc.string({ maxLength: 3 }), fc.boolean(), (raw, q, hide) => {
        const list = raw.map((r) => row(r.c, String(r.v), r.f));
        expect(visibleBalances(list, { query: '', hideSmall: false })).toEqual(list);
        const shown = visibleBalances(list, { query: q, hideSmall: hide });
        expect(shown.every((r) => list.includes(r))).toBe(true);
        expect(shown.every((r) => !hide || Number(r.usdt_value) >= 1 || Number(r.frozen) > 0)).toBe(true);
      }),
    );
  });
});
