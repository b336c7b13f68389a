/**
 * The one door of server/market: market feed, candle store and socket fan-out.
 * - createMarket(...) → MarketService (see service.ts)
 * - marketRoutes(app, market): GET /api/currency/new_timeshar and /api/currency/quotation_new
 */
export {
  createMarket,
  type MarketService,
  type MarketConfig,
  type CreateMarketOptions,
  type MarketLog,
  type LastPrice,
  type TicksHandler,
} from './service';
export { marketRoutes } from './routes';
export { quoteGroups, setContractTerms, type QuoteGroup, type QuoteRow, type ContractTerms } from './quotation';
export type { ResolveUser, TickerMode, Ack } from './socket';
export { SimulatorFeed, ScriptedFeed, type MarketFeed, type ScriptedTick } from './feed';
export type { MarketTables } from '../db/market-tables';
export { changePercent } from './tickers';
