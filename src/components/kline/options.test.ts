import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { IChartApi, PriceFormat, PriceFormatCustom } from 'lightweight-charts';
import { LANGS, figureText, numberMarks, type NumberMarks } from '../../../core';
import { addCandles, priceFormatOf, priceLabel } from './options';
import type { ChartTheme } from './theme';

/** A label read back as a plain fixed-point number: the language's group marks out, its decimal mark a dot. */
const plainOf = (label: string, marks: NumberMarks) =>
  (marks.group ? label.split(marks.group).join('') : label).replace(marks.decimal, '.');

describe("the chart's price labels", () => {
  it("read as the header's figures in every language, and back as the same fixed value", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (dp, units) => {
        // a value with dp decimals, as the API sends a price ("67215.44"); negative as MACD's are
        const digits = (units < 0n ? -units : units).toString().padStart(dp + 1, '0');
        const sign = units < 0n ? '-' : '';
        const fixed = sign + (dp ? `${digits.slice(0, -dp)}.${digits.slice(-dp)}` : digits);
        for (const lang of LANGS) {
          const marks = numberMarks(lang);
          const label = priceLabel(dp, marks)(Number(fixed));
          expect(label).toBe(figureText(fixed, 'price', dp, marks));
          expect(plainOf(label, marks)).toBe(fixed);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('groups a six-digit price as the header does, rounds to the precision, signs as the app does, and never shows -0', () => {
    expect(priceLabel(2, numberMarks('fra'))(67215.44)).toBe('67\u202f215,44');
    expect(priceLabel(2, numberMarks('en'))(67215.44)).toBe('67,215.44');
    expect(priceLabel(2, numberMarks('spa'))(67215.44)).toBe('67.215,44');
    expect(priceLabel(2, numberMarks('spa'))(7215.44)).toBe('7215,44');
    expect(priceLabel(2, numberMarks('en'))(71500.004999)).toBe('71,500.00');
    expect(priceLabel(0, numberMarks('en'))(71499.5)).toBe('71,500');
    expect(priceLabel(2, numberMarks('fra'))(-1234.5)).toBe('-1\u202f234,50');
    expect(priceLabel(2, numberMarks('fra'))(-0.001)).toBe('0,00');
  });
});

describe('the candles carry the price format', () => {
  const th: ChartTheme = { up: '#0f0', down: '#f00', text: '#000', bg: '#fff', grid: '#eee' };
  /** a chart that records the options of each series added */
  function fakeChart() {
    const added: { priceFormat?: PriceFormat }[] = [];
    const series = { priceScale: () => ({ applyOptions: () => {} }) };
    const c = {
      addSeries: (_def: unknown, opts: { priceFormat?: PriceFormat }) => (added.push(opts), series),
      priceScale: () => ({ applyOptions: () => {} }),
    };
    return { c: c as unknown as IChartApi, added };
  }

  it("labels the candles' prices at the pair's precision in the language's marks; the volume keeps its own", () => {
    const { c, added } = fakeChart();
    addCandles(c, th, priceFormatOf(4, numberMarks('fra')));
    const [candles, volume] = added;
    const f = candles.priceFormat as PriceFormatCustom;
    expect(f.type).toBe('custom');
    expect(f.minMove).toBeCloseTo(1e-4);
    expect(f.formatter(12345.6789 as never)).toBe('12\u202f345,6789');
    expect(volume.priceFormat).toEqual({ type: 'volume' });
  });
});

describe('a formatter keeps the labels it made', () => {
  it('answers a price it labelled before with the same label, across many other prices', () => {
    const f = priceLabel(2, numberMarks('fra'));
    const first = f(67215.44);
    for (let i = 0; i < 100; i++) f(60000 + i);
    expect(f(67215.44)).toBe(first);
    expect(f(60099)).toBe('60\u202f099,00');
    expect(f(-0)).toBe('0,00');
  });
});
