/**
 * Operators: back-office accounts, a population apart from customers (own table, own sessions,
 * own routes under /admin/api). Passwords use the customers' scrypt hashing; tokens are random
 * and stored as sha256, like customer sessions, in operator_sessions.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import { dummyHash, hashPassword, verifyPassword } from './passwords';
import { sessionExpired, TOUCH_MS } from './sessions';
import { DEFAULT_SESSION_LIFETIMES, type SessionLifetime } from '../config';
import { beginAttempt, type Caller } from './throttle';

const NAME_RE = /^[A-Za-z0-9_.-]{3,32}$/;

function tokenHash(token: string): string {
  return createHash('sha256').update(`op:${token}`).digest('hex');
}

export async function createOperator(db: Kysely<Database>, name: string, password: string): Promise<number> {
  if (!NAME_RE.test(name)) throw new Error('operator name: 3–32 letters, digits, _ . -');
  if (password.length < 10) throw new Error('operator password: at least 10 characters');
  const row = await db
    .insertInto('operators')
    .values({ name, password_hash: await hashPassword(password) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Throttled twice: per (operator name, source) like a customer's login, and per address across
 * every operator name, so one address cannot try many operator accounts fast. A known device of
 * the operator tried skips the address's count (it is not a stranger there).
 */
export async function operatorLogin(
  db: Kysely<Database>,
  input: { name: string; password: string; ip: string; caller: (operatorId: number | undefined) => Caller },
): Promise<{ token: string; id: number; name: string }> {
  const op = await db
    .selectFrom('operators')
    .select(['id', 'password_hash', 'status'])
    .where('name', '=', input.name)
    .executeTakeFirst();
  const caller = input.caller(op?.id);
  const byAddress = caller.trusted
    ? undefined
    : await beginAttempt(db, 'operator_address', input.ip, {
        source: `ip:${input.ip}`,
        trusted: false,
        now: caller.now,
      });
  const attempt = await beginAttempt(db, 'operator_login', input.name, caller);
  const good = await verifyPassword(input.password, op?.password_hash ?? (await dummyHash()));
  if (!op || !good) {
    await attempt.fail();
    await byAddress?.fail();
    throw new AppError('login_failed');
  }
  // The address's count is kept: an operator who can sign in must not clear it for guesses at others.
  await attempt.succeed();
  if (op.status !== 1) throw new AppError('login_failed');
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('operator_sessions')
    .values({ token_hash: tokenHash(token), operator_id: op.id, ip: input.ip })
    .execute();
  return { token, id: op.id, name: input.name };
}

/** An operator's live session: not revoked, not idle past `life.idleMs` nor older than `life.maxMs`. */
export async function lookupOperator(
  db: Kysely<Database>,
  token: string,
  life: SessionLifetime = DEFAULT_SESSION_LIFETIMES.operator,
): Promise<{ id: number; name: string; sessionId: number } | undefined> {
  const row = await db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .select([
      'operators.id',
      'operators.name',
      'operators.status',
      'operator_sessions.id as session_id',
      'operator_sessions.revoked_at',
      'operator_sessions.created_at',
      'operator_sessions.last_seen',
    ])
    .where('operator_sessions.token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  if (!row || row.revoked_at || row.status !== 1 || sessionExpired(row.created_at, row.last_seen, life))
    return undefined;
  // Sliding idle window; touched at most once a minute so a busy back office does not write per request.
  if (Date.now() - row.last_seen.getTime() > TOUCH_MS) {
    await db.updateTable('operator_sessions').set({ last_seen: new Date() }).where('id', '=', row.session_id).execute();
  }
  return { id: row.id, name: row.name, sessionId: row.session_id };
}

export async function operatorLogout(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db.updateTable('operator_sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).execute();
}

/** Every operator action is logged with who, when and why — in the action's own transaction. */
export async function logAction(
  trx: Transaction<Database>,
  a: { operatorId: number; action: string; target: string; reason: string; detail?: Record<string, unknown> },
): Promise<number> {
  const row = await trx
    .insertInto('operator_actions')
    .values({
      operator_id: a.operatorId,
      action: a.action,
      target: a.target,
      reason: a.reason,
      detail: JSON.stringify(a.detail ?? {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
