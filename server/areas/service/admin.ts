/**
 * Back office under /admin/api/service (operators only): the inbox, one conversation with the
 * customer's profile and records, replies (mailed to an away customer who asked, and to guests),
 * internal notes, assignment, close/reopen, read marks, canned replies (and their editing, per
 * language), the business-hours and web-view settings (read and changed), and the ticket that admits the operator's socket to the live room.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { AppError } from '../../errors';
import { parse } from '../../kernel/validate';
import { id, intOr, optId, text } from '../../kernel/fields';
import { inTransaction, isUniqueViolation } from '../../db/tx';
import { logAction } from '../../auth/operators';
import { requiredReason } from '../../admin/forms';
import {
  DEFAULT_SERVICE_HOURS,
  DEFAULT_WEBVIEW_ALLOW,
  LANGS,
  parseAllowList,
  parseServiceHours,
  type AdminServiceSettings,
} from '../../../core';
import { getSetting } from '../../shared/settings';
import { issueTicket } from './domain/live';
import {
  cannedReplies,
  conversationDetail,
  inbox,
  markReadByStaff,
  setAssignee,
  setStatus,
  staffPost,
} from './domain/staff';
import { deliverMessages, deliverReceipts, mailReplyIfAway, type ServiceDeps } from './domain/service';

const InboxQuery = z.object({
  box: z.enum(['unassigned', 'mine', 'all']).default('all'),
  status: z.enum(['open', 'closed']).default('open'),
  page: intOr(1, 100_000, 1),
  limit: intOr(1, 100, 30),
});
const bigId = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v),
  z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
);
const PostBody = z.object({ id, body: text(2000) });
const AssignBody = z.object({ id, operator_id: optId });
const CannedBody = z.object({
  id: optId,
  lang: z.enum(LANGS),
  title: text(60).pipe(z.string().min(1)),
  body: text(2000).pipe(z.string().min(1)),
});
const SettingBody = z.object({
  key: z.enum(['service_hours', 'webview_allow']),
  value: z.string().trim().min(1).max(500),
  reason: requiredReason,
});

export function serviceAdminRoutes(deps: () => ServiceDeps) {
  return async (op: FastifyInstance): Promise<void> => {
    registerInbox(op);
    registerConversationActions(op, deps);
    registerCanned(op);
    registerServiceSettings(op);
  };
}

const ConversationQuery = z.object({ id, before: bigId.optional() });

/** The live room's ticket, the inbox, one conversation (older messages before `before`). */
function registerInbox(op: FastifyInstance): void {
  const db = op.db;
  op.post('/live-ticket', async (req) => ok({ ticket: await issueTicket(db, req.operatorSessionId) }));

  op.get('/inbox', async (req) => {
    const q = parse(InboxQuery, req.query);
    return ok(await inbox(db, req.operatorId, q.box, q.status, q.page, q.limit));
  });

  op.get('/conversation', async (req) => {
    const q = parse(ConversationQuery, req.query);
    return ok(await conversationDetail(db, q.id, q.before));
  });
}

const IdBody = z.object({ id });
const ReadUpToBody = z.object({ id, up_to: bigId });

/** Replies (mailed to an away customer who asked) and internal notes, assignment, close/reopen, read marks. */
function registerConversationActions(op: FastifyInstance, deps: () => ServiceDeps): void {
  const db = op.db;

  const post = (internal: boolean) => async (req: FastifyRequest) => {
    const b = parse(PostBody, req.body);
    const { conversation: c, messageId } = await staffPost(db, req.operatorId, b.id, b.body, internal);
    await deliverMessages(deps(), b.id, c.user_id, [messageId]);
    const mailed = internal ? false : await mailReplyIfAway(deps(), c, b.body);
    return ok({ id: messageId, mailed });
  };
  op.post('/reply', post(false));
  op.post('/note', post(true));

  op.post('/assign', async (req) => {
    const b = parse(AssignBody, req.body);
    await setAssignee(db, req.operatorId, b.id, b.operator_id ?? req.operatorId);
    return ok(true);
  });
  op.post('/unassign', async (req) => {
    const b = parse(IdBody, req.body);
    await setAssignee(db, req.operatorId, b.id, null);
    return ok(true);
  });
  op.post('/close', async (req) => {
    await setStatus(db, req.operatorId, parse(IdBody, req.body).id, 'closed');
    return ok(true);
  });
  op.post('/reopen', async (req) => {
    await setStatus(db, req.operatorId, parse(IdBody, req.body).id, 'open');
    return ok(true);
  });
  op.post('/read', async (req) => {
    const b = parse(ReadUpToBody, req.body);
    const r = await markReadByStaff(db, b.id, b.up_to);
    deliverReceipts(deps(), b.id, r.userId, r.receipts);
    return ok(r.receipts);
  });
}

