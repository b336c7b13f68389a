/**
 * Routes for /coin (spot), /lever (contracts) and /microtrade (seconds options). Request and
 * answer shapes: core/types/trade.ts. Every route needs a login and touches only the caller's
 * orders; state-changing POSTs honour an Idempotency-Key. List routes accept GET query or POST form.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CONSTANTS,
  toPaginator,
  type LeverMyTradeAnswer,
  type LeverDealAllResponse,
  type LeverDealResponse,
  type PairTradeSettings,
} from '../../../core';
import { ok } from '../../http/envelope';
import { AppError } from '../../errors';
import { parse } from '../../kernel/validate';
import { withIdempotency } from '../../http/idempotency';
import {
  accountView,
  withLiquidationPeers,
  batchClose,
  cancelSpotOrder,
  closeOrCancel,
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
  setStops,
  submitLever,
  submitSeconds,
} from './domain';
import { int, intOr } from '../../kernel/fields';
import { requestInput as input } from '../../kernel/input';
import {
  batchScope,
  leverEntry,
  leverListStatus,
  leverSide,
  secondsDirection,
  secondsListStatus,
  spotListStatus,
  spotSide,
} from './wire';

const id = int(1);
/** The lot presets a family client offers: the minimum and round numbers up to the maximum. */
const lotPresets = (min: string, max: string): string[] =>
  ['1', '5', '10', '20', '50', '100'].filter((v) => Number(v) >= Number(min) && Number(v) <= Number(max));
const page = intOr(1, 10_000, 1);
const limit = (d: number) => intOr(1, 50, d);
const optionalId = z.preprocess((v) => (v === '' ? undefined : v), id.optional());

/** Decimals a quote amount (USDT) may have: the ledger's 8. */
const QUOTE_DECIMALS = 8;
const PairBody = z.object({ currency_id: id, legal_id: id });
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
const IdBody = z.object({ id });
const LeverSubmitBody = z.object({
  currency_id: id,
  legal_id: id,
  type: leverSide,
  /** 1 market / 0 limit (WIRE.md); at market `target_price` is ignored (clients send a placeholder) */
  status: leverEntry,
  target_price: z.unknown().optional(),
  share: z.unknown(),
  multiple: int(1, 1000),
  target_profit_price: z.unknown().optional(),
  stop_loss_price: z.unknown().optional(),
});
const LeverMyTradeBody = z.object({
  currency_id: optionalId,
  legal_id: optionalId,
  status: leverListStatus,
  page,
  limit: limit(CONSTANTS.pageSize),
});
const SetStopBody = z.object({
  id,
  target_profit_price: z.unknown().optional(),
  stop_loss_price: z.unknown().optional(),
});
const BatchBody = z.object({ type: batchScope });
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

/** GET query and POST form alike. */

