/**
 * Routes for /coin (spot), /lever (contracts, lever-routes.ts) and /microtrade (seconds options). Request and
 * answer shapes: core/types/trade.ts. Every route needs a login and touches only the caller's
 * orders; state-changing POSTs honour an Idempotency-Key. List routes accept GET query or POST form.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CONSTANTS, toPaginator, type PairTradeSettings } from '../../../core';
import { ok } from '../../http/envelope';
import { AppError } from '../../errors';
import { parse } from '../../kernel/validate';
import { withIdempotency } from '../../http/idempotency';
import {
  cancelSpotOrder,
  listSeconds,
  listSpotOrders,
  pairByIds,
  parseAmount,
  parseOptionalPrice,
  payableCurrencies,
  placeSpotOrder,
  publicSettings,
  secondsConfigs,
  secondsResult,
  submitSeconds,
} from './domain';
import { int } from '../../kernel/fields';
import { requestInput as input } from '../../kernel/input';
import { secondsDirection, secondsListStatus, spotListStatus, spotSide } from './wire';
import { IdBody, id, limit, optionalId, page, routeKit } from './route-kit';
import { registerLeverRoutes } from './lever-routes';

/** Decimals a quote amount (USDT) may have: the ledger's 8. */
const QUOTE_DECIMALS = 8;
const SpotTradeBody = z.object({
  amount: z.unknown().optional(),
  quote_amount: z.unknown().optional(),
  target_price: z.unknown().optional(),
  currency_id: id,
  legal_id: id,
  type: spotSide,
});
const SpotListBody = z.object({
  currency_id: optionalId,
  legal_id: optionalId,
  status: spotListStatus,
  page,
  limit: limit(CONSTANTS.pageSize),
});
const SecondsSubmitBody = z.object({
  match_id: id,
  currency_id: id,
  type: secondsDirection,
  seconds: int(1, 86_400),
  number: z.unknown(),
});
const SecondsListBody = z.object({
  match_id: optionalId,
  status: secondsListStatus,
  page,
  limit: limit(CONSTANTS.secondsPageSize),
});

export async function tradeRoutes(app: FastifyInstance): Promise<void> {
  registerSettingsRoute(app);
  registerSpotRoutes(app);
  registerLeverRoutes(app);
  registerSecondsRoutes(app);
}

/** Public: the pages show fees, lots, multiples before login. */
function registerSettingsRoute(app: FastifyInstance): void {
  const { ctx } = routeKit(app);
  app.get('/coin/settings', async (): Promise<ReturnType<typeof ok<PairTradeSettings[]>>> =>
    ok([...ctx().settings.values()].map((s) => publicSettings(s, ctx().now()))),
  );
}

/** Spot: place (by quantity, or a market buy by what it spends), list, cancel. */
function registerSpotRoutes(app: FastifyInstance): void {
  const { auth, both, ctx } = routeKit(app);
  app.post('/coin/trade', auth, async (req) => {
    const b = parse(SpotTradeBody, input(req));
    const pair = pairByIds(ctx(), b.currency_id, b.legal_id);
    const targetPrice = parseOptionalPrice(b.target_price, pair.priceDecimals);
    // a market buy may name what it spends (quote_amount, fee included) instead of its quantity
    if (b.quote_amount !== undefined && b.quote_amount !== '') {
      if (b.type !== 'buy' || targetPrice !== null) throw new AppError('trade_amount_invalid');
      const quoteAmount = parseAmount(b.quote_amount, { decimals: QUOTE_DECIMALS });
      return ok(
        await withIdempotency(req, 'coin/trade', (key) =>
          placeSpotOrder(ctx(), req.userId, { symbol: pair.symbol, side: 'buy', quoteAmount, targetPrice: null }, key),
        ),
      );
    }
    const amount = parseAmount(b.amount, { decimals: pair.qtyDecimals, min: pair.spotMinAmount });
    return ok(
      await withIdempotency(req, 'coin/trade', (key) =>
        placeSpotOrder(ctx(), req.userId, { symbol: pair.symbol, side: b.type, amount, targetPrice }, key),
      ),
    );
  });
  both('/coin/list', async (req) => {
    const b = parse(SpotListBody, input(req));
    const symbol = b.currency_id ? pairByIds(ctx(), b.currency_id, b.legal_id).symbol : undefined;
    // a plain array of orders, as the family's clients read it (WIRE.md); a full page means "maybe more"
    return ok(
      (await listSpotOrders(ctx(), req.userId, { symbol, status: b.status, page: b.page, limit: b.limit })).list,
    );
  });
  app.post('/coin/cancel', auth, async (req) => {
    const b = parse(IdBody, input(req));
    return ok(await withIdempotency(req, 'coin/cancel', (key) => cancelSpotOrder(ctx(), req.userId, b.id, key)));
  });
}

/** Seconds options: the stake currencies and terms, submit, list, one order's result. */
function registerSecondsRoutes(app: FastifyInstance): void {
  const { auth, both, ctx } = routeKit(app);
  both('/microtrade/payable_currencies', async (req) => ok(await payableCurrencies(ctx(), req.userId)));
  app.route({
    method: ['GET', 'POST'],
    url: '/microtrade/seconds',
    handler: async () => ok(await secondsConfigs(ctx())),
  });
  app.post('/microtrade/submit', auth, async (req) => {
    const b = parse(SecondsSubmitBody, input(req));
    return ok(
      // the key is claimed, and its answer stored, in the order's group commit (seconds-commit.ts)
      await withIdempotency(
        req,
        'microtrade/submit',
        (key) =>
          submitSeconds(
            ctx(),
            req.userId,
            { matchId: b.match_id, currencyId: b.currency_id, type: b.type, seconds: b.seconds, number: b.number },
            key,
          ),
        { inStatement: true },
      ),
    );
  });
  both('/microtrade/lists', async (req) => {
    const b = parse(SecondsListBody, input(req));
    const symbol = b.match_id ? pairByIds(ctx(), b.match_id).symbol : undefined;
    const p = await listSeconds(ctx(), req.userId, {
      symbol,
      status: b.status || undefined,
      page: b.page,
      limit: b.limit,
    });
    return ok(toPaginator(p.list, p.page, p.limit, p.total));
  });
  both('/microtrade/get_result', async (req) => {
    const b = parse(IdBody, input(req));
    return ok(await secondsResult(ctx(), req.userId, b.id));
  });
}
