import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import {
  accountEquity,
  liquidationPrice,
  openingFee,
  overnightFee,
  positionMargin,
  positionNotional,
  positionPnl,
  riskRate,
  type ContractPosition,
} from './contract';

const long: ContractPosition = { side: 'long', lots: '2', lotSize: '0.01', multiple: '10', openPrice: '60000' };
const short: ContractPosition = { ...long, side: 'short' };

describe('contract position', () => {
  it('worked example', () => {
    expect(positionNotional(long)).toBe('1200');
    expect(positionPnl(long, '61000.5')).toBe('20.01');
    expect(positionPnl(short, '61000.5')).toBe('-20.01');
    expect(positionMargin(long)).toBe('120');
    expect(positionMargin({ ...long, multiple: '3' })).toBe('400');
    expect(positionMargin({ ...long, lots: '1', multiple: '7' })).toBe('85.71428572'); // 85.714285714… rounded up
    expect(openingFee(long, '0.0005')).toBe('0.6');
    expect(overnightFee(long, '0.0001', 3)).toBe('0.36');
  });

  it('risk rate = (balance + Σ P&L) / Σ margin × 100, truncated', () => {
    const input = { balance: '1000', positions: [{ position: long, currentPrice: '59000' }, { position: short, currentPrice: '59000' }] };
    expect(accountEquity(input)).toBe('1000'); // −20 + 20
    expect(riskRate(input)).toBe('416.66'); // 1000 / 240 × 100 = 416.666…
    expect(riskRate({ balance: '1000', positions: [] })).toBeNull();
  });

  it('liquidation price is where the risk rate meets the line', () => {
    const input = { balance: '200', positions: [{ position: long, currentPrice: '60000' }] };
    // margin 120; line 50 % → equity 60 → P&L −140 → price 60000 − 140 / 0.02 = 53000
    expect(liquidationPrice(input, 0, '50')).toBe('53000');
    expect(riskRate({ balance: '200', positions: [{ position: long, currentPrice: '53000' }] })).toBe('50.00');
    const s = { balance: '200', positions: [{ position: short, currentPrice: '60000' }] };
    expect(liquidationPrice(s, 0, '50')).toBe('67000');
    expect(liquidationPrice({ balance: '1000000', positions: [{ position: long, currentPrice: '60000' }] }, 0, '50')).toBeNull();
  });

  it('P&L of a long and an equal short cancel, and P&L is exact', () => {
    const dec = (max: number) => fc.bigInt({ min: 1n, max: 10n ** 12n }).map((m) => new Decimal(m.toString()).div(10 ** max).toFixed());
    fc.assert(
      fc.property(dec(4), dec(2), dec(6), dec(4), dec(4), (lots, lotSize, open, current, mult) => {
        const l: ContractPosition = { side: 'long', lots, lotSize, multiple: mult, openPrice: open };
        const a = new Decimal(positionPnl(l, current));
        const b = new Decimal(positionPnl({ ...l, side: 'short' }, current));
        expect(a.plus(b).isZero()).toBe(true);
        const Big = Decimal.clone({ precision: 200 });
        expect(a.eq(new Big(current).minus(open).times(lots).times(lotSize))).toBe(true);
      }),
    );
  });
});
