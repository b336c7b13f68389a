/**
 * The instrument catalogue: the one list the database seed (currencies, pairs) and the built-in
 * market simulator both read, so ids, symbols and starting prices always agree.
 * Ids 1-3 are fixed by the spec (BTC 1, ETH 2, USDC on ERC20 and TRC20 3).
 */
import type { MarketClass } from '../../core';

export interface CurrencySeed {
  id: number;
  name: string;
  /** networks the coin is deposited on (spec §3 subName) */
  networks: string[];
  market: MarketClass;
  /** starting price in USDT for the simulator and first-start backfill */
  price: string;
  /** annualised volatility used by the simulator (0.8 = 80 %) */
  vol: number;
  price_decimals: number;
  qty_decimals: number;
  /** whether it is traded against USDT */
  tradable: boolean;
}

export const QUOTE_ID = 4; // USDT, the legal (quote) currency of every pair

export const CURRENCIES: CurrencySeed[] = [
  { id: 1, name: 'BTC', networks: ['BTC'], market: 'crypto', price: '67250.00', vol: 0.6, price_decimals: 2, qty_decimals: 6, tradable: true },
  { id: 2, name: 'ETH', networks: ['ERC20'], market: 'crypto', price: '3480.50', vol: 0.7, price_decimals: 2, qty_decimals: 5, tradable: true },
  { id: 3, name: 'USDC', networks: ['ERC20', 'TRC20'], market: 'crypto', price: '1.0000', vol: 0.01, price_decimals: 4, qty_decimals: 2, tradable: true },
  { id: 4, name: 'USDT', networks: ['ERC20', 'TRC20'], market: 'crypto', price: '1', vol: 0, price_decimals: 4, qty_decimals: 2, tradable: false },
  { id: 5, name: 'LTC', networks: ['LTC'], market: 'crypto', price: '84.32', vol: 0.8, price_decimals: 2, qty_decimals: 4, tradable: true },
  { id: 6, name: 'BNB', networks: ['BEP20'], market: 'crypto', price: '585.40', vol: 0.6, price_decimals: 2, qty_decimals: 4, tradable: true },
  { id: 7, name: 'SOL', networks: ['SOL'], market: 'crypto', price: '152.36', vol: 0.9, price_decimals: 2, qty_decimals: 3, tradable: true },
  { id: 8, name: 'XRP', networks: ['XRP'], market: 'crypto', price: '0.5231', vol: 0.8, price_decimals: 4, qty_decimals: 1, tradable: true },
  { id: 9, name: 'ADA', networks: ['ADA'], market: 'crypto', price: '0.4512', vol: 0.8, price_decimals: 4, qty_decimals: 1, tradable: true },
  { id: 10, name: 'DOGE', networks: ['DOGE'], market: 'crypto', price: '0.1234', vol: 1.0, price_decimals: 5, qty_decimals: 0, tradable: true },
  { id: 11, name: 'TRX', networks: ['TRC20'], market: 'crypto', price: '0.1187', vol: 0.6, price_decimals: 5, qty_decimals: 0, tradable: true },
  { id: 12, name: 'DOT', networks: ['DOT'], market: 'crypto', price: '6.842', vol: 0.8, price_decimals: 3, qty_decimals: 2, tradable: true },
  { id: 13, name: 'POL', networks: ['ERC20'], market: 'crypto', price: '0.5620', vol: 0.9, price_decimals: 4, qty_decimals: 1, tradable: true },
  { id: 14, name: 'AVAX', networks: ['AVAX'], market: 'crypto', price: '28.45', vol: 0.9, price_decimals: 2, qty_decimals: 2, tradable: true },
  { id: 15, name: 'LINK', networks: ['ERC20'], market: 'crypto', price: '14.236', vol: 0.8, price_decimals: 3, qty_decimals: 2, tradable: true },
  { id: 16, name: 'BCH', networks: ['BCH'], market: 'crypto', price: '372.80', vol: 0.8, price_decimals: 2, qty_decimals: 4, tradable: true },
  { id: 17, name: 'UNI', networks: ['ERC20'], market: 'crypto', price: '7.915', vol: 0.9, price_decimals: 3, qty_decimals: 2, tradable: true },
  { id: 18, name: 'ATOM', networks: ['ATOM'], market: 'crypto', price: '6.473', vol: 0.8, price_decimals: 3, qty_decimals: 2, tradable: true },
  { id: 19, name: 'XLM', networks: ['XLM'], market: 'crypto', price: '0.1042', vol: 0.7, price_decimals: 5, qty_decimals: 0, tradable: true },
  { id: 20, name: 'ETC', networks: ['ETC'], market: 'crypto', price: '22.61', vol: 0.8, price_decimals: 2, qty_decimals: 2, tradable: true },
  { id: 21, name: 'FIL', networks: ['FIL'], market: 'crypto', price: '4.218', vol: 0.9, price_decimals: 3, qty_decimals: 2, tradable: true },
  { id: 22, name: 'NEAR', networks: ['NEAR'], market: 'crypto', price: '5.127', vol: 0.9, price_decimals: 3, qty_decimals: 2, tradable: true },
  { id: 23, name: 'APT', networks: ['APT'], market: 'crypto', price: '8.934', vol: 0.9, price_decimals: 3, qty_decimals: 2, tradable: true },
  { id: 24, name: 'ARB', networks: ['ARB'], market: 'crypto', price: '0.7425', vol: 1.0, price_decimals: 4, qty_decimals: 1, tradable: true },
  { id: 25, name: 'OP', networks: ['OP'], market: 'crypto', price: '1.684', vol: 1.0, price_decimals: 4, qty_decimals: 1, tradable: true },
  { id: 26, name: 'SHIB', networks: ['ERC20'], market: 'crypto', price: '0.00001782', vol: 1.1, price_decimals: 8, qty_decimals: 0, tradable: true },
  { id: 27, name: 'TON', networks: ['TON'], market: 'crypto', price: '5.412', vol: 0.8, price_decimals: 3, qty_decimals: 2, tradable: true },
  { id: 28, name: 'SUI', networks: ['SUI'], market: 'crypto', price: '1.0850', vol: 1.1, price_decimals: 4, qty_decimals: 1, tradable: true },
  { id: 101, name: 'AAPL', networks: [], market: 'stock', price: '228.52', vol: 0.25, price_decimals: 2, qty_decimals: 2, tradable: true },
  { id: 102, name: 'MSFT', networks: [], market: 'stock', price: '415.10', vol: 0.25, price_decimals: 2, qty_decimals: 2, tradable: true },
  { id: 103, name: 'NVDA', networks: [], market: 'stock', price: '121.44', vol: 0.5, price_decimals: 2, qty_decimals: 2, tradable: true },
  { id: 104, name: 'TSLA', networks: [], market: 'stock', price: '248.98', vol: 0.55, price_decimals: 2, qty_decimals: 2, tradable: true },
  { id: 105, name: 'AMZN', networks: [], market: 'stock', price: '186.51', vol: 0.3, price_decimals: 2, qty_decimals: 2, tradable: true },
  { id: 106, name: 'GOOGL', networks: [], market: 'stock', price: '163.24', vol: 0.3, price_decimals: 2, qty_decimals: 2, tradable: true },
  { id: 107, name: 'META', networks: [], market: 'stock', price: '567.36', vol: 0.35, price_decimals: 2, qty_decimals: 2, tradable: true },
  { id: 108, name: 'NFLX', networks: [], market: 'stock', price: '702.15', vol: 0.35, price_decimals: 2, qty_decimals: 2, tradable: true },
];

/** Every tradable pair, quoted in USDT. */
export function pairs(): { symbol: string; base: CurrencySeed }[] {
  return CURRENCIES.filter((c) => c.tradable).map((c) => ({ symbol: `${c.name}/USDT`, base: c }));
}
