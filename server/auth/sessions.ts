/**
 * Session tokens: 32 random bytes handed to the client once; only their sha256 is stored, so a
 * database leak yields no usable token. Revocable one at a time (logout) or all at once
 * (password change). A session also ends by itself: unused for `idleMs` (sliding) or `maxMs`
 * after login (config SESSION_IDLE_DAYS / SESSION_MAX_DAYS).
 */
import { hash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DEFAULT_SESSION_LIFETIMES, type SessionLifetime } from '../config';

/** The token's sha256 (hex). crypto.hash: one call, a third of createHash's CPU on every authenticated request. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export async function createSession(
  db: Kysely<Database>,
  userId: number,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      ip: meta.ip ?? null,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return token;
}

/**
 * Keeps a user to `max` open sessions: the oldest logins beyond it (newest first, the one just made
 * among them) are revoked; answers their ids so their sockets can be closed. Expired sessions still
 * open are counted and so go first. Two logins at once both run this and agree on the result.
 */
export async function capSessions(db: Kysely<Database>, userId: number, max: number): Promise<number[]> {
  const keep = db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(Math.max(1, max));
  const ended = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('id', 'not in', keep)
    .returning('id')
    .execute();
  return ended.map((r) => r.id);
}

export type SessionLookup =
  { ok: true; userId: number; sessionId: number } | { ok: false; reason: 'unknown' | 'revoked' | 'expired' };

/** How long a touch of last_seen is skipped, so every request does not write. */
export const TOUCH_MS = 60_000;

/** Whether a session created at `created` and last used at `lastSeen` has outlived `life` at `now`. */
export function sessionExpired(created: Date, lastSeen: Date, life: SessionLifetime, now = Date.now()): boolean {
  return sessionExpiredMs(created.getTime(), lastSeen.getTime(), life, now);
}

/** sessionExpired on epoch milliseconds (the session cache's remembered times: no Date per request). */
export function sessionExpiredMs(createdMs: number, lastSeenMs: number, life: SessionLifetime, now: number): boolean {
  return now - lastSeenMs > life.idleMs || now - createdMs > life.maxMs;
}

export async function lookupSession(
  db: Kysely<Database>,
  token: string,
  life: SessionLifetime = DEFAULT_SESSION_LIFETIMES.user,
): Promise<SessionLookup> {
  const r = await lookupSessionRow(db, hashToken(token), life);
  return r.ok ? { ok: true, userId: r.userId, sessionId: r.sessionId } : r;
}

/** A live session's times as last read (the session cache checks expiry from them). */
export type SessionRowLookup =
  | { ok: true; userId: number; sessionId: number; created: Date; lastSeen: Date }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' };

/** lookupSession by the token's hash, with the session's times (last_seen after the touch). */
export async function lookupSessionRow(
  db: Kysely<Database>,
  tokenHash: string,
  life: SessionLifetime,
): Promise<SessionRowLookup> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.revoked_at',
      'sessions.created_at',
      'sessions.last_seen',
      'users.status',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked_at || row.status !== 1) return { ok: false, reason: 'revoked' };
  if (sessionExpired(row.created_at, row.last_seen, life)) return { ok: false, reason: 'expired' };
  let lastSeen = row.last_seen;
  if (Date.now() - lastSeen.getTime() > TOUCH_MS) {
    lastSeen = new Date();
    await touchSession(db, row.id, lastSeen);
  }
  return { ok: true, userId: row.user_id, sessionId: row.id, created: row.created_at, lastSeen };
}

/** The session was used at `at` (sliding idle expiry). */
export async function touchSession(db: Kysely<Database>, sessionId: number, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen: at }).where('id', '=', sessionId).execute();
}

/** Of `ids`, the sessions still live (not revoked, not expired, user active): the socket sweep asks. */
export async function liveSessionIds(
  db: Kysely<Database>,
  ids: readonly number[],
  life: SessionLifetime,
  now = Date.now(),
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.id')
    .where('sessions.id', 'in', [...ids])
    .where('sessions.revoked_at', 'is', null)
    .where('users.status', '=', 1)
    .where('sessions.last_seen', '>=', new Date(now - life.idleMs))
    .where('sessions.created_at', '>=', new Date(now - life.maxMs))
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function revokeSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllSessions(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
