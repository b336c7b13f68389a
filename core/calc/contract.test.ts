import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import {
  accountEquity,
  liquidationPrice,
  marginRatio,
  netRealisedPnl,
  openingFee,
  openingLiquidationPrice,
  positionRoe,
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
    const input = {
      balance: '1000',
      positions: [
        { position: long, currentPrice: '59000' },
        { position: short, currentPrice: '59000' },
      ],
    };
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
    expect(
      liquidationPrice({ balance: '1000000', positions: [{ position: long, currentPrice: '60000' }] }, 0, '50'),
    ).toBeNull();
  });

  it('P&L of a long and an equal short cancel, and P&L is exact', () => {
    const dec = (max: number) =>
      fc.bigInt({ min: 1n, max: 10n ** 12n }).map((m) => new Decimal(m.toString()).div(10 ** max).toFixed());
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

describe('the figures a trader reads (margin ratio, ROE, net P&L, liquidation before opening)', () => {
  it('margin ratio is the line over the risk rate: 100 % at liquidation, lower is safer', () => {
    expect(marginRatio('416.66', '50')).toBe('12.01'); // 50 / 416.66 × 100 = 12.0002… rounded up
    expect(marginRatio('50', '50')).toBe('100.00');
    expect(marginRatio('-3', '50')).toBe('100.00');
    expect(marginRatio(null, '50')).toBeNull();
  });

  it('ROE is the P&L over the position margin, long and short', () => {
    // long 2 × 0.01 at 60000, 10×: margin 120; at 61000.5 P&L +20.01 → 16.675 % → 16.67
    expect(positionRoe(long, '61000.5')).toBe('16.67');
    expect(positionRoe(short, '61000.5')).toBe('-16.67');
    expect(positionRoe(short, '54000')).toBe('100.00'); // a 10 % fall at 10× doubles a short's margin
  });

  it('net realised P&L takes the opening and overnight fees off the P&L at close', () => {
    expect(netRealisedPnl('0.913', '3.36', '0')).toBe('-2.447'); // a small gross win is a net loss
    expect(netRealisedPnl('120', '0.6', '0.36')).toBe('119.04');
  });

  it('the liquidation price before opening equals the one the open position then shows', () => {
    // account: equity 200 before, no positions; opening fee 0.6 is paid out of it
    const before = openingLiquidationPrice({ equity: '200', usedMargin: '0', fee: '0.6' }, long, '50');
    const after = liquidationPrice(
      { balance: '199.4', positions: [{ position: long, currentPrice: '60000' }] },
      0,
      '50',
    );
    expect(before).toBe(after);
    // hand-worked: equity 199.4, needed 60 → P&L −139.4 → 60000 − 139.4 / 0.02 = 53030
    expect(before).toBe('53030');
    // the short mirror: 60000 + 139.4 / 0.02 = 66970
    expect(openingLiquidationPrice({ equity: '200', usedMargin: '0', fee: '0.6' }, short, '50')).toBe('66970');
  });

  it('property: the liquidation price before opening is where the open position meets the line', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 100, max: 100_000 }),
        fc.integer({ min: 10, max: 90 }),
        fc.boolean(),
        (lots, multiple, equity, line, isLong) => {
          const p: ContractPosition = {
            side: isLong ? 'long' : 'short',
            lots: String(lots),
            lotSize: '0.01',
            multiple: String(multiple),
            openPrice: '50000',
          };
          const fee = openingFee(p, '0.0005');
          const before = openingLiquidationPrice({ equity: String(equity), usedMargin: '0', fee }, p, String(line));
          const after = liquidationPrice(
            { balance: new Decimal(equity).minus(fee).toFixed(), positions: [{ position: p, currentPrice: '50000' }] },
            0,
            String(line),
          );
          expect(before).toBe(after);
        },
      ),
    );
  });
});
