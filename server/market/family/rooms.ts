/**
 * The family's room names, periods and pace (WIRE.md "Socket"): one place for what the other
 * family modules share.
 */
import { isPeriod, type Period } from '../../../core';

/** the open candle of a watched pair goes out at most this often */
export const FAMILY_FLUSH_MS = 250;
/** one pair's daymarket at most this often: 35 pairs are 35 events a second per client */
export const DAYMARKET_MS = 1000;
/** a pair room's market_depth and kline at most this often (sockets that never watch) */
export const FAMILY_PAIR_MS = 1000;
export const FAMILY_DEPTH_LEVELS = 5;
/**
 * The candle period a socket that never watched gets: the family's charts open on their first
 * interval (1min) and filter `kline` by symbol and period; another period's chart still loads its
 * history from new_timeshar and can `watch` for its live candle.
 */
export const FAMILY_PAIR_PERIOD: Period = '1min';

export const FAMILY_PREFIX = {
  depth: 'family:depth:',
  kline: 'family:kline:',
  trades: 'family:trades:',
  pair: 'family:pair:',
} as const;

export const familyRoom = {
  daymarket: 'family:daymarket',
  depth: (symbol: string) => `${FAMILY_PREFIX.depth}${symbol}`,
  kline: (symbol: string, period: Period) => `${FAMILY_PREFIX.kline}${symbol}:${period}`,
  trades: (symbol: string) => `${FAMILY_PREFIX.trades}${symbol}`,
  /** every socket that logged in the family's way and never watched: one room per listed pair */
  pair: (symbol: string) => `${FAMILY_PREFIX.pair}${symbol}`,
  user: (userId: number | string) => `family:user:${userId}`,
};

/** "family:kline:BTC/USDT:1min" → its symbol and period (symbols contain "/" but never ":"). */
export function klineRoomParts(room: string): { symbol: string; period: Period } | undefined {
  if (!room.startsWith(FAMILY_PREFIX.kline)) return undefined;
  const rest = room.slice(FAMILY_PREFIX.kline.length);
  const i = rest.lastIndexOf(':');
  const period = rest.slice(i + 1);
  return i > 0 && isPeriod(period) ? { symbol: rest.slice(0, i), period } : undefined;
}

/** The symbol of a `family:<kind>:<symbol>` room, or undefined for another room. */
export function roomSymbol(room: string, kind: 'depth' | 'trades' | 'pair'): string | undefined {
  const prefix = FAMILY_PREFIX[kind];
  return room.startsWith(prefix) ? room.slice(prefix.length) : undefined;
}

/** The family's period names beside ours (WIRE.md). */
const PERIOD_ALIASES: Record<string, Period> = {
  '1D': '1day',
  '1W': '1week',
  '1M': '1mon',
  '1H': '60min',
  '4H': '4hour',
};
export function familyPeriod(v: unknown): Period | undefined {
  if (typeof v !== 'string') return undefined;
  const p = PERIOD_ALIASES[v] ?? v;
  return isPeriod(p) ? p : undefined;
}

export interface FamilyAck {
  ok: boolean;
  error?: string;
}

export function reply(ack: unknown, body: FamilyAck): void {
  if (typeof ack === 'function') (ack as (a: FamilyAck) => void)(body);
}
