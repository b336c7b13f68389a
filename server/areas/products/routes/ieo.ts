/** IEO: /project, /project/detail, /project/allocation, /project/order, /user/project/order. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { toIeoRow, type IeoDetailAnswer } from '../../../../core';
import { ok } from '../../../http/envelope';
import { parse } from '../../../kernel/validate';
import { withIdempotency } from '../../../http/idempotency';
import { listProjects, projectDetail } from '../domain/ieo/projects';
import { ieoOrder, ieoOrders, subscribeIeo } from '../domain/ieo/orders';
import { ieoAllocation } from '../domain/ieo/allocation';
import { idField, raw } from './shared';
import { optionalUser } from '../../../http/auth';
import { pagingShape } from '../../../kernel/paging';
import { requestInput as input } from '../../../kernel/input';
import { requestLang } from '../../../http/lang';

const PageQuery = z.object(pagingShape);
const ProjectIdBody = z.object({ project_id: idField });
const OrderBody = z.object({ project_id: idField, amount: raw, pay_currency: idField, price: raw });
const OrdersQuery = z.object({ ...pagingShape, project_id: z.union([z.literal(''), idField]).optional() });

export async function ieoRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const auth = { preHandler: app.authenticate };
  const now = () => app.products.now();

  // the family's names at the edge (WIRE.md "Products"): rows with time_status and percentage
  const list = async (req: FastifyRequest) => {
    const page = await listProjects(db, now(), parse(PageQuery, input(req)));
    return ok({ ...page, list: page.list.map(toIeoRow) });
  };
  app.get('/project', list);
  app.post('/project', list);

  const detail = async (req: FastifyRequest) => {
    const p = await projectDetail(
      db,
      now(),
      parse(ProjectIdBody, input(req)).project_id,
      await optionalUser(req),
      requestLang(req),
    );
    const answer: IeoDetailAnswer = { info: toIeoRow(p) };
    return ok(answer);
  };
  app.get('/project/detail', detail);
  app.post('/project/detail', detail);

  // public once finalised: subscription amounts without users, so every subscriber can recompute their allotment
  const allocation = async (req: FastifyRequest) =>
    ok(await ieoAllocation(db, parse(ProjectIdBody, input(req)).project_id));
  app.get('/project/allocation', allocation);
  app.post('/project/allocation', allocation);

  app.post('/project/order', auth, async (req) => {
    const b = parse(OrderBody, input(req));
    return withIdempotency(req, 'project/order', async (key) => {
      const id = await subscribeIeo(
        db,
        req.userId,
        { project_id: b.project_id, pay_currency: b.pay_currency, amount: b.amount, price: b.price },
        now(),
        key,
      );
      return ok(await ieoOrder(db, req.userId, id));
    });
  });

  const mine = async (req: FastifyRequest) => {
    const q = parse(OrdersQuery, input(req));
    return ok(await ieoOrders(db, req.userId, { page: q.page, limit: q.limit, project_id: q.project_id || undefined }));
  };
  app.get('/user/project/order', auth, mine);
  app.post('/user/project/order', auth, mine);
}
