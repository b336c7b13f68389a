/**
 * The one symbol map between our instruments and Binance spot symbols: "BTC/USDT" ↔ "BTCUSDT".
 *
 * Every crypto pair of the catalogue quoted in USDT has a Binance spot market of the same base name
 * (checked by hand against Binance's exchangeInfo, Nov 2026). Stocks have none: with
 * MARKET_FEED=binance they stay on the simulator (server/market/feed/composite.ts). A pair can be
 * kept off the venue with BINANCE_SYMBOLS (a comma list of ours, e.g. "BTC/USDT,ETH/USDT").
 */
import { CURRENCIES } from '../../../catalog/instruments';

/** Bases that trade on Binance under another name (none today: one line per exception). */
const RENAMED: Readonly<Record<string, string>> = {};

export interface SymbolMap {
  /** ours → venue ("BTC/USDT" → "BTCUSDT"), only the symbols the venue quotes */
  toVenue(symbol: string): string | undefined;
  /** venue → ours ("BTCUSDT" → "BTC/USDT"); case-insensitive, as stream names are lower case */
  fromVenue(venue: string): string | undefined;
  /** our symbols on the venue, in catalogue order */
  symbols(): string[];
}

function symbolMap(pairs: readonly { ours: string; venue: string }[]): SymbolMap {
  const to = new Map(pairs.map((p) => [p.ours, p.venue.toUpperCase()]));
  const from = new Map(pairs.map((p) => [p.venue.toUpperCase(), p.ours]));
  return {
    toVenue: (s) => to.get(s),
    fromVenue: (v) => from.get(v.toUpperCase()),
    symbols: () => [...to.keys()],
  };
}

/** The catalogue's crypto USDT pairs on Binance, optionally narrowed to `only` (our symbols). */
export function binanceSymbols(only?: readonly string[]): SymbolMap {
  const pairs = CURRENCIES.filter((c) => c.tradable && c.market === 'crypto')
    .map((c) => ({ ours: `${c.name}/USDT`, venue: `${RENAMED[c.name] ?? c.name}USDT` }))
    .filter((p) => !only || only.includes(p.ours));
  return symbolMap(pairs);
}
