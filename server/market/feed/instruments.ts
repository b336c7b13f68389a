/**
 * The feed's symbol list: the catalogue's tradable pairs, plus (benchmarks only) N synthetic
 * in-memory symbols SYM0001/USDT… that exist in no database table.
 */
import { pairs } from '../../catalog/instruments';
import { hashSeed, mulberry32 } from './prng';
import type { FeedInstrument } from './types';

export function catalogInstruments(): FeedInstrument[] {
  return pairs().map(({ symbol, base }, i) => ({
    symbol,
    price: base.price,
    vol: base.vol,
    price_decimals: base.price_decimals,
    qty_decimals: base.qty_decimals,
    // Leaders (listed first) trade more often; 1/sqrt(rank) gives BTC ~5× the ticks of the tail.
    weight: 1 / Math.sqrt(i + 1),
    synthetic: false,
  }));
}

export function syntheticInstruments(count: number, seed: number): FeedInstrument[] {
  const rng = mulberry32(hashSeed(seed, 'synthetic'));
  const out: FeedInstrument[] = [];
  for (let i = 1; i <= count; i++) {
    const price = Math.exp(rng.next() * Math.log(5000)) * 0.2; // 0.2 … 1000, log-uniform
    out.push({
      symbol: `SYM${String(i).padStart(4, '0')}/USDT`,
      price: price.toFixed(4),
      vol: 0.5 + rng.next(),
      price_decimals: 4,
      qty_decimals: 2,
      weight: 1,
      synthetic: true,
    });
  }
  return out;
}

export function marketInstruments(extraSymbols: number, seed: number): FeedInstrument[] {
  return [...catalogInstruments(), ...syntheticInstruments(extraSymbols, seed)];
}
