/**
 * Routes for /lever (contracts): the trading page's view, the open positions, submit, the caller's
 * orders by status, close or cancel, take-profit / stop-loss, batch close. Request and answer
 * shapes: core/types/trade.ts. Every route needs a login and touches only the caller's orders;
 * state-changing POSTs honour an Idempotency-Key.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CONSTANTS,
  toPaginator,
  type LeverMyTradeAnswer,
  type LeverDealAllResponse,
  type LeverDealResponse,
} from '../../../core';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { withIdempotency } from '../../http/idempotency';
import {
  accountView,
  withLiquidationPeers,
  batchClose,
  closeOrCancel,
  pairByIds,
  parseAmount,
  parseOptionalPrice,
  publicSettings,
  setStops,
  submitLever,
  type TradeContext,
} from './domain';
import { int } from '../../kernel/fields';
import { requestInput as input } from '../../kernel/input';
import { batchScope, leverEntry, leverListStatus, leverSide } from './wire';
import { IdBody, id, limit, optionalId, page, routeKit } from './route-kit';

/** The lot presets a family client offers: the minimum and round numbers up to the maximum. */
const lotPresets = (min: string, max: string): string[] =>
  ['1', '5', '10', '20', '50', '100'].filter((v) => Number(v) >= Number(min) && Number(v) <= Number(max));

const PairBody = z.object({ currency_id: id, legal_id: id });
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

export function registerLeverRoutes(app: FastifyInstance): void {
  const { auth, both, ctx } = routeKit(app);
  both('/lever/deal', (req) => leverDeal(ctx(), req));
  both('/lever/dealall', (req) => leverDealAll(ctx(), req));
  app.post('/lever/submit', auth, (req) => leverSubmit(ctx(), req));
  both('/lever/my_trade', (req) => leverMyTrade(ctx(), req));
  app.post('/lever/close', auth, async (req) => {
    const b = parse(IdBody, input(req));
    return ok(await withIdempotency(req, 'lever/close', (key) => closeOrCancel(ctx(), req.userId, b.id, key)));
  });
  app.post('/lever/setstop', auth, (req) => leverSetStop(ctx(), req));
  app.post('/lever/batch_close', auth, async (req) => {
    const b = parse(BatchBody, input(req));
    return ok(await withIdempotency(req, 'lever/batch_close', (key) => batchClose(ctx(), req.userId, b.type, key)));
  });
}

/** The contract page of one pair: its settings and price, the account, the caller's live orders on it. */
async function leverDeal(ctx: TradeContext, req: FastifyRequest): Promise<ReturnType<typeof ok<LeverDealResponse>>> {
  const b = parse(PairBody, input(req));
  const pair = pairByIds(ctx, b.currency_id, b.legal_id);
  const view = await accountView(ctx, req.userId);
  const live = await ctx.db
    .selectFrom('lever_orders')
    .selectAll()
    .where('user_id', '=', req.userId)
    .where('symbol', '=', pair.symbol)
    .where('status', 'in', ['entrusted', 'position'])
    .orderBy('id', 'desc')
    .execute();
  const lp = ctx.market.lastPrice(pair.symbol);
  const settings = publicSettings(pair, ctx.now());
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
}

const PageQuery = z.object({ page, limit: limit(CONSTANTS.pageSize) });

/** The caller's open positions, newest first, a page of them, with the account. */
async function leverDealAll(
  ctx: TradeContext,
  req: FastifyRequest,
): Promise<ReturnType<typeof ok<LeverDealAllResponse>>> {
  const b = parse(PageQuery, input(req));
  const view = await accountView(ctx, req.userId);
  const rows = view.openRows.slice().reverse();
  const list = rows.slice((b.page - 1) * b.limit, b.page * b.limit).map(view.present);
  return ok({
    account: view.summary,
    positions: { list, page: b.page, limit: b.limit, total: rows.length, has_more: b.page * b.limit < rows.length },
  });
}

async function leverSubmit(ctx: TradeContext, req: FastifyRequest) {
  const b = parse(LeverSubmitBody, input(req));
  const pair = pairByIds(ctx, b.currency_id, b.legal_id);
  const lots = parseAmount(b.share, { decimals: pair.lotsDecimals, min: pair.minLots, max: pair.maxLots });
  const targetPrice =
    b.status === 'limit'
      ? parseAmount(b.target_price, { decimals: pair.priceDecimals, invalid: 'trade_price_invalid' })
      : null;
  const tp = parseOptionalPrice(b.target_profit_price, pair.priceDecimals);
  const sl = parseOptionalPrice(b.stop_loss_price, pair.priceDecimals);
  // a market or limit entry is one element of a group commit, which claims the key in its statement
  // (migrations 047, 052)
  return ok(
    await withIdempotency(
      req,
      'lever/submit',
      (key) =>
        submitLever(
          ctx,
          req.userId,
          { symbol: pair.symbol, side: b.type, priceType: b.status, targetPrice, lots, multiple: b.multiple, tp, sl },
          key,
        ),
      { inStatement: true },
    ),
  );
}

/** The caller's orders by status (entrusted, position, or the closed and cancelled), a page, with the risk summary. */
async function leverMyTrade(ctx: TradeContext, req: FastifyRequest) {
  const b = parse(LeverMyTradeBody, input(req));
  const symbol = b.currency_id ? pairByIds(ctx, b.currency_id, b.legal_id).symbol : undefined;
  const statuses =
    b.status === 'entrusted'
      ? (['entrusted'] as const)
      : b.status === 'position'
        ? (['position'] as const)
        : (['closed', 'cancelled'] as const);
  let q = ctx.db
    .selectFrom('lever_orders')
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
    accountView(ctx, req.userId),
  ]);
  const total = Number(count.n);
  const list = await withLiquidationPeers(ctx.db, req.userId, rows.map(view.present));
  const answer: LeverMyTradeAnswer = {
    rate_profits_total: { hazard_rate: view.summary.risk_rate, profits_total: view.summary.unrealised_profit },
    message: toPaginator(list, b.page, b.limit, total),
  };
  return ok(answer);
}

/** Take-profit / stop-loss on one of the caller's orders, in its pair's price decimals (8 for any other id). */
async function leverSetStop(ctx: TradeContext, req: FastifyRequest) {
  const b = parse(SetStopBody, input(req));
  const row = await ctx.db
    .selectFrom('lever_orders')
    .select(['symbol', 'user_id'])
    .where('id', '=', b.id)
    .executeTakeFirst();
  const decimals = (row && row.user_id === req.userId ? ctx.settings.get(row.symbol)?.priceDecimals : undefined) ?? 8;
  const tp = parseOptionalPrice(b.target_profit_price, decimals);
  const sl = parseOptionalPrice(b.stop_loss_price, decimals);
  return ok(await setStops(ctx, req.userId, b.id, tp, sl));
}
