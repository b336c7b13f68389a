/**
 * The back-office shell under /admin/api (not /api): the console page, operator login, session and
 * logout, the cross-site guard, and the action log. The queues and tools of each area (KYC,
 * recharge and withdraw, users, settings, coupons, traders, IEO) are mounted by their areas with
 * mountBackOffice (server/plugins/area.ts). Every change runs in one transaction with its
 * operator_actions row (who, when, why).
 */
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { OperatorAction } from '../../core';
import { ok, errorEnvelope } from '../http/envelope';
import { requestLang } from '../http/lang';
import { translate } from '../i18n/messages';
import { withConsoleTables } from './console-tables';
import { parse } from '../kernel/validate';
import { clientIp } from '../http/request-meta';
import { authenticateOperator } from '../http/operator-auth';
import { clearOperatorCookie, csrfProblem, setOperatorCookie } from '../http/operator-cookie';
import { operatorLogin, operatorLogout } from '../auth/operators';
import { credentialLimit } from '../http/auth';
import { offset, pageOf } from '../kernel/paging';
import { count, paging } from './forms';
import { loginCaller, rememberDevice } from '../http/known-device';

const LoginBody = z.object({ name: z.string().trim().min(1).max(64), password: z.string().min(1).max(128) });

async function adminRoutes(app: FastifyInstance): Promise<void> {
  app.decorateRequest('operatorId', 0);
  app.decorateRequest('operatorName', '');
  app.decorateRequest('operatorSessionId', 0);

  // The token goes into the HttpOnly cookie only; the body names who signed in.
  app.post('/login', credentialLimit(app.config), (req, reply) => logIn(app, req, reply));

  await app.register(async (op) => {
    op.addHook('preHandler', authenticateOperator);

    op.get('/me', async (req) => ok({ id: req.operatorId, name: req.operatorName }));
    op.post('/logout', async (req, reply) => {
      await operatorLogout(app.db, req.operatorSessionId);
      clearOperatorCookie(req, reply);
      return ok(true);
    });
    op.get('/log', (req) => actionLog(app, req));
  });
}

async function logIn(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  const b = parse(LoginBody, req.body);
  const s = await operatorLogin(app.db, {
    name: b.name,
    password: b.password,
    ip: clientIp(req),
    caller: (id) => loginCaller(req, 'operator', id),
  });
  setOperatorCookie(req, reply, s.token);
  rememberDevice(req, reply, 'operator', s.id);
  return ok({ id: s.id, name: s.name });
}

const SettingsQuery = z.object({
  ...paging,
  prefix: z
    .string()
    .regex(/^[a-z_]{1,24}$/)
    .optional(),
});

/** the action log, newest first, a page at a time */
async function actionLog(app: FastifyInstance, req: FastifyRequest) {
  const db = app.db;
  const q = parse(SettingsQuery, req.query);
  // an area's screen shows its own actions: ?prefix=chat_ (the action names start with the area)
  const like = q.prefix ? `${q.prefix.replace(/_/g, '\\_')}%` : null;
  const rows = await db
    .selectFrom('operator_actions')
    .$if(like !== null, (b) => b.where('operator_actions.action', 'like', like!))
    .innerJoin('operators', 'operators.id', 'operator_actions.operator_id')
    .select([
      'operator_actions.id',
      'operators.name as operator',
      'operator_actions.action',
      'operator_actions.target',
      'operator_actions.reason',
      sql<string>`operator_actions.detail::text`.as('detail'),
      'operator_actions.created_at',
    ])
    .orderBy('operator_actions.id', 'desc')
    .limit(q.limit)
    .offset(offset(q))
    .execute();
  const list: OperatorAction[] = rows.map((r) => ({
    ...r,
    id: Number(r.id),
    created_at: r.created_at.toISOString(),
  }));
  return ok(
    pageOf(
      list,
      q,
      await count(
        db
          .selectFrom('operator_actions')
          .$if(like !== null, (b) => b.where('action', 'like', like!))
          .select((eb) => eb.fn.countAll<string>().as('n')),
      ),
    ),
  );
}

const PAGE = fileURLToPath(new URL('./page.html', import.meta.url));

/** Registers the back office: its console page at /admin/ and its API under /admin/api (called once by the back-office area, server/areas/backoffice). */
export async function registerAdmin(app: FastifyInstance): Promise<void> {
  const html = await withConsoleTables(await fs.readFile(PAGE, 'utf8'));
  // The console is static; everything it shows comes from /admin/api with an operator token.
  const page = async (_req: unknown, reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:",
      )
      .header('x-frame-options', 'DENY')
      .send(html);
  app.get('/admin', async (_req, reply) => reply.redirect('/admin/'));
  app.get('/admin/', page);
  // cookie auth is ambient: state-changing back-office calls must come from our own pages
  // (http/operator-cookie.ts). A root hook, because areas mount their back-office routes under
  // /admin/api too (copy-trading traders, IEO).
  // a callback hook: every request of the app passes it, and it awaits nothing
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.url.startsWith('/admin/api/')) return done();
    const problem = csrfProblem(req, req.routeOptions.url === '/admin/api/login');
    if (!problem) return done();
    req.log.warn({ url: req.url, problem }, 'back office call refused as cross-site');
    reply.code(403).send(errorEnvelope('error', translate('malformed_request', requestLang(req))));
  });
  await app.register(adminRoutes, { prefix: '/admin/api' });
}