const CannedQuery = z.object({ lang: z.enum(LANGS).default('en') });

/** Canned replies per language: the list, save (a new one, or an edit), delete; each change logged. */
function registerCanned(op: FastifyInstance): void {
  const db = op.db;
  op.get('/canned', async (req) => {
    const { lang } = parse(CannedQuery, req.query);
    return ok(await cannedReplies(db, lang));
  });

  op.post('/canned', async (req) => {
    const b = parse(CannedBody, req.body);
    const saved = await inTransaction(db, async (trx) => {
      const row = b.id
        ? await trx
            .updateTable('service_canned')
            .set({ lang: b.lang, title: b.title, body: b.body })
            .where('id', '=', b.id)
            .returning('id')
            .executeTakeFirst()
        : await trx
            .insertInto('service_canned')
            .values({ lang: b.lang, title: b.title, body: b.body })
            .onConflict((oc) => oc.columns(['lang', 'title']).doUpdateSet({ body: b.body }))
            .returning('id')
            .executeTakeFirst();
      if (!row) throw new AppError('not_found');
      await logAction(trx, {
        operatorId: req.operatorId,
        action: 'service_canned_save',
        target: `service_canned:${row.id}`,
        reason: `${b.lang}: ${b.title}`,
      });
      return row.id;
    }).catch((e: unknown) => {
      // another reply of this language already has the title
      if (isUniqueViolation(e)) throw new AppError('param_error');
      throw e;
    });
    return ok({ id: saved });
  });
  op.post('/canned/delete', async (req) => {
    const b = parse(IdBody, req.body);
    await inTransaction(db, async (trx) => {
      const row = await trx
        .deleteFrom('service_canned')
        .where('id', '=', b.id)
        .returning(['lang', 'title'])
        .executeTakeFirst();
      if (!row) throw new AppError('not_found');
      await logAction(trx, {
        operatorId: req.operatorId,
        action: 'service_canned_delete',
        target: `service_canned:${b.id}`,
        reason: `${row.lang}: ${row.title}`,
      });
    });
    return ok(true);
  });
}

/** The business hours and the web view's allow-list: read, and changed with a reason (logged). */
function registerServiceSettings(op: FastifyInstance): void {
  const db = op.db;
  op.get('/settings', async () => {
    const s: AdminServiceSettings = {
      service_hours: (await getSetting(db, 'service_hours')) ?? DEFAULT_SERVICE_HOURS,
      webview_allow: (await getSetting(db, 'webview_allow')) ?? DEFAULT_WEBVIEW_ALLOW,
    };
    return ok(s);
  });
  op.post('/settings', async (req) => {
    const b = parse(SettingBody, req.body);
    if (b.key === 'service_hours' && !parseServiceHours(b.value)) throw new AppError('param_error');
    if (b.key === 'webview_allow' && !parseAllowList(b.value).length) throw new AppError('param_error');
    await inTransaction(db, async (trx) => {
      await trx
        .insertInto('settings')
        .values({ key: b.key, value: b.value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: b.value, updated_at: new Date() }))
        .execute();
      await logAction(trx, {
        operatorId: req.operatorId,
        action: 'setting',
        target: b.key,
        reason: b.reason,
        detail: { value: b.value },
      });
    });
    return ok(true);
  });
}
