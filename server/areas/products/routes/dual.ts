/** Dual invest: /dual/index, /dual/detail, /dual/buyDual, /dual/dual_list (+ /dual/order). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DUAL_ORDER_STATUSES, DUAL_TYPES, toDualRow, type DualIndexAnswer } from '../../../../core';
import { ok } from '../../../http/envelope';
import { parse } from '../../../kernel/validate';
import { withIdempotency } from '../../../http/idempotency';
import { dualDetail, listDualProducts } from '../domain/dual/products';
import { buyDual } from '../domain/dual/buy';
import { dualOrder, dualOrders } from '../domain/dual/orders';
import { idField, raw } from './shared';
import { optionalUser } from '../../../http/auth';
import { pagingShape } from '../../../kernel/paging';
import { requestInput as input } from '../../../kernel/input';
import { optInt } from '../../../kernel/fields';

const IndexQuery = z.object({ currency_id: optInt(0), type: z.enum(DUAL_TYPES).default('call') });
/** dual_list `status`: our names, or the family's digit codes 0–3 (WIRE.md), read as DUAL_ORDER_STATUSES in order */
const listStatus = z.preprocess(
  (v) => (typeof v === 'string' && /^[0-3]$/.test(v) ? DUAL_ORDER_STATUSES[Number(v)] : v),
  z.union([z.literal(''), z.enum(DUAL_ORDER_STATUSES)]).optional(),
);
const ListQuery = z.object({ ...pagingShape, status: listStatus });

const IdInput = z.object({ id: idField });
const BuyBody = z.object({ id: idField, num: raw });

export async function dualRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const auth = { preHandler: app.authenticate };
  const now = () => app.products.now();

  const index = async (req: FastifyRequest) => {
    const q = parse(IndexQuery, input(req));
    const products = await listDualProducts(db, app.market, now(), {
      currency_id: q.currency_id || undefined,
      type: q.type,
    });
    const answer: DualIndexAnswer = { dual_currencys: products.map((p) => toDualRow(p)) };
    return ok(answer);
  };
  app.get('/dual/index', index);
  app.post('/dual/index', index);

  // the family's names on the wire (core/calc/dual-wire.ts), like /dual/index
  const detail = async (req: FastifyRequest) =>
    ok(toDualRow(await dualDetail(db, app.market, now(), parse(IdInput, input(req)).id, await optionalUser(req))));
  app.get('/dual/detail', detail);
  app.post('/dual/detail', detail);

  app.post('/dual/buyDual', auth, async (req) => {
    const b = parse(BuyBody, input(req));
    return withIdempotency(req, 'dual/buyDual', async (key) => {
      const id = await buyDual(db, req.userId, { id: b.id, num: b.num }, now(), key);
      return ok(await dualOrder(db, req.userId, id));
    });
  });

  const list = async (req: FastifyRequest) => {
    const q = parse(ListQuery, input(req));
    return ok(await dualOrders(db, req.userId, { page: q.page, limit: q.limit, status: q.status || undefined }));
  };
  app.post('/dual/dual_list', auth, list);
  app.get('/dual/dual_list', auth, list);
  app.get('/dual/order', auth, async (req) => ok(await dualOrder(db, req.userId, parse(IdInput, input(req)).id)));
}
