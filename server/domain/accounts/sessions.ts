/**
 * Session tokens: 32 random bytes handed to the client once; only their sha256 is stored, so a
 * database leak yields no usable token. Revocable one at a time (logout) or all at once
 * (password change).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Kysely<Database>,
  userId: number,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), user_id: userId, ip: meta.ip ?? null, user_agent: meta.userAgent?.slice(0, 300) ?? null })
    .execute();
  return token;
}

export type SessionLookup = { ok: true; userId: number; sessionId: number } | { ok: false; reason: 'unknown' | 'revoked' };

/** How long a touch of last_seen is skipped, so every request does not write. */
const TOUCH_MS = 60_000;

export async function lookupSession(db: Kysely<Database>, token: string): Promise<SessionLookup> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id', 'sessions.user_id', 'sessions.revoked_at', 'sessions.last_seen', 'users.status'])
    .where('sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked_at || row.status !== 1) return { ok: false, reason: 'revoked' };
  if (Date.now() - row.last_seen.getTime() > TOUCH_MS) {
    await db.updateTable('sessions').set({ last_seen: new Date() }).where('id', '=', row.id).execute();
  }
  return { ok: true, userId: row.user_id, sessionId: row.id };
}

export async function revokeSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export async function revokeAllSessions(db: Kysely<Database>, userId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
