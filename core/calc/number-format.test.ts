import { describe, expect, it } from 'vitest';
import { assetFormat } from './contract';
import {
  PLAIN_MARKS,
  changePct,
  figureText,
  formatAmount,
  formatCompact,
  formatPercent,
  formatPrice,
  groupNumber,
  numberMarks,
  toFiat,
  type NumberMarks,
} from './number-format';
import { isDecimalString, parseLocaleDecimal } from './amount-input';
import { ExactDecimal, dec } from './exact';

describe('number display', () => {
  it('K above 1,000, M above 1,000,000 with one decimal, else 4 decimals, truncated', () => {
    expect(formatCompact('999.123456')).toBe('999.1234');
    expect(formatCompact('1000')).toBe('1000.0000');
    expect(formatCompact('1000.01')).toBe('1.0K');
    expect(formatCompact('1299.99')).toBe('1.2K');
    expect(formatCompact('999999.99')).toBe('999.9K');
    expect(formatCompact('1000000')).toBe('1000.0K');
    expect(formatCompact('2560000')).toBe('2.5M');
    expect(formatCompact('-2560000')).toBe('-2.5M');
    expect(formatCompact('-0.00001')).toBe('0.0000');
  });
  it('prices truncate and pad', () => {
    expect(formatPrice('65000.129', 2)).toBe('65000.12');
    expect(formatPrice('0.5', 4)).toBe('0.5000');
    expect(formatPrice('123.9', 0)).toBe('123');
  });
  it('change % is signed with 2 decimals', () => {
    expect(changePct('101.234', '100')).toBe('+1.23');
    expect(changePct('99.5', '100')).toBe('-0.50');
    expect(changePct('100', '100')).toBe('0.00');
    expect(changePct('100.001', '100')).toBe('0.00');
    expect(changePct('5', '0')).toBe('0.00');
    expect(formatPercent('12.345')).toBe('+12.35%');
    expect(formatPercent('-0.001')).toBe('0.00%');
  });
  it('fiat conversion to 2 decimals', () => {
    expect(toFiat('1.2345', '7.1')).toBe('8.76');
    expect(toFiat('10', '1')).toBe('10.00');
  });
});

describe('amount input', () => {
  it('isDecimalString: up to 10 decimals by default', () => {
    expect(isDecimalString('1.0123456789')).toBe(true);
    expect(isDecimalString('1.01234567891')).toBe(false);
    expect(isDecimalString('12', 0)).toBe(true);
    expect(isDecimalString('1.5', 0)).toBe(false);
    for (const bad of ['', '.5', '5.', '-1', '1e3', ' 1', '1,5', 'NaN']) expect(isDecimalString(bad), bad).toBe(false);
  });
  it('parseLocaleDecimal: comma decimals in fra and spa, null rather than NaN', () => {
    expect(parseLocaleDecimal('0,50', 'fra')).toBe('0.5');
    expect(parseLocaleDecimal(' 12,25 ', 'spa')).toBe('12.25');
    expect(parseLocaleDecimal('12.25', 'spa')).toBe('12.25');
    expect(parseLocaleDecimal('1.234,5', 'spa')).toBeNull();
    expect(parseLocaleDecimal('12,25', 'en')).toBeNull();
    expect(parseLocaleDecimal('12.250', 'en')).toBe('12.25');
    for (const bad of ['', 'abc', '1e5', '-1', 'Infinity', '1,2,3'])
      expect(parseLocaleDecimal(bad, 'fra'), bad).toBeNull();
  });
});

