/**
 * Copy trading under /api/follow (spec §7): the trader list and detail (public; with the caller's
 * follow state when a token is sent), follow / cancel, self-holding a copy, current and historical
 * copies, my follows, and applying to become a trader. Shapes: core/types/copytrade.ts. Every
 * change touches only the caller's own follows and positions.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CONSTANTS, COPY_TYPES, toPaginator, toTraderDetailRow, toTraderRow } from '../../../core';
import { ok } from '../../http/envelope';
import { requestLang } from '../../http/lang';
import { parse } from '../../kernel/validate';
import { withIdempotency } from '../../http/idempotency';
import { optionalUser as viewer } from '../../http/auth';
import {
  applyTrader,
  cancelFollow,
  copyHistory,
  followTrader,
  listTraders,
  myFollows,
  myTrader,
  selfHold,
  traderDetail,
} from './domain';
import { int, intOr } from '../../kernel/fields';
import { requestInput as input } from '../../kernel/input';

const id = int(1);
const page = intOr(1, 10_000, 1);
const limit = intOr(1, 50, CONSTANTS.pageSize);
const optionalId = z.preprocess((v) => (v === '' ? undefined : v), id.optional());

const FollowBody = z.object({
  trader_user_id: id,
  number: z.unknown(),
  type: z.coerce
    .number()
    .pipe(z.union([z.literal(COPY_TYPES.multiple), z.literal(COPY_TYPES.lots)], { error: 'copy_type_invalid' })),
  agree: z.unknown().optional(),
});
/**
 * The spec's client sends only {trader_user_id, number, type}: it shows the agreement page before
 * this call, so an absent `agree` is consent. An explicit refusal (0, false) is not.
 */
const agreed = (v: unknown) => v === undefined || v === '1' || v === 1 || v === 'true' || v === true;

const PageQuery = z.object({ page, limit });
const TraderUserIdBody = z.object({ trader_user_id: id });
const FollowUserIdBody = z.object({ follow_user_id: id });
const TransactionIdBody = z.object({ transaction_id: id });
const FollowListQuery = z.object({
  page,
  limit,
  status: z.enum(['current', 'history']).default('current'),
  follow_user_id: optionalId,
});
const FollowerListQuery = z.object({ page, limit, status: z.enum(['following', 'cancelled', '']).optional() });

export async function copytradeRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };
  const both = (url: string, handler: (req: FastifyRequest) => Promise<unknown>, withAuth = true) =>
    app.route({ method: ['GET', 'POST'], url, ...(withAuth ? auth : {}), handler });
  const ctx = () => app.trade.ctx;

  both(
    '/follow/index',
    async (req) => {
      const b = parse(PageQuery, input(req));
      // the family's paginator of the family's rows (the clients read `message.data`; core/calc/copy-wire.ts)
      const p = await listTraders(app.db, await viewer(req), b.page, b.limit, requestLang(req));
      return ok(toPaginator(p.list.map(toTraderRow), p.page, p.limit, p.total));
    },
    false,
  );
  both(
    '/follow/traderDetail',
    async (req) => {
      const b = parse(TraderUserIdBody, input(req));
      return ok(toTraderDetailRow(await traderDetail(app.db, await viewer(req), b.trader_user_id, requestLang(req))));
    },
    false,
  );

  app.post('/follow/follow', auth, async (req) => {
    const b = parse(FollowBody, input(req));
    return ok(
      await withIdempotency(req, 'follow/follow', (key) =>
        followTrader(
          app.db,
          req.userId,
          { traderId: b.trader_user_id, type: b.type, number: b.number, agree: agreed(b.agree) },
          new Date(ctx().now()),
          key,
        ),
      ),
    );
  });
  // `follow_user_id` names the trader followed, as the family's clients send it (their trader page's uid)
  app.post('/follow/cancel', auth, async (req) => {
    const b = parse(FollowUserIdBody, input(req));
    return ok(await cancelFollow(app.db, req.userId, b.follow_user_id, new Date(ctx().now())));
  });
  app.post('/follow/selfHolding', auth, async (req) => {
    const b = parse(TransactionIdBody, input(req));
    return ok(await selfHold(ctx(), req.userId, b.transaction_id));
  });
  both('/follow/historyTrade', async (req) => {
    const b = parse(FollowListQuery, input(req));
    return ok(
      await copyHistory(app.db, req.userId, {
        status: b.status,
        page: b.page,
        limit: b.limit,
        followId: b.follow_user_id,
      }),
    );
  });
  both('/follow/myFollows', async (req) => {
    const b = parse(FollowerListQuery, input(req));
    return ok(await myFollows(app.db, req.userId, b.page, b.limit, b.status || undefined));
  });
  app.post('/follow/apply', auth, async (req) => {
    const b = input(req);
    return ok(await applyTrader(app.db, req.userId, { nickname: b.nickname, introduction: b.introduction }));
  });
  both('/follow/myTrader', async (req) => ok(await myTrader(app.db, req.userId)));
}
