/**
 * Customer routes under /api/service: the caller's own conversation only — a logged-in user
 * (Authorization) or a guest (the token from /service/guest, in the x-service-guest header).
 * Nothing here takes a conversation id: a customer can only ever name their own thread.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { AppError } from '../../errors';
import { parse } from '../../kernel/validate';
import { optInt, text } from '../../kernel/fields';
import { bearerToken } from '../../http/auth';
import { lookupSession } from '../../auth/sessions';
import { requestLang } from '../../http/lang';
import { getSetting } from '../../shared/settings';
import {
  DEFAULT_SERVICE_HOURS,
  DEFAULT_WEBVIEW_ALLOW,
  SERVICE_REF_TYPES,
  withinServiceHours,
  type ServiceStatus,
} from '../../../core';
import { GUEST_HEADER, hashGuestToken, newGuestToken, type Party } from './domain/party';
import {
  customerThread,
  markReadByCustomer,
  postFromCustomer,
  setEmailReply,
  startGuest,
  unreadFor,
} from './domain/conversations';
import { deliverMessages, deliverReceipts, type ServiceDeps } from './domain/service';
import { checkGuestCount, guestConversation, GUEST_SCENE, markGuestVerified, saveGuestUpload } from './domain/guests';
import { CODE_TTL_MS, issueCode, verifyCode } from '../accounts/domain';
import { deliver } from '../../http/deliver';
import { clientIp } from '../../http/request-meta';
import { translate } from '../../i18n/messages';
import { readImageUpload, uploadContext } from '../../http/upload-body';
import { localUploadStore, type UploadStore } from '../../storage/uploads';
import { addressCaller } from '../../http/known-device';

const MAX_ID = Number.MAX_SAFE_INTEGER;
const bigId = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v === '' ? undefined : v),
  z.number().int().min(0).max(MAX_ID).optional(),
);
const ThreadQuery = z.object({ after: bigId, before: bigId, limit: optInt(1, 100) });
const SendBody = z.object({
  body: text(2000).default(''),
  attachment: z.string().trim().max(80).optional(),
  ref_type: z.enum(SERVICE_REF_TYPES).optional(),
  ref_id: optInt(1),
});
const ReadBody = z.object({ up_to: bigId });
const EmailBody = z.object({ on: z.enum(['0', '1']) });
const GuestBody = z.object({ email: z.string().trim().max(120).email() });

/** The caller: a valid user session wins; else a guest token that names a guest conversation. */
async function partyOf(req: FastifyRequest, optional = false): Promise<Party | null> {
  const token = bearerToken(req.headers.authorization);
  if (token) {
    const s = await lookupSession(req.server.db, token, req.server.config.sessions.user);
    if (!s.ok) throw new AppError('session_invalid', undefined, '999');
    return { kind: 'user', userId: s.userId };
  }
  const raw = req.headers[GUEST_HEADER];
  const guest = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (guest && guest.length <= 64) {
    const tokenHash = hashGuestToken(guest);
    const found = await req.server.db
      .selectFrom('service_conversations')
      .select('id')
      .where('guest_token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (found) return { kind: 'guest', tokenHash };
  }
  if (optional) return null;
  throw new AppError('please_login', undefined, '999');
}

const guestLimit = { config: { rateLimit: { max: 5, timeWindow: '1 hour' } } };
const sendLimit = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };

export function serviceRoutes(deps: () => ServiceDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    const store = localUploadStore(app.config.dataDir);
    registerStatusRoutes(app, deps);
    registerThreadRoutes(app, deps);
    registerGuestRoutes(app, store);
  };
}

/** Whether anyone answers now (business hours, operators online) with the caller's unread count; the web view's allow-list. */
function registerStatusRoutes(app: FastifyInstance, deps: () => ServiceDeps): void {
  app.get('/service/status', async (req) => {
    const p = await partyOf(req, true);
    const hours = (await getSetting(app.db, 'service_hours')) ?? DEFAULT_SERVICE_HOURS;
    const inHours = withinServiceHours(hours, Date.now());
    const s: ServiceStatus = {
      online: inHours && (await deps().live.operatorsOnline()),
      in_hours: inHours,
      hours,
      unread: p ? await unreadFor(app.db, p) : 0,
    };
    return ok(s);
  });

  /** the web view's allow-list (a site setting) */
  app.get('/service/webview', async () =>
    ok({ allow: (await getSetting(app.db, 'webview_allow')) ?? DEFAULT_WEBVIEW_ALLOW }),
  );
}

