/**
 * The simulator's venue order book: generated on demand around the symbol's last trade, so an
 * unwatched symbol costs nothing and 50,000 ticks/s allocate no books. Deterministic: the same
 * seed, symbol, tick seq and price give the same book on every machine.
 *
 * Shape per instrument (drawn once from the seed): 20–50 levels a side on a "nice" price step
 * (a power of ten near 1 bp of the price, at least one price unit), a spread of 1–3 steps, and a
 * touch worth 2,000–20,000 USDT; sizes thin out from the touch (exponential decay) with noise.
 * Consistent with the trade stream: after a buy (taker lifted the ask) the ask touch sits at the
 * trade price, after a sell the bid touch does; the other side is a spread away.
 */
import { hashSeed, mulberry32 } from './prng';
import type { FeedInstrument, VenueBook, VenueLevel } from './types';
import { formatUnits, toUnits } from './units';

export interface BookShape {
  levels: number;
  spreadSteps: number;
  /** level step in price units (10^-price_decimals) */
  stepUnits: number;
  /** USDT worth of the touch level */
  touchNotional: number;
}

export function bookShape(ins: FeedInstrument, seed: number): BookShape {
  const rng = mulberry32(hashSeed(seed, `book:${ins.symbol}`));
  const priceUnits = Number(ins.price) * 10 ** ins.price_decimals;
  const bp = priceUnits * 1e-4;
  return {
    levels: 20 + Math.floor(rng.next() * 31),
    spreadSteps: 1 + Math.floor(rng.next() * 3),
    stepUnits: bp < 1 ? 1 : 10 ** Math.floor(Math.log10(bp)),
    touchNotional: 2000 * Math.exp(rng.next() * Math.log(10)),
  };
}

/** The book right after a trade at `priceUnits` whose taker was `side`. */
export function simBook(
  ins: FeedInstrument,
  shape: BookShape,
  seed: number,
  seq: number,
  priceUnits: number,
  side: 'buy' | 'sell',
): VenueBook {
  const rng = mulberry32(hashSeed((seed + Math.imul(seq, 0x9e3779b1)) >>> 0, ins.symbol));
  const step = shape.stepUnits;
  const gap = shape.spreadSteps * step;
  const ask0 = side === 'buy' ? Math.ceil(priceUnits / step) * step : Math.floor(priceUnits / step) * step + gap;
  const bid0 = ask0 - gap;
  const price = priceUnits / 10 ** ins.price_decimals;
  const touchQty = shape.touchNotional / price;
  const decay = shape.levels / 3;
  const level = (units: number, i: number): VenueLevel => ({
    price: formatUnits(units, ins.price_decimals),
    qty: formatUnits(toUnits(touchQty * Math.exp(-i / decay) * (0.5 + rng.next()), ins.qty_decimals), ins.qty_decimals),
  });
  const bids: VenueLevel[] = [];
  const asks: VenueLevel[] = [];
  for (let i = 0; i < shape.levels; i++) {
    asks.push(level(ask0 + i * step, i));
    const b = bid0 - i * step;
    if (b > 0) bids.push(level(b, i));
  }
  return { symbol: ins.symbol, version: seq, bids, asks };
}