export async function tradingRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };
  const both = (url: string, handler: (req: FastifyRequest) => Promise<unknown>) =>
    app.route({ method: ['GET', 'POST'], url, ...auth, handler });
  const ctx = () => app.trading.ctx;

  // ───── settings (public: the pages show fees, lots, multiples before login) ─────
  app.get('/coin/settings', async (): Promise<ReturnType<typeof ok<PairTradeSettings[]>>> =>
    ok([...ctx().settings.values()].map((s) => publicSettings(s, ctx().now()))),
  );

  // ───── spot ─────
  app.post('/coin/trade', auth, async (req) => {
    const b = parse(SpotTradeBody, input(req));
    const pair = pairByIds(ctx(), b.currency_id, b.legal_id);
    const targetPrice = parseOptionalPrice(b.target_price, pair.priceDecimals);
    // a market buy may name what it spends (quote_amount, fee included) instead of its quantity
    if (b.quote_amount !== undefined && b.quote_amount !== '') {
      if (b.type !== 'buy' || targetPrice !== null) throw new AppError('trade_amount_invalid');
      const quoteAmount = parseAmount(b.quote_amount, { decimals: QUOTE_DECIMALS });
      return ok(
        await withIdempotency(req, 'coin/trade', () =>
          placeSpotOrder(ctx(), req.userId, { symbol: pair.symbol, side: 'buy', quoteAmount, targetPrice: null }),
        ),
      );
    }
    const amount = parseAmount(b.amount, { decimals: pair.qtyDecimals, min: pair.spotMinAmount });
    return ok(
      await withIdempotency(req, 'coin/trade', () =>
        placeSpotOrder(ctx(), req.userId, { symbol: pair.symbol, side: b.type, amount, targetPrice }),
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
    return ok(await withIdempotency(req, 'coin/cancel', () => cancelSpotOrder(ctx(), req.userId, b.id)));
  });

  // ───── lever ─────
  both('/lever/deal', async (req): Promise<ReturnType<typeof ok<LeverDealResponse>>> => {
    const b = parse(PairBody, input(req));
    const pair = pairByIds(ctx(), b.currency_id, b.legal_id);
    const view = await accountView(ctx(), req.userId);
    const live = await ctx()
      .db.selectFrom('lever_orders')
      .selectAll()
      .where('user_id', '=', req.userId)
      .where('symbol', '=', pair.symbol)
      .where('status', 'in', ['entrusted', 'position'])
      .orderBy('id', 'desc')
      .execute();
    const lp = ctx().market.lastPrice(pair.symbol);
    const settings = publicSettings(pair, ctx().now());
    return ok({
      settings,
      last_price: lp?.price ?? null,
      last_seq: lp?.seq ?? null,
      account: view.summary,
      user_lever: view.summary.balance,
      multiple: {
        muit: settings.multiples.map((value) => ({ value })),
        share: lotPresets(settings.min_lots, settings.max_lots).map((value) => ({ value })),
      },
      lever_share_limit: { min: settings.min_lots, max: settings.max_lots },
      ustd_price: '1',
      ExRAte: '1',
      lever_transaction: { in: [], out: [] },
      my_transaction: live.map(view.present),
    });
  });
  both('/lever/dealall', async (req): Promise<ReturnType<typeof ok<LeverDealAllResponse>>> => {
    const b = parse(z.object({ page, limit: limit(CONSTANTS.pageSize) }), input(req));
    const view = await accountView(ctx(), req.userId);
    const rows = view.openRows.slice().reverse();
    const list = rows.slice((b.page - 1) * b.limit, b.page * b.limit).map(view.present);
    return ok({
      account: view.summary,
      positions: { list, page: b.page, limit: b.limit, total: rows.length, has_more: b.page * b.limit < rows.length },
    });
  });
  app.post('/lever/submit', auth, async (req) => {
    const b = parse(LeverSubmitBody, input(req));
    const pair = pairByIds(ctx(), b.currency_id, b.legal_id);
    const lots = parseAmount(b.share, { decimals: pair.lotsDecimals, min: pair.minLots, max: pair.maxLots });
    const targetPrice =
      b.status === 'limit'
        ? parseAmount(b.target_price, { decimals: pair.priceDecimals, invalid: 'trade_price_invalid' })
        : null;
    const tp = parseOptionalPrice(b.target_profit_price, pair.priceDecimals);
    const sl = parseOptionalPrice(b.stop_loss_price, pair.priceDecimals);
    return ok(
      await withIdempotency(req, 'lever/submit', () =>
        submitLever(ctx(), req.userId, {
          symbol: pair.symbol,
          side: b.type,
          priceType: b.status,
          targetPrice,
          lots,
          multiple: b.multiple,
          tp,
          sl,
        }),
      ),
    );
  });
  both('/lever/my_trade', async (req) => {
    const b = parse(LeverMyTradeBody, input(req));
    const symbol = b.currency_id ? pairByIds(ctx(), b.currency_id, b.legal_id).symbol : undefined;
    const statuses =
      b.status === 'entrusted'
        ? (['entrusted'] as const)
        : b.status === 'position'
          ? (['position'] as const)
          : (['closed', 'cancelled'] as const);
    let q = ctx()
      .db.selectFrom('lever_orders')
      .where('user_id', '=', req.userId)
      .where('status', 'in', [...statuses]);
    if (symbol) q = q.where('symbol', '=', symbol);
    const [rows, count, view] = await Promise.all([
      q
        .selectAll()
        .orderBy('id', 'desc')
        .limit(b.limit)
        .offset((b.page - 1) * b.limit)
        .execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      accountView(ctx(), req.userId),
    ]);
    const total = Number(count.n);
    const list = await withLiquidationPeers(ctx().db, req.userId, rows.map(view.present));
    const answer: LeverMyTradeAnswer = {
      rate_profits_total: { hazard_rate: view.summary.risk_rate, profits_total: view.summary.unrealised_profit },
      message: toPaginator(list, b.page, b.limit, total),
    };
    return ok(answer);
  });
  app.post('/lever/close', auth, async (req) => {
    const b = parse(IdBody, input(req));
    return ok(await withIdempotency(req, 'lever/close', () => closeOrCancel(ctx(), req.userId, b.id)));
  });
  app.post('/lever/setstop', auth, async (req) => {
    const b = parse(SetStopBody, input(req));
    const row = await ctx()
      .db.selectFrom('lever_orders')
      .select(['symbol', 'user_id'])
      .where('id', '=', b.id)
      .executeTakeFirst();
    const decimals =
      (row && row.user_id === req.userId ? ctx().settings.get(row.symbol)?.priceDecimals : undefined) ?? 8;
    const tp = parseOptionalPrice(b.target_profit_price, decimals);
    const sl = parseOptionalPrice(b.stop_loss_price, decimals);
    return ok(await setStops(ctx(), req.userId, b.id, tp, sl));
  });
  app.post('/lever/batch_close', auth, async (req) => {
    const b = parse(BatchBody, input(req));
    return ok(await withIdempotency(req, 'lever/batch_close', () => batchClose(ctx(), req.userId, b.type)));
  });

  // ───── seconds ─────
  both('/microtrade/payable_currencies', async (req) => ok(await payableCurrencies(ctx(), req.userId)));
  app.route({
    method: ['GET', 'POST'],
    url: '/microtrade/seconds',
    handler: async () => ok(await secondsConfigs(ctx())),
  });
  app.post('/microtrade/submit', auth, async (req) => {
    const b = parse(SecondsSubmitBody, input(req));
    return ok(
      await withIdempotency(req, 'microtrade/submit', () =>
        submitSeconds(ctx(), req.userId, {
          matchId: b.match_id,
          currencyId: b.currency_id,
          type: b.type,
          seconds: b.seconds,
          number: b.number,
        }),
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
