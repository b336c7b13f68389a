import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Quote } from '../../api/market';
import type { TickerRow } from '../../market/types';
import { nextSort, parseSort, sortParam, sortQuotes, turnover } from './sort';
import { matchPairs, normaliseQuery } from './search-match';
import { pushRecent, RECENT_MAX } from './recent';
import { hotPairs } from './hot';

const q = (
  base: string,
  last: string,
  change: string,
  volume: string,
  market: 'crypto' | 'stock' = 'crypto',
): Quote => ({
  symbol: `${base}/USDT`,
  base,
  quote: 'USDT',
  currency_id: 1,
  legal_id: 4,
  market,
  price_decimals: 2,
  qty_decimals: 2,
  last,
  open: last,
  high: last,
  low: last,
  volume,
  change,
});

const BTC = q('BTC', '67000', '+1.20', '100'); // turnover 6.7M
const ETH = q('ETH', '3400', '-2.50', '5000'); // 17M
const DOGE = q('DOGE', '0.12', '+9.00', '1000000'); // 120K
const SHIB = q('SHIB', '0.00001782', '0.00', '900000000'); // 16K
const ETC = q('ETC', '22', '+0.10', '10');
const LIST = [BTC, ETH, DOGE, SHIB, ETC];
const none = () => undefined;
const syms = (l: Quote[]) => l.map((x) => x.base);

describe('market list sort', () => {
  it('sorts by change, price and quote turnover (not raw base volume)', () => {
    expect(syms(sortQuotes(LIST, { key: 'change', dir: 'desc' }, none))).toEqual(['DOGE', 'BTC', 'ETC', 'SHIB', 'ETH']);
    expect(syms(sortQuotes(LIST, { key: 'price', dir: 'asc' }, none))).toEqual(['SHIB', 'DOGE', 'ETC', 'ETH', 'BTC']);
    // SHIB trades the most coins but the least money after ETC
    expect(syms(sortQuotes(LIST, { key: 'volume', dir: 'desc' }, none))).toEqual(['ETH', 'BTC', 'DOGE', 'SHIB', 'ETC']);
    expect(turnover({ last: '0.00001782', changePct: '0', volume: '900000000' })).toBe('16038.00');
  });

  it('uses the live ticker when the stream has spoken', () => {
    const live = (s: string): TickerRow | undefined =>
      s === 'ETH/USDT'
        ? {
            symbol: s,
            last: '3500',
            open: '3000',
            high: '3500',
            low: '3000',
            volume: '1',
            changePct: '+16.67',
            turnover: '3500.00',
            dir: 1,
            seq: 1,
            ts: 1,
          }
        : undefined;
    expect(syms(sortQuotes(LIST, { key: 'change', dir: 'desc' }, live))[0]).toBe('ETH');
  });

  it('keeps catalogue order without a sort, and for ties; puts unknown figures last', () => {
    expect(sortQuotes(LIST, null, none)).toEqual(LIST);
    const a = q('A', '1', '0', '1');
    const b = q('B', '1', '0', '1');
    const bad = q('X', '', 'n/a', '');
    expect(syms(sortQuotes([bad, a, b], { key: 'price', dir: 'asc' }, none))).toEqual(['A', 'B', 'X']);
    expect(syms(sortQuotes([bad, a, b], { key: 'price', dir: 'desc' }, none))).toEqual(['A', 'B', 'X']);
  });

  it('is a permutation and ordered, for any figures', () => {
    const arb = fc.array(
      fc.tuple(fc.double({ min: 0, max: 1e9, noNaN: true }), fc.double({ min: -100, max: 1000, noNaN: true })),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(arb, fc.constantFrom('asc' as const, 'desc' as const), (rows, dir) => {
        const list = rows.map(([p, c], i) => q(`C${i}`, p.toFixed(8), c.toFixed(2), '1'));
        const out = sortQuotes(list, { key: 'change', dir }, none);
        expect(new Set(out.map((x) => x.base))).toEqual(new Set(list.map((x) => x.base)));
        for (let i = 1; i < out.length; i++) {
          const d = Number(out[i].change) - Number(out[i - 1].change);
          expect(dir === 'asc' ? d >= 0 : d <= 0).toBe(true);
        }
      }),
    );
  });

  it('cycles a column desc → asc → off, and round-trips through the URL', () => {
    const a = nextSort(null, 'change');
    expect(a).toEqual({ key: 'change', dir: 'desc' });
    const b = nextSort(a, 'change');
    expect(b).toEqual({ key: 'change', dir: 'asc' });
    expect(nextSort(b, 'change')).toBeNull();
    expect(nextSort(b, 'price')).toEqual({ key: 'price', dir: 'desc' });
    expect(parseSort(sortParam({ key: 'volume', dir: 'asc' }))).toEqual({ key: 'volume', dir: 'asc' });
    for (const junk of [null, '', 'price', 'price.up', 'x.asc']) expect(parseSort(junk)).toBeNull();
  });
});

describe('pair search', () => {
  it('finds a pair however a trader types it, exact base first', () => {
    expect(syms(matchPairs(LIST, 'eth'))).toEqual(['ETH']);
    expect(syms(matchPairs(LIST, 'ETH/USDT'))).toEqual(['ETH']);
    expect(syms(matchPairs(LIST, ' eth-usdt '))).toEqual(['ETH']);
    expect(syms(matchPairs(LIST, 'et'))).toEqual(['ETH', 'ETC']);
    expect(syms(matchPairs(LIST, 'usdt'))).toEqual(syms(LIST));
    expect(matchPairs(LIST, 'zzz')).toEqual([]);
    expect(matchPairs(LIST, '  / ')).toEqual([]);
    expect(normaliseQuery('b t c/usdt')).toBe('BTCUSDT');
  });
});

describe('recent views', () => {
  it('keeps the last ten, newest first, without duplicates', () => {
    let l: string[] = [];
    for (let i = 0; i < 15; i++) l = pushRecent(l, `C${i}/USDT`);
    expect(l).toHaveLength(RECENT_MAX);
    expect(l[0]).toBe('C14/USDT');
    l = pushRecent(l, 'C10/USDT');
    expect(l[0]).toBe('C10/USDT');
    expect(l.filter((s) => s === 'C10/USDT')).toHaveLength(1);
    expect(l).toHaveLength(RECENT_MAX);
  });
});

describe('hot search', () => {
  it('ranks by 24h turnover and skips pairs with no volume', () => {
    expect(syms(hotPairs([...LIST, q('NEW', '5', '0', '0')], 3))).toEqual(['ETH', 'BTC', 'DOGE']);
  });
});
