/**
 * Verification codes (spec §5: six digits). A code is sent to an email or mobile for a scene
 * (register, forget, …), expires after 10 minutes and is used once. Wrong guesses do not kill it:
 * they are throttled per (target, source) (auth/throttle.ts), so a stranger's guesses slow the
 * stranger and never burn the code the owner was just sent.
 * Flow: issue → verify (marks it verified; this is /user/check_email) → consume inside the
 * transaction that performs the action (register, reset), so a failed action does not burn it.
 * Limits live in the table itself, so they hold across server processes: one code per account
 * per interval, and a ceiling per IP per hour.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import type { CodeChannel } from '../../../db/tables';
import { AppError } from '../../../errors';
import { beginAttempt, noticeAttack, type Caller, type OnAttack } from '../../../auth/throttle';
import { inTransaction } from '../../../db/tx';

export const CODE_TTL_MS = 10 * 60_000;

function codeHash(target: string, scene: string, code: string): string {
  return createHash('sha256').update(`${scene}\u0000${target}\u0000${code}`).digest('hex');
}

export interface IssueLimits {
  codeIntervalSec: number;
  codesPerIpPerHour: number;
}

/** Creates a code row and returns the plain code for the caller to send. */
export async function issueCode(
  db: Kysely<Database>,
  req: { target: string; scene: string; channel: CodeChannel; ip: string },
  limits: IssueLimits,
): Promise<string> {
  return inTransaction(db, async (trx) => {
    // Serialise issuing per target so two simultaneous requests cannot both pass the interval check.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${'code:' + req.target}))`.execute(trx);
    const last = await trx
      .selectFrom('verification_codes')
      .select('created_at')
      .where('target', '=', req.target)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last) {
      const waitMs = limits.codeIntervalSec * 1000 - (Date.now() - last.created_at.getTime());
      if (waitMs > 0) throw new AppError('code_too_frequent', { seconds: Math.ceil(waitMs / 1000) });
    }
    const { n } = await trx
      .selectFrom('verification_codes')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('ip', '=', req.ip)
      .where('created_at', '>', new Date(Date.now() - 3_600_000))
      .executeTakeFirstOrThrow();
    if (n >= limits.codesPerIpPerHour) throw new AppError('too_many_requests');

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await trx
      .insertInto('verification_codes')
      .values({
        target: req.target,
        scene: req.scene,
        channel: req.channel,
        code_hash: codeHash(req.target, req.scene, code),
        ip: req.ip,
        expires_at: new Date(Date.now() + CODE_TTL_MS),
      })
      .execute();
    return code;
  });
}

type VerifyOutcome = 'ok' | 'none' | 'expired' | 'wrong';

/**
 * Checks a code against the newest unused one for target+scene and marks it verified. A wrong
 * code counts a failure for the caller's source (the code's own `attempts` only records them);
 * the count is committed before the error is thrown.
 */
export async function verifyCode(
  db: Kysely<Database>,
  req: { target: string; scene: string; code: string; caller: Caller },
): Promise<void> {
  // Across codes and scenes per (target, source): re-sending a code must not buy fresh guesses forever.
  const attempt = await beginAttempt(db, 'code', req.target, req.caller, ownerNotice(db, req.target));
  const outcome = await inTransaction(db, async (trx): Promise<VerifyOutcome> => {
    const row = await trx
      .selectFrom('verification_codes')
      .select(['id', 'code_hash', 'expires_at', 'attempts'])
      .where('target', '=', req.target)
      .where('scene', '=', req.scene)
      .where('used_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return 'none';
    // the wall clock, as issueCode and consumeVerifiedCode read it (the caller's clock paces only the throttle)
    if (row.expires_at.getTime() <= Date.now()) return 'expired';
    const a = Buffer.from(row.code_hash, 'hex');
    const b = Buffer.from(codeHash(req.target, req.scene, req.code), 'hex');
    if (!timingSafeEqual(a, b)) {
      await trx
        .updateTable('verification_codes')
        .set({ attempts: sql<number>`attempts + 1` })
        .where('id', '=', row.id)
        .execute();
      return 'wrong';
    }
    await trx.updateTable('verification_codes').set({ verified_at: new Date() }).where('id', '=', row.id).execute();
    return 'ok';
  });
  if (outcome === 'ok') return attempt.succeed();
  await attempt.fail();
  if (outcome === 'none' || outcome === 'wrong') throw new AppError('code_invalid');
  if (outcome === 'expired') throw new AppError('code_expired');
}

/** Tells the account that owns `target` (if any: a registration has none yet) that strangers guess its codes. */
function ownerNotice(db: Kysely<Database>, target: string): OnAttack {
  return async () => {
    const u = await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([eb('email', '=', target), eb('mobile', '=', target)]))
      .executeTakeFirst();
    if (u) await noticeAttack(db, u.id, 'what_verification_code')();
  };
}

/**
 * Uses up the verified, unexpired code for target+scene inside the caller's transaction.
 * Throws need_verification when there is none (the user skipped check_email).
 */
export async function consumeVerifiedCode(
  trx: Transaction<Database>,
  req: { target: string; scene: string },
): Promise<void> {
  const res = await trx
    .updateTable('verification_codes')
    .set({ used_at: new Date() })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('verification_codes')
        .select('id')
        .where('target', '=', req.target)
        .where('scene', '=', req.scene)
        .where('used_at', 'is', null)
        .where('verified_at', 'is not', null)
        .where('expires_at', '>', new Date())
        .orderBy('id', 'desc')
        .limit(1),
    )
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (res.numUpdatedRows !== 1n) throw new AppError('need_verification');
}
