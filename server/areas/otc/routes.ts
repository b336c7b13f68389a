/**
 * /api/otc/… : the ad market (anyone), and, authenticated: merchant application, payment methods,
 * the merchant's ads, orders (own orders only: another user's order is "not found"), the order chat
 * and quick buy. Money steps are POST and idempotent (the answer stored in the effect's transaction).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { withIdempotency, type RequestKey } from '../../http/idempotency';
import { requestInput as input } from '../../kernel/input';
import { id, int, intOr, text } from '../../kernel/fields';
import { requestLang } from '../../http/lang';
import { fundsCurrencies } from '../funds/domain';
import { listFiats } from '../../shared/fiat';
import { OTC_RULES } from '../../../core';
import { addPayMethod, applyMerchant, merchantOf, payMethods, removePayMethod } from './domain/merchants';
import { adViews, marketAds, postAd, setAdStatus } from './domain/ads';
import { appeal, cancel, markPaid, rate, release } from './domain/orders';
import { openOrder } from './domain/open-order';
import { myOrders, orderView } from './domain/views';
import { partiesOf } from './domain/shared';
import { readChat, sendChat } from './domain/chat';
import { executeQuote, makeQuote } from './domain/quotes';
import { sessionCaller } from '../../http/known-device';

const amount = z.union([z.string(), z.number()]).optional();
const flag = z.preprocess((v) => v === true || v === '1' || v === 1 || v === 'true', z.boolean());
const side = z.enum(['buy', 'sell']);
const fiat = z
  .string()
  .trim()
  .regex(/^[A-Z]{3}$/);

const AdBody = z.object({
  side,
  coin_id: id,
  fiat,
  price_type: z.enum(['fixed', 'floating']),
  fixed_price: amount,
  margin: amount,
  total: amount,
  min_fiat: amount,
  max_fiat: amount,
  pay_kinds: text(100),
  window_min: int(1, 1440),
  terms: text(500).default(''),
});

export async function otcRoutes(app: FastifyInstance): Promise<void> {
  registerMarketRoutes(app);
  registerMerchantRoutes(app);
  registerOrderRoutes(app);
  registerChatAndQuoteRoutes(app);
}

/**
 * The helpers every group uses: a read answers GET and POST alike (behind the login unless
 * `needsUser` is false); a write is POST, authenticated, its answer kept for the Idempotency-Key.
 */
function routeKit(app: FastifyInstance) {
  const auth = { preHandler: app.authenticate };
  const ctx = () => app.otc.ctx;
  const read = (path: string, handler: (req: FastifyRequest) => Promise<unknown>, needsUser = true) => {
    app.get(`/otc/${path}`, needsUser ? auth : {}, handler);
    app.post(`/otc/${path}`, needsUser ? auth : {}, handler);
  };
  // `key`: the request's idempotency key, for the operation's transaction or group commit to mark
  const write = <T>(
    path: string,
    schema: z.ZodType<T>,
    run: (req: FastifyRequest, b: T, key: RequestKey) => Promise<unknown>,
  ) =>
    app.post(`/otc/${path}`, auth, async (req) => {
      const b = parse(schema, input(req));
      return withIdempotency(req, `otc/${path}`, async (key) => ok(await run(req, b, key)));
    });
  return { db: app.db, auth, ctx, read, write };
}

const AdsQuery = z.object({ coin_id: id, fiat, side });

/** Anyone: the rules, fiats and coins, and the ads on one market. */
function registerMarketRoutes(app: FastifyInstance): void {
  const { db, ctx, read } = routeKit(app);
  read(
    'config',
    async () =>
      ok({
        rules: OTC_RULES,
        fiats: await listFiats(db),
        coins: (await fundsCurrencies(db)).map((c) => ({ id: c.id, name: c.name })),
      }),
    false,
  );
  read(
    'ads',
    async (req) => {
      const q = parse(AdsQuery, input(req));
      return ok(await marketAds(ctx(), { coinId: q.coin_id, fiat: q.fiat, side: q.side }));
    },
    false,
  );
}

