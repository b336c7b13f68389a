/**
 * What every trading operation needs: the database, the market (prices, user events), the clock,
 * the per-pair settings and the per-user queue. Created once by the trading engine.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import type { MarketService } from '../../../market';
import { AppError } from '../../../errors';
import type { PairSettings } from './settings';
import { KeyedLock } from './user-lock';
import type { Books } from './books';

export interface TradeContext {
  db: Kysely<Database>;
  market: Pick<MarketService, 'lastPrice' | 'emitToUser' | 'books'> & Partial<Pick<MarketService, 'priceStale'>>;
  /** the clock (ms); tests replace it */
  now: () => number;
  settings: Map<string, PairSettings>;
  locks: KeyedLock;
  books: Books;
  /** forced-close line of the lever account's risk rate, percent */
  liquidationLine: string;
}

export function pairBySymbol(ctx: TradeContext, symbol: string): PairSettings {
  const p = ctx.settings.get(symbol);
  if (!p) throw new AppError('trade_pair_unknown');
  return p;
}

export function pairByIds(ctx: TradeContext, currencyId: number, legalId?: number): PairSettings {
  for (const p of ctx.settings.values())
    if (p.currencyId === currencyId && (legalId === undefined || p.legalId === legalId)) return p;
  throw new AppError('trade_pair_unknown');
}

/**
 * The feed's current price of a pair, or a clear error when it has none yet — or when a real venue
 * has gone quiet for it (MARKET_FEED=binance): nothing opens or closes at a price we cannot vouch for.
 */
export function currentPrice(ctx: TradeContext, symbol: string): { price: string; seq: number; ts: number } {
  const lp = ctx.market.lastPrice(symbol);
  if (!lp || ctx.market.priceStale?.(symbol)) throw new AppError('trade_no_price');
  return lp;
}

export function userLock<T>(ctx: TradeContext, userId: number, fn: () => Promise<T>): Promise<T> {
  return ctx.locks.run(`u${userId}`, fn);
}

export type Trx = Transaction<Database>;
