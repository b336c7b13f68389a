import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ExactDecimal } from './exact';
import { traderPerformance, type ClosedResult } from './trader-performance';

const DAY = 86_400_000;
const D0 = Date.UTC(2026, 0, 10);

describe('trader performance', () => {
  it('ROI is net P&L over the margin put at risk; the curve adds each day net of fees', () => {
    // long 10x: margin 100, +30 before fees, fee 2, overnight 0 → +28
    // short 5x on day 2: margin 200, −12 before fees, fee 3, overnight 1 → −16
    const closes: ClosedResult[] = [
      { closedAt: D0 + 3_600_000, profit: '30', openingFee: '2', overnightFees: '0', margin: '100' },
      { closedAt: D0 + DAY + 7_200_000, profit: '-12', openingFee: '3', overnightFees: '1', margin: '200' },
    ];
    const p = traderPerformance(closes, D0 + 3 * DAY + 5);
    expect(p.net_profit).toBe('12');
    expect(p.roi).toBe('4.00'); // 12 / 300
    expect(p.curve).toEqual([
      { day: D0, pnl: '28' },
      { day: D0 + DAY, pnl: '12' },
      { day: D0 + 2 * DAY, pnl: '12' },
      { day: D0 + 3 * DAY, pnl: '12' },
    ]);
  });

  it('rounds toward zero, and a trader with no closes shows 0.00 and no curve', () => {
    expect(
      traderPerformance([{ closedAt: D0, profit: '-1', openingFee: '0', overnightFees: '0', margin: '3' }], D0).roi,
    ).toBe('-33.33');
    expect(
      traderPerformance(
        [{ closedAt: D0, profit: '0.00001', openingFee: '0.00002', overnightFees: '0', margin: '1000' }],
        D0,
      ).roi,
    ).toBe('0.00');
    expect(traderPerformance([], D0)).toEqual({ roi: '0.00', net_profit: '0', curve: [] });
  });

  it('a long past keeps its earlier P&L as the start of the shown days', () => {
    const closes = [0, 10, 20].map((d) => ({
      closedAt: D0 + d * DAY,
      profit: '5',
      openingFee: '0',
      overnightFees: '0',
      margin: '50',
    }));
    const p = traderPerformance(closes, D0 + 20 * DAY, 5);
    expect(p.curve.map((x) => x.pnl)).toEqual(['10', '10', '10', '10', '15']);
    expect(p.curve[0].day).toBe(D0 + 16 * DAY);
  });

  it('per close or summed per day gives the same figures (property)', () => {
    const close = fc.record({
      at: fc.integer({ min: 0, max: 20 * DAY }),
      profit: fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fee: fc.integer({ min: 0, max: 10_000 }),
      margin: fc.integer({ min: 1, max: 1_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(close, { maxLength: 40 }), (xs) => {
        const rows: ClosedResult[] = xs.map((x) => ({
          closedAt: D0 + x.at,
          profit: String(x.profit / 100),
          openingFee: String(x.fee / 100),
          overnightFees: '0.01',
          margin: String(x.margin / 100),
        }));
        const byDay = new Map<number, ClosedResult>();
        for (const r of rows) {
          const d = Math.floor(r.closedAt / DAY) * DAY;
          const s = byDay.get(d);
          const add = (a: unknown, b: unknown) => new ExactDecimal(String(a)).plus(String(b)).toFixed();
          byDay.set(
            d,
            s
              ? {
                  closedAt: d,
                  profit: add(s.profit, r.profit),
                  openingFee: add(s.openingFee, r.openingFee),
                  overnightFees: add(s.overnightFees, r.overnightFees),
                  margin: add(s.margin, r.margin),
                }
              : { ...r, closedAt: d },
          );
        }
        const now = D0 + 25 * DAY;
        const a = traderPerformance(rows, now);
        expect(traderPerformance([...byDay.values()], now)).toEqual(a);
        if (a.curve.length) expect(a.curve[a.curve.length - 1].pnl).toBe(a.net_profit);
      }),
    );
  });
});
