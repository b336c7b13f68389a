/**
 * Account routes (spec §7): codes, register, login, logout, info, session check, password reset.
 * Field names exactly as the spec gives them; a few aliases the original client also sends
 * (account/user_string, invite/extension_code/invite_code, code/email_code) are accepted.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { newPassword } from '../../http/password-field';
import { requestLang } from '../../http/lang';
import { clientIp, userAgent } from '../../http/request-meta';
import { credentialLimit } from '../../http/auth';
import { addressCaller, loginCaller, rememberDevice } from '../../http/known-device';
import { translate } from '../../i18n/messages';
import { classifyIdentity } from './domain/identity';
import { CODE_TTL_MS, issueCode, verifyCode } from './domain/codes';
import {
  findUserByIdentity,
  login,
  register,
  resetPassword,
  SCENE_FORGET,
  SCENE_REGISTER,
  userInfo,
} from './domain/users';
import { revokeSession } from '../../auth/sessions';
import { inviteRequired } from '../../shared/settings';
import { deliver } from '../../http/deliver';

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));
const code6 = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'code_invalid' });
// The password rule (spec §5: more than six characters) lives in core/policy/password.ts.
const password = newPassword;

/** The client names scenes loosely; the server keeps two families apart: register and forget. */
const scene = z
  .string()
  .trim()
  .toLowerCase()
  .max(32)
  .optional()
  .transform((s) =>
    !s || s.startsWith('reg') ? SCENE_REGISTER : s.includes('forget') || s.includes('reset') ? SCENE_FORGET : s,
  )
  .pipe(z.enum([SCENE_REGISTER, SCENE_FORGET]));

const SmsMailBody = z.object({
  user_string: text(190),
  scene,
  area_code_id: optionalText(16),
  area_code: optionalText(8),
  lang: optionalText(8),
  type: optionalText(16),
});

const CheckEmailBody = z.object({
  user_string: text(190),
  scene,
  email_code: code6,
  country_code: optionalText(8),
  lang: optionalText(8),
});

const RegisterBody = z
  .object({
    user_string: text(190),
    password,
    re_password: z.string().max(128),
    type: optionalText(16),
    area_code: optionalText(8),
    code: code6.optional(),
    email_code: code6.optional(),
    invite: optionalText(32),
    extension_code: optionalText(32),
    invite_code: optionalText(32),
    // the family's register form (WIRE.md "Account")
    invitecode: optionalText(32),
  })
  .refine((b) => b.password === b.re_password, { error: 'passwords_inconsistent', path: ['re_password'] });

const LoginBody = z
  .object({
    user_string: optionalText(190),
    account: optionalText(190),
    password: z.string().min(1).max(128),
  })
  .refine((b) => b.user_string ?? b.account, { error: 'param_error' });

const ForgetBody = z
  .object({
    account: optionalText(190),
    user_string: optionalText(190),
    password,
    repassword: z.string().max(128),
    code: code6.optional(),
  })
  .refine((b) => b.account ?? b.user_string, { error: 'param_error' })
  .refine((b) => b.password === b.repassword, { error: 'passwords_inconsistent', path: ['repassword'] });

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const perIp = credentialLimit(app.config);
  app.post('/sms_mail', (req) => sendCode(app, req));
  app.post('/user/check_email', perIp, (req) => checkEmail(app, req));
  app.post('/user/register', perIp, (req) => registerUser(app, req));
  app.post('/user/login', perIp, (req, reply) => logIn(app, req, reply));
  app.post('/user/forget', perIp, (req) => forgetPassword(app, req));
  sessionRoutes(app);
}

async function sendCode(app: FastifyInstance, req: FastifyRequest) {
  const body = parse(SmsMailBody, req.body);
  const id = classifyIdentity(body.user_string);
  const existing = await findUserByIdentity(app.db, id);
  // Whether an account exists is nobody's business but its owner's: when the account does not
  // fit the scene (registering a taken one, resetting a missing one) the answer, the rate limits
  // and the stored code are the same; only nothing is sent, so the code is never known.
  const fits = body.scene === SCENE_REGISTER ? !existing : Boolean(existing && existing.status !== 2);

  const channel = id.kind === 'email' ? 'email' : 'sms';
  const code = await issueCode(
    app.db,
    { target: id.value, scene: body.scene, channel, ip: clientIp(req) },
    app.config.rateLimits,
  );
  const lang = requestLang(req);
  if (fits) {
    await deliver(app, {
      channel,
      to: id.kind === 'mobile' && body.area_code ? `+${body.area_code.replace(/^\+/, '')} ${id.value}` : id.value,
      subject: translate('code_mail_subject', lang),
      body: translate('code_mail_body', lang, { code, minutes: CODE_TTL_MS / 60_000 }),
      code,
    });
  }
  return ok(translate('code_sent', lang));
}

async function checkEmail(app: FastifyInstance, req: FastifyRequest) {
  const body = parse(CheckEmailBody, req.body);
  const id = classifyIdentity(body.user_string);
  await verifyCode(app.db, {
    target: id.value,
    scene: body.scene,
    code: body.email_code,
    caller: addressCaller(req),
  });
  return ok(translate('code_ok', requestLang(req)));
}

async function registerUser(app: FastifyInstance, req: FastifyRequest) {
  const body = parse(RegisterBody, req.body);
  await register(app.db, {
    userString: body.user_string,
    password: body.password,
    // the family's register form sends the area code with its `+` (their sms_send without)
    areaCode: body.area_code?.replace(/^\+/, ''),
    code: body.code ?? body.email_code,
    invite: body.invite ?? body.extension_code ?? body.invite_code ?? body.invitecode,
    inviteRequired: await inviteRequired(app.db, app.config),
    caller: addressCaller(req),
  });
  return ok(translate('register_ok', requestLang(req)));
}

async function logIn(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  const body = parse(LoginBody, req.body);
  const s = await login(app.db, {
    userString: body.user_string ?? body.account ?? '',
    password: body.password,
    caller: (userId) => loginCaller(req, 'user', userId),
    ip: clientIp(req),
    userAgent: userAgent(req),
    sessionsPerUser: app.config.sessionsPerUser,
  });
  // past the cap the oldest sessions ended: their sockets close now
  for (const id of s.endedSessions) app.sessionSockets.endSession(s.userId, id);
  rememberDevice(req, reply, 'user', s.userId);
  return ok(s.token);
}

async function forgetPassword(app: FastifyInstance, req: FastifyRequest) {
  const body = parse(ForgetBody, req.body);
  const userId = await resetPassword(app.db, {
    account: body.account ?? body.user_string ?? '',
    password: body.password,
    code: body.code,
    caller: addressCaller(req),
  });
  app.sessionSockets.endUserSessions(userId);
  return ok(translate('password_reset_ok', requestLang(req)));
}

/** the signed-in caller's session: logout, who they are, whether it is still live */
function sessionRoutes(app: FastifyInstance): void {
  app.get('/user/logout', { preHandler: app.authenticate }, async (req) => {
    await revokeSession(app.db, req.sessionId);
    app.sessionSockets.endSession(req.userId, req.sessionId);
    return ok(translate('logout_ok', requestLang(req)));
  });

  app.get('/user/info', { preHandler: app.authenticate }, async (req) => ok(await userInfo(app.db, req.userId)));

  /** Whether the stored token is still a live session: ok(true), or the 999 envelope. */
  app.get('/user/inloging', { preHandler: app.authenticate }, async () => ok(true));
}
