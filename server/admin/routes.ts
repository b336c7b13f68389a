/**
 * The back office API under /admin/api (not /api): operator login, review queues (identity,
 * recharge, withdraw), manual balance adjustment, user search with balances and journal, site
 * settings, coupons and the action log. Every change runs in one transaction with its
 * operator_actions row (who, when, why).
 */
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import Decimal from 'decimal.js';
import type { AdminKycItem, AdminRechargeItem, AdminSettings, AdminUserDetail, AdminUserRow, AdminWithdrawItem, OperatorAction, Page } from '../../core';
import { ok, errorEnvelope } from '../http/envelope';
import { AppError } from '../errors';
import { requestLang } from '../http/lang';
import { translate } from '../i18n/messages';
import { parse } from '../kernel/validate';
import { clientIp } from '../http/request-meta';
import { credit, debit, getBalances } from '../db/ledger';
import { rechargeEnabled, inviteRequired } from '../domain/content/settings';
import { reviewKyc } from '../domain/kyc/kyc';
import { reviewRecharge, rechargeDto, rechargeQuery } from '../domain/funds/recharge';
import { voucherDuplicates } from '../domain/funds/voucher';
import { reviewWithdraw, withdrawDto, withdrawQuery } from '../domain/funds/withdraw';
import { journalPage } from '../domain/funds/assets';
import { addNotice, FIAT_PREFIX, fundsCurrency, listFiats, fundsCurrencies } from '../domain/funds/common';
import { exchangeFeeRate, walletGate } from '../domain/funds/config';
import { fileUrl } from '../domain/profile/files';
import { authenticateOperator } from '../http/operator-auth';
import { clearOperatorCookie, csrfProblem, setOperatorCookie } from '../http/operator-cookie';
import { logAction, operatorLogin, operatorLogout } from '../domain/operators/operators';
import { credentialLimit } from '../http/auth';
import { inTransaction } from '../db/tx';
import { decimal, int, intOr, signedDecimal, text } from '../kernel/fields';
import { canon } from '../kernel/decimal';
import { offset, pageOf, pagingShapeOf } from '../kernel/paging';

const id = int(1);
const reason = text(500);
const requiredReason = z.string().trim().min(1, { error: 'reason_required' }).max(500);
const paging = pagingShapeOf(20);
const status = z.enum(['pending', 'approved', 'rejected']).optional();
const decimalStr = decimal;

