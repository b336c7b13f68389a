/**
 * Payment password: scrypt like the login password. Setting it the first time needs the login
 * password (a stolen session alone cannot set one and then withdraw); changing it needs the old
 * payment password. Either way the user's other sessions end.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors';
import { hashPassword, verifyPassword } from '../../../auth/passwords';
import { addNotice } from '../../../db/notices';
import { revokeOtherSessions } from './sessions';
import { beginAttempt, noticeAttack, type Caller } from '../../../auth/throttle';
import { inTransaction } from '../../../db/tx';

/** Who enters a signed-in user's payment password when the route names no session: the user as one source. */
function ownerCaller(userId: number, now: () => number = Date.now): Caller {
  return { source: `u:${userId}`, trusted: false, now };
}

/** Checks `password` against `hash`, counting failures per (user, caller) (growing waits, throttle.ts). */
async function guardedCheck(
  db: Kysely<Database>,
  userId: number,
  password: string,
  hash: string,
  caller: Caller,
): Promise<boolean> {
  const attempt = await beginAttempt(
    db,
    'pay_password',
    String(userId),
    caller,
    noticeAttack(db, userId, 'what_pay_password'),
  );
  if (await verifyPassword(password, hash)) {
    await attempt.succeed();
    return true;
  }
  await attempt.fail();
  return false;
}

export async function setPayPassword(
  db: Kysely<Database>,
  who: { userId: number; sessionId: number },
  input: { password: string; oldPasswd: string },
  caller: Caller,
): Promise<void> {
  const u = await db
    .selectFrom('users')
    .select(['password_hash', 'pay_password_hash'])
    .where('id', '=', who.userId)
    .executeTakeFirstOrThrow();
  const current = u.pay_password_hash ?? u.password_hash;
  if (!(await guardedCheck(db, who.userId, input.oldPasswd, current, caller))) throw new AppError('old_password_wrong');
  const hash = await hashPassword(input.password);
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('users')
      .set({ pay_password_hash: hash, updated_at: new Date() })
      .where('id', '=', who.userId)
      .execute();
    await revokeOtherSessions(trx, who.userId, who.sessionId);
    await addNotice(trx, {
      userId: who.userId,
      kind: 'security',
      title: 'notice_security_title',
      body: 'notice_security_body',
      params: { what: 'what_pay_password' },
    });
  });
}

/** Throws unless `password` is the user's payment password. */
export async function checkPayPassword(
  db: Kysely<Database>,
  userId: number,
  password: string | undefined,
  caller: Caller = ownerCaller(userId),
): Promise<void> {
  const u = await db.selectFrom('users').select('pay_password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
  if (!u.pay_password_hash) throw new AppError('pay_password_required');
  if (!password || !(await guardedCheck(db, userId, password, u.pay_password_hash, caller)))
    throw new AppError('pay_password_wrong');
}