/** The caller's thread: read it, send to it, mark it read, ask for replies by email. */
function registerThreadRoutes(app: FastifyInstance, deps: () => ServiceDeps): void {
  app.get('/service/messages', async (req) => {
    const p = (await partyOf(req))!;
    const w = parse(ThreadQuery, req.query);
    const r = await customerThread(app.db, p, w);
    if (r.deliveredMoved && r.conversationId)
      deliverReceipts(deps(), r.conversationId, p.kind === 'user' ? p.userId : null, r.thread.receipts);
    return ok(r.thread);
  });

  app.post('/service/send', sendLimit, async (req) => {
    const p = (await partyOf(req))!;
    const b = parse(SendBody, req.body);
    if ((b.ref_type === undefined) !== (b.ref_id === undefined)) throw new AppError('param_error');
    const ref = b.ref_type && b.ref_id ? { type: b.ref_type, id: b.ref_id } : undefined;
    const posted = await postFromCustomer(app.db, p, {
      body: b.body,
      attachment: b.attachment || undefined,
      ref,
      lang: requestLang(req),
    });
    // stored and committed: now tell the customer's other devices and the operators
    await deliverMessages(deps(), posted.conversationId, posted.userId, posted.messageIds);
    return ok({ conversation_id: posted.conversationId, ids: posted.messageIds });
  });

  app.post('/service/read', async (req) => {
    const p = (await partyOf(req))!;
    const { up_to } = parse(ReadBody, req.body);
    if (up_to === undefined) throw new AppError('param_error');
    const r = await markReadByCustomer(app.db, p, up_to);
    deliverReceipts(deps(), r.conversationId, r.userId, r.receipts);
    return ok(r.receipts);
  });

  app.post('/service/email_reply', async (req) => {
    const p = (await partyOf(req))!;
    const { on } = parse(EmailBody, req.body);
    await setEmailReply(app.db, p, on === '1');
    return ok(true);
  });
}

/** Sends a code to the guest's email; replies are mailed to it only after it is entered. */
async function sendGuestCode(app: FastifyInstance, req: FastifyRequest, email: string): Promise<void> {
  const code = await issueCode(
    app.db,
    { target: email, scene: GUEST_SCENE, channel: 'email', ip: clientIp(req) },
    app.config.rateLimits,
  );
  const lang = requestLang(req);
  await deliver(app, {
    channel: 'email',
    to: email,
    subject: translate('code_mail_subject', lang),
    body: translate('code_mail_body', lang, { code, minutes: CODE_TTL_MS / 60_000 }),
    code,
  });
}

/** The calling guest and their conversation; anyone else is a parameter error. */
async function guestOf(app: FastifyInstance, req: FastifyRequest) {
  const p = await partyOf(req);
  if (p?.kind !== 'guest') throw new AppError('param_error');
  return { p, c: await guestConversation(app.db, p.tokenHash) };
}

const GuestCodeBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'code_invalid' }),
});

/** A guest's conversation: start it, (re)send and check the email code, attach an image. */
function registerGuestRoutes(app: FastifyInstance, store: UploadStore): void {
  /** A guest conversation (from the login page): an email to answer to (a code is sent to it), a token the browser keeps. */
  app.post('/service/guest', guestLimit, async (req) => {
    const r = GuestBody.safeParse(req.body);
    if (!r.success) throw new AppError('service_guest_email');
    const email = r.data.email.toLowerCase();
    await sendGuestCode(app, req, email);
    const { token, hash } = newGuestToken();
    await startGuest(app.db, hash, email);
    return ok({ guest_token: token });
  });
  app.post('/service/guest/code', guestLimit, async (req) => {
    const { c } = await guestOf(app, req);
    if (!c.verified) await sendGuestCode(app, req, c.email);
    return ok(true);
  });
  app.post('/service/guest/verify', async (req) => {
    const { c } = await guestOf(app, req);
    const { code } = parse(GuestCodeBody, req.body);
    if (!c.verified) {
      await verifyCode(app.db, { target: c.email, scene: GUEST_SCENE, code, caller: addressCaller(req) });
      await markGuestVerified(app.db, c.id);
    }
    return ok(true);
  });
  /** A guest's image: the same checks as /api/upload, a daily quota per IP; only this guest's conversation may attach it. */
  uploadContext(app, (scope) =>
    scope.post('/service/guest/upload', sendLimit, async (req) => {
      const { c } = await guestOf(app, req);
      const ip = clientIp(req);
      const file = await readImageUpload(req, app.config.uploadMaxBytes, () =>
        checkGuestCount(app.db, ip, app.config.uploadQuota),
      );
      return ok(
        await saveGuestUpload(app.db, store, { conversationId: c.id, ip, quota: app.config.uploadQuota }, file),
      );
    }),
  );
}
