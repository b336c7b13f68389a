/**
 * The one door of server/market: market feed, candle store and socket fan-out.
 * - createMarket(...) → MarketService (service.ts; its options and answers in service-types.ts)
 * - marketRoutes(app, market): GET /api/currency/new_timeshar and /api/currency/quotation_new
 */
export { createMarket, type MarketService } from './service';
export { marketRoutes } from './routes';
export { quoteGroups, setContractTerms, type QuoteGroup } from './quotation';
export type { Ack } from './socket';
export { ScriptedFeed } from './feed';
