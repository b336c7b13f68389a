/** Lock-up mining (also DeFi and cloud mining by `kind`): /lh/deposit/config, /lh/deposit, /lh/deposit/order, /lh/deposit/order/cancel. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LOCK_KINDS, LOCK_ORDER_STATUSES, toLockConfigRow, type LockOrderStatus } from '../../../../core';
import { ok } from '../../../http/envelope';
import { parse } from '../../../kernel/validate';
import { withIdempotency } from '../../../http/idempotency';
import { listLockConfigs } from '../domain/lockming/configs';
import { cancelLock, depositLock, lockDividends, lockOrder, lockOrders } from '../domain/lockming/orders';
import { idField, raw } from './shared';
import { optionalUser } from '../../../http/auth';
import { pagingShape } from '../../../kernel/paging';
import { requestInput as input } from '../../../kernel/input';
import { requestLang } from '../../../http/lang';

const statusField = z
  .union([z.literal(''), z.enum(LOCK_ORDER_STATUSES), z.literal('1'), z.literal('2'), z.literal(1), z.literal(2)])
  .optional()
  .transform((s): LockOrderStatus | undefined =>
    s === '1' || s === 1 ? 'in_progress' : s === '2' || s === 2 ? 'redeemed' : s || undefined,
  );

const KindBody = z.object({ kind: z.union([z.literal(''), z.enum(LOCK_KINDS)]).optional() });
const DepositBody = z.object({ config_id: idField, amount: raw });
const OrdersQuery = z.object({ ...pagingShape, status: statusField });
const IdInput = z.object({ id: idField });

export async function lockRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const auth = { preHandler: app.authenticate };
  const now = () => app.products.now();

  const config = async (req: FastifyRequest) => {
    const q = parse(KindBody, input(req));
    return ok(
      (await listLockConfigs(db, await optionalUser(req), q.kind || undefined, requestLang(req))).map(toLockConfigRow),
    );
  };
  app.get('/lh/deposit/config', config);
  app.post('/lh/deposit/config', config);

  app.post('/lh/deposit', auth, async (req) => {
    const b = parse(DepositBody, input(req));
    return withIdempotency(req, 'lh/deposit', async (key) => {
      const id = await depositLock(db, req.userId, { config_id: b.config_id, amount: b.amount }, now(), key);
      return ok(await lockOrder(db, req.userId, id, now(), requestLang(req)));
    });
  });

  const orders = async (req: FastifyRequest) => {
    const q = parse(OrdersQuery, input(req));
    return ok(
      await lockOrders(db, req.userId, { page: q.page, limit: q.limit, status: q.status }, now(), requestLang(req)),
    );
  };
  app.get('/lh/deposit/order', auth, orders);
  app.post('/lh/deposit/order', auth, orders);
  app.get('/lh/deposit/dividends', auth, async (req) =>
    ok(await lockDividends(db, req.userId, parse(IdInput, input(req)).id)),
  );

  app.post('/lh/deposit/order/cancel', auth, async (req) => {
    const { id } = parse(IdInput, input(req));
    return withIdempotency(req, 'lh/deposit/order/cancel', async (key) => {
      await cancelLock(db, req.userId, id, now(), key);
      return ok(await lockOrder(db, req.userId, id, now(), requestLang(req)));
    });
  });
}
