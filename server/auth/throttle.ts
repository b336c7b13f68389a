/**
 * Brute-force protection per account: failed credential checks are counted per (kind, subject)
 * in the database (so the count holds across processes and restarts, whatever the client's IP).
 * After a few failures the subject is locked for 1 minute, doubling with each further failure up
 * to an hour; a success starts the count over, and failures a day old are forgotten.
 *
 * Failures are counted when they happen, not when an attempt starts: counting up front would lock
 * out a user's own parallel requests (e.g. several withdrawals at once). A burst of parallel
 * guesses can therefore overrun the threshold once per lock window; the per-IP limits on every
 * credential path (http/auth.ts credentialLimit) bound that burst.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { MessageKey } from '../errors';
import { AppError } from '../errors';
import { addNotice } from '../db/notices';
import { inTransaction } from '../db/tx';

export type AttemptKind = 'login' | 'operator_login' | 'pay_password' | 'ga' | 'code';

/**
 * Failures allowed before the first lock. Codes get more: each code already dies after 5 wrong
 * guesses (codes.ts); this bounds the guesses across re-sent codes.
 */
export const FREE_FAILURES: Record<AttemptKind, number> = { login: 5, operator_login: 5, pay_password: 5, ga: 5, code: 10 };
export const BASE_LOCK_MS = 60_000;
export const MAX_LOCK_MS = 3_600_000;
export const FORGET_MS = 86_400_000;

/** The lock earned by `failures` consecutive failures (0: none). */
export function lockMsAfter(failures: number, free: number): number {
  return failures < free ? 0 : Math.min(MAX_LOCK_MS, BASE_LOCK_MS * 2 ** (failures - free));
}

function lockedError(ms: number): AppError {
  return new AppError('auth_locked', { minutes: Math.max(1, Math.ceil(ms / 60_000)) });
}

export interface Attempt {
  /** the secret was right: the count starts over */
  succeed(): Promise<void>;
  /** the secret was wrong: throws auth_locked (saying when to retry) if this failure locked the subject */
  fail(): Promise<void>;
}

/** Called once when a failure locks the subject, e.g. to tell the account holder. */
export type OnLock = (minutes: number) => Promise<void>;

/** Starts an attempt at `kind` for `subject`; throws auth_locked (saying when to retry) while it is locked. */
export async function beginAttempt(db: Kysely<Database>, kind: AttemptKind, subject: string, onLock?: OnLock): Promise<Attempt> {
  const key = { kind, subject: subject.slice(0, 200) };
  const row = await db.selectFrom('auth_failures').select('locked_until').where('kind', '=', key.kind).where('subject', '=', key.subject).executeTakeFirst();
  const lockedMs = row?.locked_until ? row.locked_until.getTime() - Date.now() : 0;
  if (lockedMs > 0) throw lockedError(lockedMs);
  // Now and then, not on a timer: the table only grows through failures.
  if (Math.random() < 0.01) void pruneAttempts(db).catch(() => undefined);
  return {
    async succeed() {
      if (row) await db.deleteFrom('auth_failures').where('kind', '=', key.kind).where('subject', '=', key.subject).execute();
    },
    async fail() {
      const r = await recordFailure(db, key);
      if (!r.lockMs) return;
      if (r.newLock) await onLock?.(Math.ceil(r.lockMs / 60_000));
      throw lockedError(r.lockMs);
    },
  };
}

/** One more failure, atomically; the lock it earns (0: none) and whether the subject was unlocked before it. */
async function recordFailure(db: Kysely<Database>, key: { kind: AttemptKind; subject: string }): Promise<{ lockMs: number; newLock: boolean }> {
  return inTransaction(db, async (trx) => {
    const now = Date.now();
    await trx.insertInto('auth_failures').values(key).onConflict((oc) => oc.columns(['kind', 'subject']).doNothing()).execute();
    const row = await trx
      .selectFrom('auth_failures')
      .select(['failures', 'locked_until', 'updated_at'])
      .where('kind', '=', key.kind)
      .where('subject', '=', key.subject)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const failures = (now - row.updated_at.getTime() > FORGET_MS ? 0 : row.failures) + 1;
    const lockMs = lockMsAfter(failures, FREE_FAILURES[key.kind]);
    await trx
      .updateTable('auth_failures')
      .set({ failures, locked_until: lockMs ? new Date(now + lockMs) : row.locked_until, updated_at: new Date(now) })
      .where('kind', '=', key.kind)
      .where('subject', '=', key.subject)
      .execute();
    return { lockMs, newLock: lockMs > 0 && !(row.locked_until && row.locked_until.getTime() > now) };
  });
}

/** An OnLock that leaves the user a security notice: what was locked, for how long. */
export function noticeLocked(db: Kysely<Database>, userId: number, what: MessageKey): OnLock {
  return (minutes) => addNotice(db, { userId, kind: 'security', title: 'notice_locked_title', body: 'notice_locked_body', params: { what, minutes } });
}

/** Forgotten failures (a day old, unlocked) are deleted now and then so the table stays small. */
export async function pruneAttempts(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('auth_failures')
    .where('updated_at', '<', new Date(now - FORGET_MS))
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', new Date(now))]))
    .execute();
}