/** The caller as a merchant: the application, payment methods, their ads. */
function registerMerchantRoutes(app: FastifyInstance): void {
  const { db, ctx, read, write } = routeKit(app);
  read('merchant', async (req) =>
    ok({ merchant: await merchantOf(db, req.userId), methods: await payMethods(db, req.userId) }),
  );
  write('merchant/apply', z.object({ name: text(30).min(2) }), (req, b) => applyMerchant(db, req.userId, b.name));
  write(
    'methods/add',
    z.object({
      kind: text(20).default('bank'),
      name: text(60).optional(),
      account: text(80).optional(),
      bank: text(80).optional(),
      from_card: z.enum(['domestic', 'international']).optional(),
    }),
    (req, b) => addPayMethod(db, req.userId, b),
  );
  write('methods/remove', z.object({ id }), (req, b) => removePayMethod(db, req.userId, b.id));

  read('myAds', async (req) => ok(await adViews(ctx(), { merchantId: req.userId })));
  write('ad/post', AdBody, (req, b, key) => postAd(ctx(), req.userId, { ...b, lang: requestLang(req) }, key));
  write('ad/status', z.object({ id, status: z.enum(['online', 'offline', 'closed']) }), (req, b, key) =>
    setAdStatus(ctx(), req.userId, b.id, b.status, key),
  );
}

const StatusBody = z.object({ status: z.enum(['open', 'done']).default('open') });
const IdBody = z.object({ id });

/** The caller's orders (another user's is "not found") and each step of one. */
function registerOrderRoutes(app: FastifyInstance): void {
  const { db, ctx, read, write } = routeKit(app);
  read('orders', async (req) => {
    const q = parse(StatusBody, input(req));
    return ok(await myOrders(db, req.userId, q.status));
  });
  read('order', async (req) => {
    const q = parse(IdBody, input(req));
    await partiesOf(db, q.id, req.userId);
    return ok(await orderView(db, q.id, req.userId, app.otc.now()));
  });
  write('order/open', z.object({ ad_id: id, unit: z.enum(['fiat', 'coin']).default('fiat'), amount }), (req, b, key) =>
    openOrder(ctx(), req.userId, { ...b, lang: requestLang(req) }, undefined, key),
  );
  write('order/paid', z.object({ id, proof: text(200).min(1) }), (req, b, key) => markPaid(ctx(), req.userId, b, key));
  write(
    'order/release',
    z.object({ id, pay_password: z.string().max(128).optional(), confirm_unpaid: flag.optional() }),
    (req, b, key) => release(ctx(), req.userId, b, sessionCaller(req), key),
  );
  write('order/cancel', z.object({ id }), (req, b, key) => cancel(ctx(), req.userId, b, key));
  write('order/appeal', z.object({ id, reason: text(500).min(2) }), (req, b, key) => appeal(ctx(), req.userId, b, key));
  write('order/rate', z.object({ id, rating: int(1, 5) }), (req, b, key) => rate(ctx(), req.userId, b, key));
}

const ChatReadQuery = z.object({ id, after: intOr(0, 2_147_483_647, 0) });
const ChatSendBody = z.object({ id, body: text(500).default(''), attachment: text(200).optional() });

/** An order's chat, and quick buy: a quote on the best ad, then its execution. */
function registerChatAndQuoteRoutes(app: FastifyInstance): void {
  const { auth, ctx, read, write } = routeKit(app);
  read('chat', async (req) => {
    const q = parse(ChatReadQuery, input(req));
    return ok(await readChat(ctx(), req.userId, q.id, q.after));
  });
  app.post('/otc/chat/send', auth, async (req) => {
    const b = parse(ChatSendBody, input(req));
    return ok(await sendChat(ctx(), req.userId, b));
  });

  write('quote', z.object({ side, coin_id: id, fiat, amount }), (req, b) => makeQuote(ctx(), req.userId, b));
  write(
    'quote/execute',
    z.object({
      quote_id: z
        .string()
        .trim()
        .regex(/^[0-9a-f-]{36}$/),
    }),
    (req, b, key) => executeQuote(ctx(), req.userId, b.quote_id, requestLang(req), key),
  );
}
