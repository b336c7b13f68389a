/**
 * Google authenticator (TOTP, RFC 6238, 30 s, 6 digits, SHA-1 — what authenticator apps use).
 * GET shows a pending secret (created once, kept until bound, so reloading the page does not
 * invalidate a QR code already scanned); a correct code binds it. A code is accepted once:
 * the matched time step is stored and later codes must come from a newer step (no replay).
 */
import QRCode from 'qrcode';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Kysely } from 'kysely';
import type { GaSetup } from '../../../../core';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors';
import { addNotice } from '../../../db/notices';
import { revokeOtherSessions } from './sessions';
import { beginAttempt, noticeAttack, type Attempt, type Caller } from '../../../auth/throttle';
import { inTransaction } from '../../../db/tx';

const CODE_RE = /^\d{6}$/;

export async function gaSetup(db: Kysely<Database>, userId: number, issuer: string): Promise<GaSetup> {
  await db
    .insertInto('user_ga')
    .values({ user_id: userId, pending_secret: generateSecret() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  let row = await db.selectFrom('user_ga').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
  if (row.secret) return { bound: true, secret: '', otpauth_url: '', qr: '' };
  if (!row.pending_secret) {
    await db
      .updateTable('user_ga')
      .set({ pending_secret: generateSecret() })
      .where('user_id', '=', userId)
      .where('pending_secret', 'is', null)
      .execute();
    row = await db.selectFrom('user_ga').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
  }
  const secret = row.pending_secret ?? '';
  const u = await db.selectFrom('users').select(['email', 'mobile']).where('id', '=', userId).executeTakeFirstOrThrow();
  const otpauth = generateURI({ issuer, label: u.email ?? u.mobile ?? `user${userId}`, secret });
  return { bound: false, secret, otpauth_url: otpauth, qr: await QRCode.toDataURL(otpauth, { margin: 1, width: 240 }) };
}

/** Counts a code failure per (user, caller): six digits are guessable without a throttle (throttle.ts). */
function gaAttempt(db: Kysely<Database>, userId: number, caller: Caller): Promise<Attempt> {
  return beginAttempt(db, 'ga', String(userId), caller, noticeAttack(db, userId, 'what_ga'));
}

/** The matched time step at `nowMs` (the caller's clock), or null. `after` rejects steps at or before it (replay). */
async function check(secret: string, code: string, after: number, nowMs: number): Promise<number | null> {
  if (!CODE_RE.test(code)) return null;
  const r = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: 30,
    afterTimeStep: after > 0 ? after : undefined,
  });
  return r.valid && 'timeStep' in r ? r.timeStep : null;
}

export async function bindGa(
  db: Kysely<Database>,
  who: { userId: number; sessionId: number },
  code: string,
  caller: Caller,
): Promise<void> {
  const row = await db.selectFrom('user_ga').selectAll().where('user_id', '=', who.userId).executeTakeFirst();
  if (row?.secret) throw new AppError('ga_already_bound');
  if (!row?.pending_secret) throw new AppError('ga_code_invalid');
  const attempt = await gaAttempt(db, who.userId, caller);
  const step = await check(row.pending_secret, code.trim(), 0, caller.now());
  if (step === null) {
    await attempt.fail();
    throw new AppError('ga_code_invalid');
  }
  await attempt.succeed();
  await inTransaction(db, async (trx) => {
    const res = await trx
      .updateTable('user_ga')
      .set({ secret: row.pending_secret, pending_secret: null, bound_at: new Date(), last_step: step })
      .where('user_id', '=', who.userId)
      .where('secret', 'is', null)
      .executeTakeFirst();
    if (res.numUpdatedRows !== 1n) throw new AppError('ga_already_bound');
    await revokeOtherSessions(trx, who.userId, who.sessionId);
    await addNotice(trx, {
      userId: who.userId,
      kind: 'security',
      title: 'notice_security_title',
      body: 'notice_security_body',
      params: { what: 'what_ga' },
    });
  });
}

export async function gaBound(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('user_ga').select('secret').where('user_id', '=', userId).executeTakeFirst();
  return !!row?.secret;
}

/** When GA is bound, `code` must be a fresh valid code; when not bound, nothing is required. */
export async function requireGaIfBound(
  db: Kysely<Database>,
  userId: number,
  code: string | undefined,
  caller: Caller,
): Promise<void> {
  const row = await db
    .selectFrom('user_ga')
    .select(['secret', 'last_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row?.secret) return;
  if (!code) throw new AppError('ga_required');
  const last = Number(row.last_step);
  const attempt = await gaAttempt(db, userId, caller);
  const step = await check(row.secret, code.trim(), last, caller.now());
  // Conditional: two requests with the same code cannot both pass.
  const res =
    step === null
      ? undefined
      : await db
          .updateTable('user_ga')
          .set({ last_step: step })
          .where('user_id', '=', userId)
          .where('last_step', '<', String(step))
          .executeTakeFirst();
  if (res?.numUpdatedRows !== 1n) {
    await attempt.fail();
    throw new AppError('ga_code_invalid');
  }
  await attempt.succeed();
}
