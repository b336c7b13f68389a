/** Security routes: payment password, Google authenticator, phone and email binding. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { newPassword } from '../../http/password-field';
import { requestLang } from '../../http/lang';
import { clientIp } from '../../http/request-meta';
import { credentialLimit } from '../../http/auth';
import { translate } from '../../i18n/messages';
import { setPayPassword } from './domain/pay-password';
import { bindGa, gaSetup } from './domain/ga';
import { bind, bindTarget, issueBindCode } from './domain/bindings';
import { CODE_TTL_MS } from '../accounts/domain';
import { getSetting } from '../../shared/settings';
import { sessionCaller } from '../../http/known-device';
import { endDevice, listDevices } from './domain/devices';

const code6 = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'code_invalid' });
const PayPasswordBody = z
  .object({
    password: newPassword,
    re_password: z.string().max(128),
    oldPasswd: z.string().min(1, { error: 'old_password_wrong' }).max(128),
  })
  .refine((b) => b.password === b.re_password, { error: 'passwords_inconsistent' });

type Caller = { userId: number; sessionId: number };

/** the hooks the security routes share: signed in, and for changes also the credential rate limit */
function guards(app: FastifyInstance) {
  const auth = { preHandler: app.authenticate };
  return { auth, checked: { ...auth, ...credentialLimit(app.config) } };
}

const who = (req: Caller) => ({ userId: req.userId, sessionId: req.sessionId });

// Each change below ends the user's other sessions; their sockets lose the private room too.
const signOutOthers = (app: FastifyInstance, req: Caller) =>
  app.sessionSockets.endUserSessions(req.userId, req.sessionId);

type Guards = ReturnType<typeof guards>;

export async function securityRoutes(app: FastifyInstance): Promise<void> {
  const g = guards(app);
  payPasswordRoutes(app, g);
  deviceRoutes(app, g);
  gaRoutes(app, g);
  bindingRoutes(app, g);
}

function payPasswordRoutes(app: FastifyInstance, { checked }: Guards): void {
  app.post('/safe/update_password', checked, async (req) => {
    const b = parse(PayPasswordBody, req.body);
    await setPayPassword(app.db, who(req), { password: b.password, oldPasswd: b.oldPasswd }, sessionCaller(req));
    signOutOthers(app, req);
    return ok(translate('pay_password_saved', requestLang(req)));
  });
}

const SessionBody = z.object({ id: z.coerce.number().int().positive() });

/** Security → Devices: the caller's own sessions only; ending one closes its sockets at once */
function deviceRoutes(app: FastifyInstance, { auth }: Guards): void {
  app.get('/user/sessions', auth, async (req) =>
    ok(await listDevices(app.db, req.userId, req.sessionId, app.config.sessions.user)),
  );
  app.post('/user/sessions/end', auth, async (req) => {
    const b = parse(SessionBody, req.body);
    await endDevice(app.db, req.userId, req.sessionId, b.id);
    app.sessionSockets.endSession(req.userId, b.id);
    return ok(translate('session_ended', requestLang(req)));
  });
}

const GasercertBody = z.object({ gasercert: z.string().trim().max(12) });

function gaRoutes(app: FastifyInstance, { auth, checked }: Guards): void {
  app.get('/user/getUseGa', auth, async (req) =>
    ok(await gaSetup(app.db, req.userId, (await getSetting(app.db, 'site_name')) ?? 'H5 Exchange')),
  );
  app.post('/user/saveUserga', checked, async (req) => {
    const b = parse(GasercertBody, req.body);
    await bindGa(app.db, who(req), b.gasercert, sessionCaller(req));
    signOutOthers(app, req);
    return ok(translate('ga_bound_ok', requestLang(req)));
  });
}

/** a code to the phone or address being bound (rate-limited per user, target and IP) */
async function sendCode(
  app: FastifyInstance,
  req: FastifyRequest,
  kind: 'mobile' | 'email',
  raw: string,
  areaCode?: string,
) {
  const target = bindTarget(kind, raw);
  const code = await issueBindCode(
    app.db,
    { userId: req.userId, kind, target, ip: clientIp(req) },
    app.config.rateLimits,
  );
  const lang = requestLang(req);
  await app.notify.send({
    channel: kind === 'email' ? 'email' : 'sms',
    to: kind === 'mobile' && areaCode ? `+${areaCode.replace(/^\+/, '')} ${target}` : target,
    subject: translate('bind_code_subject', lang),
    body: translate('code_mail_body', lang, { code, minutes: CODE_TTL_MS / 60_000 }),
    code,
  });
  return ok(translate('code_sent', lang));
}

const SmsBody = z.object({ mobile: z.string().trim().min(1).max(20), area_code: z.string().trim().max(8).optional() });
const EmailSendBody = z.object({ email: z.string().trim().min(1).max(190) });
const MobileBody = z.object({
  mobile: z.string().trim().min(1).max(20),
  code: code6,
  area_code: z.string().trim().max(8).optional(),
});
const EmailBody = z.object({ email: z.string().trim().min(1).max(190), code: code6 });

/** phone and email binding: a code sent, then the binding with that code */
function bindingRoutes(app: FastifyInstance, { auth, checked }: Guards): void {
  app.post('/sms_send', auth, async (req) => {
    const b = parse(SmsBody, req.body);
    return sendCode(app, req, 'mobile', b.mobile, b.area_code);
  });
  app.post('/safe/email_send', auth, async (req) => {
    const b = parse(EmailSendBody, req.body);
    return sendCode(app, req, 'email', b.email);
  });
  app.post('/safe/mobile', checked, async (req) => {
    const b = parse(MobileBody, req.body);
    await bind(app.db, who(req), {
      kind: 'mobile',
      target: bindTarget('mobile', b.mobile),
      code: b.code,
      areaCode: b.area_code,
      caller: sessionCaller(req),
    });
    signOutOthers(app, req);
    return ok(translate('mobile_bound_ok', requestLang(req)));
  });
  app.post('/safe/email', checked, async (req) => {
    const b = parse(EmailBody, req.body);
    await bind(app.db, who(req), {
      kind: 'email',
      target: bindTarget('email', b.email),
      code: b.code,
      caller: sessionCaller(req),
    });
    signOutOthers(app, req);
    return ok(translate('email_bound_ok', requestLang(req)));
  });
}