describe('money and quantities (in full, the coin precision, the language marks)', () => {
  it('shows an amount in full, truncated to the precision, without trailing zeros', () => {
    expect(formatAmount('100000')).toBe('100000');
    expect(formatAmount('6700.5')).toBe('6700.5');
    expect(formatAmount('92659.74100000')).toBe('92659.741');
    expect(formatAmount('0.00000000')).toBe('0');
    expect(formatAmount('0.123456789')).toBe('0.12345678');
    expect(formatAmount('1.99999', 2)).toBe('1.99');
    expect(formatAmount('-0.000000001')).toBe('0');
    expect(formatAmount('-12.50')).toBe('-12.5');
    expect(formatAmount('1e-7')).toBe('0.0000001');
  });

  it('groups digits and writes the decimal mark as the language does', () => {
    const en = numberMarks('en');
    expect(groupNumber('1000000', en)).toBe('1,000,000');
    expect(groupNumber('-1234567.891', en)).toBe('-1,234,567.891');
    expect(groupNumber('+12345.5%', en)).toBe('+12,345.5%');
    expect(groupNumber('999.99', en)).toBe('999.99');
    expect(groupNumber('1.2K', en)).toBe('1.2K');
    expect(groupNumber('1234567.5', numberMarks('fra'))).toBe('1\u202f234\u202f567,5');
    expect(groupNumber('1234.5', numberMarks('spa'))).toBe('1234,5');
    expect(groupNumber('12345.5', numberMarks('spa'))).toBe('12.345,5');
    expect(groupNumber('65000.12', PLAIN_MARKS)).toBe('65000.12');
    expect(groupNumber('--', en)).toBe('--');
  });

  it("formatPrice and formatCompact move a plain decimal string's digits as decimal.js does", () => {
    let seed = 11;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const digits = (n: number) => Array.from({ length: n }, () => String(rand(10))).join('');
    const differ: string[] = [];
    for (let n = 0; n < 5_000; n++) {
      const int = rand(4) === 0 ? '0' : String(1 + rand(9)) + digits(rand(25));
      const text = `${rand(3) ? '' : '-'}${int}${rand(4) ? `.${digits(1 + rand(12))}` : ''}`;
      const d = rand(10);
      const want = dec(text)
        .toFixed(d, ExactDecimal.ROUND_DOWN)
        .replace(/^-(0(\.0*)?)$/, '$1');
      if (formatPrice(text, d) !== want) differ.push(`${text} ${d}`);
    }
    expect(differ).toEqual([]);
    expect(formatPrice('-0.001', 2)).toBe('0.00');
    const compact: string[] = [];
    for (let n = 0; n < 5_000; n++) {
      const int =
        rand(5) === 0 ? '0' : rand(5) === 0 ? `1${'0'.repeat(rand(9))}` : String(1 + rand(9)) + digits(rand(10));
      const frac = rand(3) === 0 ? '' : rand(4) === 0 ? `.${'0'.repeat(1 + rand(3))}` : `.${digits(1 + rand(10))}`;
      const text = `${rand(3) ? '' : '-'}${int}${frac}`;
      const v = dec(text);
      const want = v.abs().gt(1_000_000)
        ? v.div(1_000_000).toFixed(1, ExactDecimal.ROUND_DOWN) + 'M'
        : v.abs().gt(1_000)
          ? v.div(1_000).toFixed(1, ExactDecimal.ROUND_DOWN) + 'K'
          : v.toFixed(4, ExactDecimal.ROUND_DOWN).replace(/^-(0(\.0*)?)$/, '$1');
      if (formatCompact(text) !== want) compact.push(text);
    }
    expect(compact).toEqual([]);
    expect(formatPrice('007.5', 2)).toBe('7.50');
    expect(formatPrice('1e3', 1)).toBe('1000.0');
  });

  it('groupNumber scans as the pattern it replaced matched, on any text', () => {
    const matched = (text: string, marks: NumberMarks) => {
      const m = /^([+-]?)(\d+)(?:\.(\d+))?(.*)$/.exec(text);
      if (!m) return text;
      const [, sign, int, frac, rest] = m;
      const grouped = int.length >= marks.groupFrom ? int.replace(/\B(?=(\d{3})+$)/g, marks.group) : int;
      return sign + grouped + (frac === undefined ? '' : marks.decimal + frac) + rest;
    };
    const chars = ['0', '1', '5', '9', '.', '-', '+', 'K', '%', ' ', '\n', 'e'];
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const all = (['en', 'fra', 'spa'] as const).map(numberMarks);
    const differ: string[] = [];
    for (let n = 0; n < 20_000; n++) {
      const digits = Array.from({ length: rand(12) }, () => String(rand(10))).join('');
      const text =
        rand(3) === 0
          ? Array.from({ length: rand(10) }, () => chars[rand(chars.length)]).join('')
          : `${['', '-', '+'][rand(3)]}${digits}${rand(2) ? `.${String(rand(1000))}` : ''}${['', 'K', '%', '.', 'M\n'][rand(5)]}`;
      for (const marks of all) if (groupNumber(text, marks) !== matched(text, marks)) differ.push(text);
    }
    expect(differ).toEqual([]);
  });

  it('figureText: amounts in full and grouped; K/M only for the compact (volume) rule; plain without marks', () => {
    const en = numberMarks('en');
    expect(figureText('100000', 'amount', 8, en)).toBe('100,000');
    expect(figureText('1000000', 'amount', 8, en)).toBe('1,000,000');
    expect(figureText('1000000', 'compact', 8, en)).toBe('1,000.0K');
    expect(figureText('2560000', 'compact', 8, en)).toBe('2.5M');
    expect(figureText('92659.741', 'price', 2, en)).toBe('92,659.74');
    expect(figureText('92659.741', 'price', 2)).toBe('92659.74');
    expect(figureText('0.00000000', 'amount', 8, numberMarks('zh'))).toBe('0');
    expect(figureText('6700.25', 'amount', 8, numberMarks('fra'))).toBe('6\u202f700,25');
    expect(figureText(null, 'amount', 8, en)).toBe('--');
  });

  it('a result in an asset: cents for USDT and fiat, in full for coins; an exact P&L never prints its tail', () => {
    const en = numberMarks('en');
    const text = (v: string, asset: string) => {
      const f = assetFormat(asset);
      return figureText(v, f.format, f.decimals, en);
    };
    expect(text('1573.1234567891234567', 'USDT')).toBe('1,573.12');
    expect(text('-0.913456789012', 'usdt')).toBe('-0.91');
    expect(text('1573.1', 'USDT')).toBe('1,573.10');
    expect(text('0.000123456789012', 'BTC')).toBe('0.00012345');
    expect(text('2.5000', 'ETH')).toBe('2.5');
    expect(text('1234.5', 'CNY')).toBe('1,234.50');
  });

  it('P2P figures in the language marks: fiat prices and totals in cents, a coin quantity in full', () => {
    const fiat = (v: string, code: string, lang: 'en' | 'fra' | 'spa' | 'th') => {
      const f = assetFormat(code);
      return figureText(v, f.format, f.decimals, numberMarks(lang));
    };
    const qty = (v: string, lang: 'en' | 'fra' | 'spa') => figureText(v, 'amount', 8, numberMarks(lang));
    // an ad's price and limits, an order's total
    expect(fiat('7.25', 'CNY', 'fra')).toBe('7,25');
    expect(fiat('1000', 'USD', 'fra')).toBe('1\u202f000,00');
    expect(fiat('1000', 'USD', 'spa')).toBe('1000,00');
    expect(fiat('12345.678', 'EUR', 'spa')).toBe('12.345,67');
    expect(fiat('36500', 'THB', 'th')).toBe('36,500.00');
    // the coin a buyer gets for 100 USD at 1.01: every unit of it, no padded zeros
    expect(qty('99.00990099', 'fra')).toBe('99,00990099');
    expect(qty('1500.50000000', 'spa')).toBe('1500,5');
    expect(qty('320.00000000', 'en')).toBe('320');
  });
});