const LoginBody = z.object({ name: z.string().trim().min(1).max(64), password: z.string().min(1).max(128) });
const QueueQuery = z.object({ status, ...paging });
const ReviewBody = z
  .object({ id, approve: z.union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false'), z.boolean(), z.literal(1), z.literal(0)]), reason })
  .transform((b) => ({ id: b.id, approve: b.approve === true || b.approve === '1' || b.approve === 'true' || b.approve === 1, reason: b.reason }))
  .refine((b) => b.approve || b.reason.length > 0, { error: 'reason_required' });
const UsersQuery = z.object({ q: z.string().trim().max(190).default(''), ...paging });
const AdjustBody = z.object({ user_id: id, currency_id: id, type: int(1, 4), amount: signedDecimal, reason: requiredReason });
const LevelBody = z.object({ user_id: id, level: int(0, 3), reason: requiredReason });
const SettingBody = z.object({ key: z.enum(['recharge_enabled', 'invite_required', 'wallet_gate', 'exchange_fee_rate']), value: z.string().trim().min(1).max(32), reason: requiredReason });
const CurrencyBody = z.object({ currency_id: id, withdraw_min: decimalStr, withdraw_fee: decimalStr, deposit_address: z.string().trim().max(128).default(''), reason: requiredReason });
const LimitBody = z.object({ level: int(0, 3), withdraw_24h_btc: decimalStr, fiat_order_usdt: decimalStr, reason: requiredReason });
const FiatBody = z.object({ currency_code: z.string().trim().regex(/^[A-Z]{3}$/), rate: decimalStr, reason: requiredReason });
const CouponBody = z.object({ user_id: id, title: z.string().trim().min(1).max(60), currency_id: id, amount: decimalStr, min_spend: decimalStr.default('0'), expires_days: intOr(0, 3650, 30), reason: requiredReason });

async function count(q: { executeTakeFirstOrThrow(): Promise<{ n: string | number | bigint }> }): Promise<number> {
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  app.decorateRequest('operatorId', 0);
  app.decorateRequest('operatorName', '');
  app.decorateRequest('operatorSessionId', 0);

  // The token goes into the HttpOnly cookie only; the body names who signed in (issue 14).
  app.post('/login', credentialLimit(app.config), async (req, reply) => {
    const b = parse(LoginBody, req.body);
    const s = await operatorLogin(db, b.name, b.password, clientIp(req));
    setOperatorCookie(req, reply, s.token);
    return ok({ id: s.id, name: s.name });
  });

  await app.register(async (op) => {
    op.addHook('preHandler', authenticateOperator);

    op.get('/me', async (req) => ok({ id: req.operatorId, name: req.operatorName }));
    op.post('/logout', async (req, reply) => {
      await operatorLogout(db, req.operatorSessionId);
      clearOperatorCookie(req, reply);
      return ok(true);
    });

    // ── identity verification queue ──
    op.get('/kyc', async (req): Promise<ReturnType<typeof ok<Page<AdminKycItem>>>> => {
      const q = parse(QueueQuery, req.query);
      let base = db.selectFrom('kyc_submissions').innerJoin('users', 'users.id', 'kyc_submissions.user_id').leftJoin('operators', 'operators.id', 'kyc_submissions.reviewed_by');
      if (q.status) base = base.where('kyc_submissions.status', '=', q.status);
      const rows = await base
        .select(['kyc_submissions.id', 'kyc_submissions.user_id', 'users.email', 'users.mobile', 'kyc_submissions.real_type', 'kyc_submissions.id_type', 'kyc_submissions.name', 'kyc_submissions.card_id', 'kyc_submissions.front_pic', 'kyc_submissions.reverse_pic', 'kyc_submissions.status', 'kyc_submissions.reason', 'kyc_submissions.created_at', 'kyc_submissions.reviewed_at', 'operators.name as reviewer'])
        .orderBy('kyc_submissions.id', q.status === 'pending' ? 'asc' : 'desc')
        .limit(q.limit)
        .offset(offset(q))
        .execute();
      const list = await Promise.all(
        rows.map(async (r) => ({
          id: r.id,
          user_id: r.user_id,
          account: r.email ?? r.mobile ?? '',
          real_type: r.real_type as 1 | 2,
          id_type: r.id_type as AdminKycItem['id_type'],
          name: r.name,
          // operators see the full number: they compare it with the photos
          card_id: r.card_id,
          front_pic_url: await fileUrl(db, r.front_pic, 'id_photo'),
          reverse_pic_url: await fileUrl(db, r.reverse_pic, 'id_photo'),
          status: r.status,
          reason: r.reason,
          created_at: r.created_at.toISOString(),
          reviewed_at: r.reviewed_at?.toISOString() ?? null,
          reviewed_by: r.reviewer,
        })),
      );
      return ok(pageOf(list, q, await count(base.select((eb) => eb.fn.countAll<string>().as('n')))));
    });
    op.post('/kyc/review', async (req) => {
      const b = parse(ReviewBody, req.body);
      await inTransaction(db, async (trx) => {
        const r = await reviewKyc(trx, { id: b.id, operatorId: req.operatorId, approve: b.approve, reason: b.reason });
        await logAction(trx, { operatorId: req.operatorId, action: b.approve ? 'kyc_approve' : 'kyc_reject', target: `user:${r.userId} kyc:${b.id}`, reason: b.reason || 'approved', detail: { real_type: r.realType } });
      });
      return ok(true);
    });

    // ── recharge queue ──
    op.get('/recharges', async (req) => {
      const q = parse(QueueQuery, req.query);
      let base = rechargeQuery(db).innerJoin('users', 'users.id', 'recharges.user_id').leftJoin('operators', 'operators.id', 'recharges.reviewed_by').select(['users.email', 'users.mobile', 'operators.name as reviewer']);
      if (q.status) base = base.where('recharges.status', '=', q.status);
      const rows = await base.orderBy('recharges.id', q.status === 'pending' ? 'asc' : 'desc').limit(q.limit).offset(offset(q)).execute();
      const dups = await voucherDuplicates(db, rows);
      const list: AdminRechargeItem[] = await Promise.all(
        rows.map(async (r) => ({ ...(await rechargeDto(db, r)), user_id: r.user_id, account_name: r.email ?? r.mobile ?? '', reviewed_by: r.reviewer, duplicate_voucher_of: dups.get(r.id) ?? [] })),
      );
      let c = db.selectFrom('recharges').select((eb) => eb.fn.countAll<string>().as('n'));
      if (q.status) c = c.where('status', '=', q.status);
      return ok(pageOf(list, q, await count(c)));
    });
    op.post('/recharges/review', async (req) => {
      const b = parse(ReviewBody, req.body);
      await inTransaction(db, async (trx) => {
        const r = await reviewRecharge(trx, { id: b.id, operatorId: req.operatorId, approve: b.approve, reason: b.reason });
        await logAction(trx, { operatorId: req.operatorId, action: b.approve ? 'recharge_approve' : 'recharge_reject', target: `user:${r.userId} recharge:${b.id}`, reason: b.reason || 'approved' });
      });
      return ok(true);
    });

    // ── withdrawal queue ──
    op.get('/withdrawals', async (req) => {
      const q = parse(QueueQuery, req.query);
      let base = withdrawQuery(db).innerJoin('users', 'users.id', 'withdrawals.user_id').leftJoin('operators', 'operators.id', 'withdrawals.reviewed_by').select(['users.email', 'users.mobile', 'operators.name as reviewer']);
      if (q.status) base = base.where('withdrawals.status', '=', q.status);
      const rows = await base.orderBy('withdrawals.id', q.status === 'pending' ? 'asc' : 'desc').limit(q.limit).offset(offset(q)).execute();
      const list: AdminWithdrawItem[] = rows.map((r) => ({ ...withdrawDto(r), user_id: r.user_id, account_name: r.email ?? r.mobile ?? '', reviewed_by: r.reviewer }));
      let c = db.selectFrom('withdrawals').select((eb) => eb.fn.countAll<string>().as('n'));
      if (q.status) c = c.where('status', '=', q.status);
      return ok(pageOf(list, q, await count(c)));
    });
    op.post('/withdrawals/review', async (req) => {
      const b = parse(ReviewBody, req.body);
      await inTransaction(db, async (trx) => {
        const r = await reviewWithdraw(trx, { id: b.id, operatorId: req.operatorId, approve: b.approve, reason: b.reason });
        await logAction(trx, { operatorId: req.operatorId, action: b.approve ? 'withdraw_approve' : 'withdraw_reject', target: `user:${r.userId} withdraw:${b.id}`, reason: b.reason || 'approved' });
      });
      return ok(true);
    });

    // ── users ──
    op.get('/users', async (req) => {
      const q = parse(UsersQuery, req.query);
      let base = db.selectFrom('users').where('status', '<>', 2);
      if (q.q) {
        const like = `%${q.q.replace(/[\\%_]/g, (m) => '\\' + m)}%`;
        const asId = /^\d{1,9}$/.test(q.q) ? Number(q.q) : 0;
        base = base.where((eb) => eb.or([eb('email', 'ilike', like), eb('mobile', 'like', like), eb('nickname', 'ilike', like), eb('id', '=', asId)]));
      }
      const rows = await base.select(['id', 'email', 'mobile', 'level', 'status', 'created_at']).orderBy('id', 'desc').limit(q.limit).offset(offset(q)).execute();
      const list: AdminUserRow[] = rows.map((r) => ({ ...r, account: r.email ?? r.mobile ?? '', created_at: r.created_at.toISOString() }));
      return ok(pageOf(list, q, await count(base.select((eb) => eb.fn.countAll<string>().as('n')))));
    });
    op.get('/users/detail', async (req) => {
      const q = parse(z.object({ id, ...paging }), req.query);
      const u = await db.selectFrom('users').select(['id', 'email', 'mobile', 'level', 'status', 'created_at', 'nickname']).where('id', '=', q.id).executeTakeFirst();
      if (!u) throw new AppError('not_found');
      const detail: AdminUserDetail = {
        ...u,
        account: u.email ?? u.mobile ?? '',
        created_at: u.created_at.toISOString(),
        balances: await getBalances(db, u.id),
        journal: (await journalPage(db, u.id, q)).list,
      };
      return ok(detail);
    });
    op.post('/users/adjust', async (req) => {
      const b = parse(AdjustBody, req.body);
      const amount = new Decimal(b.amount);
      if (amount.isZero()) throw new AppError('amount_invalid');
      const c = await fundsCurrency(db, b.currency_id);
      const user = await db.selectFrom('users').select('id').where('id', '=', b.user_id).where('status', '<>', 2).executeTakeFirst();
      if (!user) throw new AppError('not_found');
      await inTransaction(db, async (trx) => {
        const actionId = await logAction(trx, { operatorId: req.operatorId, action: 'balance_adjust', target: `user:${b.user_id}`, reason: b.reason, detail: { currency: c.name, type: b.type, amount: amount.toFixed() } });
        const entry = { userId: b.user_id, currencyId: c.id, type: b.type, amount: amount.abs().toFixed(), reason: 'adjust', ref: { type: 'operator_action', id: actionId } };
        if (amount.isPositive()) await credit(trx, entry);
        else await debit(trx, entry);
        await addNotice(trx, { userId: b.user_id, kind: 'adjust', title: 'notice_adjust_title', body: 'notice_adjust_body', params: { amount: amount.toFixed(), currency: c.name, reason: b.reason } });
      });
      return ok(await getBalances(db, b.user_id));
    });
    op.post('/users/level', async (req) => {
      const b = parse(LevelBody, req.body);
      await inTransaction(db, async (trx) => {
        const res = await trx.updateTable('users').set({ level: b.level, updated_at: new Date() }).where('id', '=', b.user_id).where('status', '<>', 2).executeTakeFirst();
        if (res.numUpdatedRows !== 1n) throw new AppError('not_found');
        await logAction(trx, { operatorId: req.operatorId, action: 'set_level', target: `user:${b.user_id}`, reason: b.reason, detail: { level: b.level } });
      });
      return ok(true);
    });
    op.post('/coupons/grant', async (req) => {
      const b = parse(CouponBody, req.body);
      const c = await fundsCurrency(db, b.currency_id);
      if (new Decimal(b.amount).lte(0)) throw new AppError('amount_invalid');
      if (!(await db.selectFrom('users').select('id').where('id', '=', b.user_id).executeTakeFirst())) throw new AppError('not_found');
      await inTransaction(db, async (trx) => {
        const row = await trx
          .insertInto('coupons')
          .values({ user_id: b.user_id, title: b.title, currency_id: c.id, amount: b.amount, min_spend: b.min_spend, expires_at: b.expires_days ? new Date(Date.now() + b.expires_days * 86_400_000) : null })
          .returning('id')
          .executeTakeFirstOrThrow();
        await logAction(trx, { operatorId: req.operatorId, action: 'coupon_grant', target: `user:${b.user_id} coupon:${row.id}`, reason: b.reason, detail: { amount: b.amount, currency: c.name } });
      });
      return ok(true);
    });

    // ── settings ──
    op.get('/settings', async () => {
      const [currencies, configs, limits] = await Promise.all([
        fundsCurrencies(db),
        db.selectFrom('funds_currency_config').selectAll().execute(),
        db.selectFrom('level_limits').selectAll().orderBy('level').execute(),
      ]);
      const cfg = new Map(configs.map((c) => [c.currency_id, c]));
      const s: AdminSettings = {
        recharge_enabled: await rechargeEnabled(db),
        invite_required: await inviteRequired(db, app.config),
        wallet_gate: await walletGate(db, app.config),
        exchange_fee_rate: await exchangeFeeRate(db),
        limits: limits.map((l) => ({ level: l.level, withdraw_24h_btc: canon(l.withdraw_24h_btc), fiat_order_usdt: canon(l.fiat_order_usdt) })),
        currencies: currencies.map((c) => ({ currency_id: c.id, currency: c.name, withdraw_min: canon(cfg.get(c.id)?.withdraw_min ?? '0'), withdraw_fee: canon(cfg.get(c.id)?.withdraw_fee ?? '0'), deposit_address: cfg.get(c.id)?.deposit_address ?? '' })),
        fiats: await listFiats(db),
      };
      return ok(s);
    });
    const upsertSetting = (trx: Parameters<typeof logAction>[0], key: string, value: string) =>
      trx.insertInto('settings').values({ key, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() })).execute();
    op.post('/settings', async (req) => {
      const b = parse(SettingBody, req.body);
      let value = b.value;
      if (b.key === 'exchange_fee_rate') {
        if (!/^\d(\.\d{1,8})?$/.test(value) || new Decimal(value).gte(1)) throw new AppError('param_error');
      } else {
        value = ['1', 'on', 'true', 'yes'].includes(value.toLowerCase()) ? '1' : ['0', 'off', 'false', 'no'].includes(value.toLowerCase()) ? '0' : '';
        if (!value) throw new AppError('param_error');
      }
      await inTransaction(db, async (trx) => {
        await upsertSetting(trx, b.key, value);
        await logAction(trx, { operatorId: req.operatorId, action: 'setting', target: b.key, reason: b.reason, detail: { value } });
      });
      return ok(true);
    });
    op.post('/settings/currency', async (req) => {
      const b = parse(CurrencyBody, req.body);
      const c = await fundsCurrency(db, b.currency_id);
      if (new Decimal(b.withdraw_fee).gt(b.withdraw_min)) throw new AppError('param_error');
      if (b.deposit_address && !/^[A-Za-z0-9:_.-]{10,128}$/.test(b.deposit_address)) throw new AppError('address_invalid');
      await inTransaction(db, async (trx) => {
        const v = { withdraw_min: b.withdraw_min, withdraw_fee: b.withdraw_fee, deposit_address: b.deposit_address };
        await trx.insertInto('funds_currency_config').values({ currency_id: c.id, ...v }).onConflict((oc) => oc.column('currency_id').doUpdateSet(v)).execute();
        await logAction(trx, { operatorId: req.operatorId, action: 'setting_currency', target: c.name, reason: b.reason, detail: v });
      });
      return ok(true);
    });
    op.post('/settings/limit', async (req) => {
      const b = parse(LimitBody, req.body);
      await inTransaction(db, async (trx) => {
        const v = { withdraw_24h_btc: b.withdraw_24h_btc, fiat_order_usdt: b.fiat_order_usdt };
        await trx.insertInto('level_limits').values({ level: b.level, ...v }).onConflict((oc) => oc.column('level').doUpdateSet(v)).execute();
        await logAction(trx, { operatorId: req.operatorId, action: 'setting_limit', target: `level:${b.level}`, reason: b.reason, detail: v });
      });
      return ok(true);
    });
    op.post('/settings/fiat', async (req) => {
      const b = parse(FiatBody, req.body);
      if (new Decimal(b.rate).lte(0) || (b.currency_code === 'USD' && b.rate !== '1')) throw new AppError('param_error');
      await inTransaction(db, async (trx) => {
        await upsertSetting(trx, FIAT_PREFIX + b.currency_code, b.rate);
        await logAction(trx, { operatorId: req.operatorId, action: 'setting_fiat', target: b.currency_code, reason: b.reason, detail: { rate: b.rate } });
      });
      return ok(true);
    });

    // ── action log ──
    op.get('/log', async (req) => {
      const q = parse(z.object(paging), req.query);
      const rows = await db
        .selectFrom('operator_actions')
        .innerJoin('operators', 'operators.id', 'operator_actions.operator_id')
        .select(['operator_actions.id', 'operators.name as operator', 'operator_actions.action', 'operator_actions.target', 'operator_actions.reason', sql<string>`operator_actions.detail::text`.as('detail'), 'operator_actions.created_at'])
        .orderBy('operator_actions.id', 'desc')
        .limit(q.limit)
        .offset(offset(q))
        .execute();
      const list: OperatorAction[] = rows.map((r) => ({ ...r, id: Number(r.id), created_at: r.created_at.toISOString() }));
      return ok(pageOf(list, q, await count(db.selectFrom('operator_actions').select((eb) => eb.fn.countAll<string>().as('n')))));
    });
  });
}

const PAGE = fileURLToPath(new URL('./page.html', import.meta.url));

/** Registers the back office: its console page at /admin/ and its API under /admin/api (called once by the back-office area, server/areas/backoffice). */
export async function registerAdmin(app: FastifyInstance): Promise<void> {
  const html = await fs.readFile(PAGE, 'utf8');
  // The console is static; everything it shows comes from /admin/api with an operator token.
  const page = async (_req: unknown, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:").header('x-frame-options', 'DENY').send(html);
  app.get('/admin', async (_req, reply) => reply.redirect('/admin/'));
  app.get('/admin/', page);
  // cookie auth is ambient: state-changing back-office calls must come from our own pages
  // (http/operator-cookie.ts). A root hook, because areas mount their back-office routes under
  // /admin/api too (copy-trading traders, IEO).
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/admin/api/')) return;
    const problem = csrfProblem(req, req.routeOptions.url === '/admin/api/login');
    if (!problem) return;
    req.log.warn({ url: req.url, problem }, 'back office call refused as cross-site');
    return reply.code(403).send(errorEnvelope('error', translate('malformed_request', requestLang(req))));
  });
  await app.register(adminRoutes, { prefix: '/admin/api' });
}
