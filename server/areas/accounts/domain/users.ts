/**
 * Account life cycle: register, log in, reset the password, read the profile. Routes validate the
 * shape of the input; the rules of the business (who may register, which code is valid) live here.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors';
import { classifyIdentity, type Identity } from './identity';
import { consumeVerifiedCode, verifyCode } from './codes';
import { dummyHash, hashPassword, verifyPassword } from '../../../auth/passwords';
import { capSessions, createSession, revokeAllSessions } from '../../../auth/sessions';
import { beginAttempt, noticeAttack, type Caller } from '../../../auth/throttle';
import { inTransaction, isUniqueViolation } from '../../../db/tx';

export const SCENE_REGISTER = 'register';
export const SCENE_FORGET = 'forget';

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O/1/I: read aloud and typed by hand

function newInviteCode(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return s;
}

export async function findUserByIdentity(db: Kysely<Database>, id: Identity) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'status'])
    .where(id.kind === 'email' ? 'email' : 'mobile', '=', id.value)
    .executeTakeFirst();
}

export interface RegisterInput {
  userString: string;
  password: string;
  areaCode?: string;
  /** given: verified and consumed here; absent: a code verified by check_email is consumed */
  code?: string;
  invite?: string;
  inviteRequired: boolean;
  /** who enters the code (throttled per target and source) */
  caller: Caller;
}

/**
 * Refuses with `key`, but only to a caller holding a verified code: anyone else gets exactly what
 * a fitting account without a verified code gets (need_verification), so no answer tells a
 * stranger whether an account exists.
 */
async function refuseUnlessVerified(
  db: Kysely<Database>,
  target: string,
  scene: string,
  key: 'account_exists' | 'account_not_found',
): Promise<never> {
  const verified = await db
    .selectFrom('verification_codes')
    .select('id')
    .where('target', '=', target)
    .where('scene', '=', scene)
    .where('used_at', 'is', null)
    .where('verified_at', 'is not', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  throw new AppError(verified ? key : 'need_verification');
}

export async function register(db: Kysely<Database>, input: RegisterInput): Promise<number> {
  const id = classifyIdentity(input.userString);
  const invite = input.invite?.trim().toUpperCase();
  if (input.inviteRequired && !invite) throw new AppError('invite_required');
  let invitedBy: number | null = null;
  if (invite) {
    const inviter = await db.selectFrom('users').select('id').where('invite_code', '=', invite).executeTakeFirst();
    if (!inviter) throw new AppError('invite_invalid');
    invitedBy = inviter.id;
  }
  // The code first: only its holder may learn that the account is taken (sms_mail sends no code
  // for a taken account), so this endpoint cannot be used to probe which accounts exist.
  if (input.code)
    await verifyCode(db, { target: id.value, scene: SCENE_REGISTER, code: input.code, caller: input.caller });
  if (await findUserByIdentity(db, id)) await refuseUnlessVerified(db, id.value, SCENE_REGISTER, 'account_exists');

  const passwordHash = await hashPassword(input.password);
  try {
    return await inTransaction(db, async (trx) => {
      await consumeVerifiedCode(trx, { target: id.value, scene: SCENE_REGISTER });
      // An 8-character code from 32 symbols collides rarely; retry a few times rather than fail.
      for (let attempt = 0; ; attempt++) {
        const code = newInviteCode();
        const taken = await trx.selectFrom('users').select('id').where('invite_code', '=', code).executeTakeFirst();
        if (taken && attempt < 5) continue;
        const row = await trx
          .insertInto('users')
          .values({
            email: id.kind === 'email' ? id.value : null,
            mobile: id.kind === 'mobile' ? id.value : null,
            area_code: id.kind === 'mobile' ? (input.areaCode ?? '86') : null,
            password_hash: passwordHash,
            nickname: id.kind === 'email' ? id.value.split('@')[0].slice(0, 10) : `user${id.value.slice(-4)}`,
            invite_code: code,
            invited_by: invitedBy,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }
    });
  } catch (err) {
    // Two registrations of the same account at once: the unique index decides, the loser hears why.
    if (isUniqueViolation(err)) throw new AppError('account_exists');
    throw err;
  }
}

export async function login(
  db: Kysely<Database>,
  input: {
    userString: string;
    password: string;
    caller: (userId: number | undefined) => Caller;
    ip?: string;
    userAgent?: string;
    sessionsPerUser: number;
  },
): Promise<{ token: string; userId: number; endedSessions: number[] }> {
  let id: Identity;
  try {
    id = classifyIdentity(input.userString);
  } catch {
    throw new AppError('login_failed');
  }
  const user = await findUserByIdentity(db, id);
  // Per (account, source); unknown accounts are counted alike so a wait reveals nothing.
  const attempt = await beginAttempt(
    db,
    'login',
    id.value,
    input.caller(user?.id),
    user ? noticeAttack(db, user.id, 'what_login_password') : undefined,
  );
  // Hash anyway when the account is unknown, so response time does not reveal which accounts exist.
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash()));
  if (!user || !ok) {
    await attempt.fail();
    throw new AppError('login_failed');
  }
  await attempt.succeed();
  if (user.status !== 1) throw new AppError('account_disabled');
  const token = await createSession(db, user.id, { ip: input.ip, userAgent: input.userAgent });
  return { token, userId: user.id, endedSessions: await capSessions(db, user.id, input.sessionsPerUser) };
}

export async function resetPassword(
  db: Kysely<Database>,
  input: { account: string; password: string; code?: string; caller: Caller },
): Promise<number> {
  const id = classifyIdentity(input.account);
  // The code first, as in register: a stranger without it learns nothing about the account.
  if (input.code)
    await verifyCode(db, { target: id.value, scene: SCENE_FORGET, code: input.code, caller: input.caller });
  const user = await findUserByIdentity(db, id);
  if (!user || user.status === 2) return refuseUnlessVerified(db, id.value, SCENE_FORGET, 'account_not_found');
  const passwordHash = await hashPassword(input.password);
  await inTransaction(db, async (trx) => {
    await consumeVerifiedCode(trx, { target: id.value, scene: SCENE_FORGET });
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', user.id)
      .execute();
  });
  // A password change signs out every device.
  await revokeAllSessions(db, user.id);
  return user.id;
}

export interface UserInfo {
  id: number;
  account: string;
  email: string | null;
  mobile: string | null;
  area_code: string | null;
  nickname: string;
  head_portrait: string;
  signature: string;
  invite_code: string;
  extension_code: string;
  level: number;
  has_pay_password: boolean;
  invite_count: number;
  created_at: string;
}

export async function userInfo(db: Kysely<Database>, userId: number): Promise<UserInfo> {
  const u = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!u) throw new AppError('session_invalid', undefined, '999');
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('invited_by', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    id: u.id,
    account: u.email ?? u.mobile ?? '',
    email: u.email,
    mobile: u.mobile,
    area_code: u.area_code,
    nickname: u.nickname,
    head_portrait: u.head_portrait,
    signature: u.signature,
    invite_code: u.invite_code,
    extension_code: u.invite_code,
    level: u.level,
    has_pay_password: u.pay_password_hash !== null,
    invite_count: Number(n),
    created_at: u.created_at.toISOString(),
  };
}
