/**
 * Our socket's channel names as a client subscribes them (DESIGN §3 "Socket"): `tickers`,
 * `tickers:<symbol>`, `kline:<symbol>:<period>`, `depth:<symbol>`, `trades:<symbol>`.
 */
import { z } from 'zod';
import { channel, isPeriod, type Period } from '../../core';
import { TICKER_PREFIX } from './wire';

const MAX_CHANNELS = 500;
export const subscribeSchema = z.object({ channels: z.array(z.string().max(100)).max(MAX_CHANNELS) });

export type Parsed =
  | { kind: 'tickers' }
  | { kind: 'ticker'; symbol: string }
  | { kind: 'kline'; symbol: string; period: Period }
  | { kind: 'depth' | 'trades'; symbol: string };

/** "kline:BTC/USDT:1min" → parts; symbols contain "/" but never ":". */
export function parseChannel(name: string, isSymbol: (s: string) => boolean): Parsed | undefined {
  if (name === channel.tickers) return { kind: 'tickers' };
  if (name.startsWith(TICKER_PREFIX)) {
    const symbol = name.slice(TICKER_PREFIX.length);
    return isSymbol(symbol) ? { kind: 'ticker', symbol } : undefined;
  }
  const parts = name.split(':');
  if (parts[0] === 'kline' && parts.length === 3 && isSymbol(parts[1]) && isPeriod(parts[2]))
    return { kind: 'kline', symbol: parts[1], period: parts[2] };
  if ((parts[0] === 'depth' || parts[0] === 'trades') && parts.length === 2 && isSymbol(parts[1]))
    return { kind: parts[0], symbol: parts[1] };
  return undefined;
}
