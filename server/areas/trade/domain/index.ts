/**
 * The one door of the trading domain: spot, lever and seconds engines over one context.
 * seedTrade (the area's seed step) writes the per-pair settings, seconds configurations and the
 * liquidation line (idempotent); createTradeContext loads them and the in-memory books; the jobs
 * (the area's jobs/) and the routes both act through it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { createBooks } from './books';
import type { TradeContext } from './context';
import { loadPairSettings, seedTradeSettings } from './settings';
import { loadSecondsBook as loadSeconds, seedSecondsConfigs } from './seconds';
import { KeyedLock } from './user-lock';
import { loadSpotBook } from './spot';
import { loadLeverBook } from './lever-events';

export const LIQUIDATION_LINE_KEY = 'lever_liquidation_line';
const DEFAULT_LIQUIDATION_LINE = '50';

export async function seedTrade(db: Kysely<Database>): Promise<void> {
  await seedTradeSettings(db);
  await seedSecondsConfigs({ db });
  await db
    .insertInto('settings')
    .values({ key: LIQUIDATION_LINE_KEY, value: DEFAULT_LIQUIDATION_LINE })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function createTradeContext(
  db: Kysely<Database>,
  market: TradeContext['market'],
  now: () => number = Date.now,
): Promise<TradeContext> {
  const line = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', LIQUIDATION_LINE_KEY)
    .executeTakeFirst();
  const ctx: TradeContext = {
    db,
    market,
    now,
    settings: await loadPairSettings(db),
    locks: new KeyedLock(),
    books: createBooks(),
    liquidationLine: line?.value ?? DEFAULT_LIQUIDATION_LINE,
  };
  await loadSpotBook(ctx);
  await loadLeverBook(ctx);
  await loadSeconds(ctx);
  return ctx;
}

/**
 * An engine that has just become the leader (cluster mode): the settings, the liquidation line
 * and every in-memory book again from the database, in place (routes and jobs hold this context).
 */
export async function reloadTradeContext(ctx: TradeContext): Promise<void> {
  const line = await ctx.db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', LIQUIDATION_LINE_KEY)
    .executeTakeFirst();
  ctx.settings = await loadPairSettings(ctx.db);
  ctx.liquidationLine = line?.value ?? DEFAULT_LIQUIDATION_LINE;
  ctx.books = createBooks();
  ctx.market.books.clearOrders();
  await loadSpotBook(ctx);
  await loadLeverBook(ctx);
  await loadSeconds(ctx);
}

export type { TradeContext } from './context';
export { pairByIds, pairBySymbol, currentPrice } from './context';
export { placeSpotOrder, cancelSpotOrder, listSpotOrders } from './spot';
export { matchSpot, onSymbol } from './matching/engine';
export { scheduleCross } from './matching/cross';
export { submitLever, fillEntrusted } from './lever-open';
export { closePosition, closeOrCancel, batchClose, setStops } from './lever-close';
export { liquidateIfDue } from './lever-liquidate';
export { chargeOvernight, utcDay } from './lever-overnight';
export { openingMoves, closingMoves } from './lever-moves';
export { accountView, summarise, riskInput, contractOf, withLiquidationPeers } from './lever-view';
export {
  submitSeconds,
  settleSeconds,
  listSeconds,
  secondsResult,
  secondsConfigs,
  payableCurrencies,
  PAYABLE_CURRENCIES,
} from './seconds';
export { settleSecondsJob } from './seconds-backstop';
export { SECONDS_SETTLE, secondsSettleJob } from './seconds-queue';
export { secondsWritersFor, type SubmitElement } from './seconds-commit';
export { publicSettings, type PairSettings } from './settings';
export { parseAmount, parseOptionalPrice } from './amounts';
export { isMarketOpen, STOCK_HOURS_TEXT } from '../../../../core';
export type { TickRef } from './books';
export { loadPairSettings } from './settings';
export { Moves, onPositionChange, type PositionChange } from './events';
export { leverAvailable, type LeverRow } from './lever-view';
export { openAtMarket, closeAtPrice, type LeverOpen } from './lever-commit';
export { placeLimit, fillAtLimit } from './lever-limit-commit';
export { liquidateAtPrices, chargeOvernightOf } from './lever-risk-commit';
export { lastDurableTick } from './ticks';
