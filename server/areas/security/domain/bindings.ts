/**
 * Binding a phone or an email to the account: a 6-digit code goes to the new phone/email
 * (/sms_send, /safe/email_send), and /safe/mobile or /safe/email with that code binds it.
 * Another account already using it → account_exists. Other sessions end.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors';
import { classifyIdentity, consumeVerifiedCode, issueCode, verifyCode, type IssueLimits } from '../../accounts/domain';
import { addNotice } from '../../../db/notices';
import { revokeOtherSessions } from './sessions';
import { inTransaction, isUniqueViolation } from '../../../db/tx';
import type { Caller } from '../../../auth/throttle';

const SCENE_BIND_MOBILE = 'bind_mobile';
const SCENE_BIND_EMAIL = 'bind_email';

export type BindKind = 'mobile' | 'email';

/** Normalises and checks the target (mobile: spec §5 pattern; email: the shared pattern). */
export function bindTarget(kind: BindKind, raw: string): string {
  const id = classifyIdentity(raw);
  if (id.kind !== kind) throw new AppError(kind === 'email' ? 'email_invalid' : 'mobile_invalid');
  return id.value;
}

export async function issueBindCode(
  db: Kysely<Database>,
  input: { userId: number; kind: BindKind; target: string; ip: string },
  limits: IssueLimits,
): Promise<string> {
  const taken = await db.selectFrom('users').select('id').where(input.kind, '=', input.target).executeTakeFirst();
  if (taken && taken.id !== input.userId) throw new AppError('account_exists');
  return issueCode(
    db,
    {
      target: input.target,
      scene: input.kind === 'email' ? SCENE_BIND_EMAIL : SCENE_BIND_MOBILE,
      channel: input.kind === 'email' ? 'email' : 'sms',
      ip: input.ip,
    },
    limits,
  );
}

export async function bind(
  db: Kysely<Database>,
  who: { userId: number; sessionId: number },
  input: { kind: BindKind; target: string; code: string; areaCode?: string; caller: Caller },
): Promise<void> {
  const scene = input.kind === 'email' ? SCENE_BIND_EMAIL : SCENE_BIND_MOBILE;
  await verifyCode(db, { target: input.target, scene, code: input.code, caller: input.caller });
  try {
    await inTransaction(db, async (trx) => {
      await consumeVerifiedCode(trx, { target: input.target, scene });
      const set =
        input.kind === 'email'
          ? { email: input.target, updated_at: new Date() }
          : { mobile: input.target, area_code: (input.areaCode ?? '86').replace(/^\+/, ''), updated_at: new Date() };
      await trx.updateTable('users').set(set).where('id', '=', who.userId).execute();
      await revokeOtherSessions(trx, who.userId, who.sessionId);
      await addNotice(trx, {
        userId: who.userId,
        kind: 'security',
        title: 'notice_security_title',
        body: 'notice_security_body',
        params: { what: input.kind === 'email' ? 'what_email' : 'what_mobile' },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('account_exists');
    throw err;
  }
}
