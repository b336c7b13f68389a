/**
 * /api/loan/… : pairs (anyone), the caller's loans and one loan's history (authenticated, own
 * loans only), and the money steps (POST, authenticated, idempotent: the answer is stored in the
 * effect's transaction, domain/shared.ts answered()).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { withIdempotency, type RequestKey as Key } from '../../http/idempotency';
import { requestLang } from '../../http/lang';
import { requestInput as input } from '../../kernel/input';
import { id } from '../../kernel/fields';
import { AppError } from '../../errors';
import { addCollateral, borrow, reduceCollateral, repay } from './domain/steps';
import { listPairs, loanEvents, loanView, userLoans } from './domain/views';

const amount = z.union([z.string(), z.number()]).optional();
const flag = z.preprocess((v) => v === true || v === '1' || v === 1 || v === 'true', z.boolean());

const StatusBody = z.object({ status: z.enum(['open', 'closed', 'all']).default('all') });
const IdBody = z.object({ id });

export async function loanRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const auth = { preHandler: app.authenticate };
  const ctx = () => app.loans.ctx;
  const read = (path: string, handler: (req: FastifyRequest) => Promise<unknown>, needsUser = true) => {
    app.get(path, needsUser ? auth : {}, handler);
    app.post(path, needsUser ? auth : {}, handler);
  };

  read('/loan/pairs', async () => ok(await listPairs(db, true)), false);
  read('/loan/list', async (req) => {
    const q = parse(StatusBody, input(req));
    return ok(await userLoans(db, req.userId, q.status));
  });
  read('/loan/detail', async (req) => {
    const q = parse(IdBody, input(req));
    const owner = await db.selectFrom('loans').select('user_id').where('id', '=', q.id).executeTakeFirst();
    if (!owner || owner.user_id !== req.userId) throw new AppError('loan_not_found');
    return ok({ loan: await loanView(db, q.id), events: await loanEvents(db, q.id) });
  });

  const guarded = <T>(
    path: string,
    schema: z.ZodType<T>,
    run: (req: FastifyRequest, b: T, key: Key) => Promise<unknown>,
  ) =>
    app.post(`/loan/${path}`, auth, async (req) => {
      const b = parse(schema, input(req));
      return withIdempotency(req, `loan/${path}`, async (key) => ok(await run(req, b, key)));
    });
  guarded('borrow', z.object({ pair_id: id, amount, collateral: amount }), (req, b, key) =>
    borrow(ctx(), req.userId, { ...b, lang: requestLang(req) }, key),
  );
  guarded('repay', z.object({ id, amount, all: flag.optional() }), (req, b, key) => repay(ctx(), req.userId, b, key));
  guarded('addCollateral', z.object({ id, amount }), (req, b, key) => addCollateral(ctx(), req.userId, b, key));
  guarded('reduceCollateral', z.object({ id, amount }), (req, b, key) => reduceCollateral(ctx(), req.userId, b, key));
}
