/**
 * The live sessions a process has looked up, kept in memory so an authenticated request does not
 * read the sessions table each time (a round trip per API call, the busiest path there is).
 *
 * Revocation stays instant: every way a session ends in the app — logout, a device ended, the
 * sessions beyond the cap, a password or security change — goes through SessionSockets
 * (http/session-sockets.ts), which drops the entries here in the same process and, in a cluster,
 * tells the other nodes through the socket.io adapter (Redis), as it tells them to close the
 * sockets. A lookup that read the database before a drop never stores what it read (the cache's
 * generation moved on), so a revocation racing a lookup cannot leave a stale entry behind.
 * Expiry (idle, max age) is checked on every hit from the remembered times, and the once-a-minute
 * touch of last_seen is kept. An entry is read again from the database after MAX_AGE_MS, the bound
 * for a change made outside the app (SQL by hand), as the socket sweep bounds it for sockets.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SessionLifetime } from '../config';
import { lookupSessionRow, sessionExpiredMs, touchSession, TOUCH_MS, type SessionLookup } from './sessions';

/** how long an entry is trusted without reading the table again */
const MAX_AGE_MS = 30_000;
/** entries at most (the oldest go first); a busy node holds far fewer live sessions */
const MAX_ENTRIES = 100_000;

interface Entry {
  userId: number;
  sessionId: number;
  created: number;
  lastSeen: number;
  cachedAt: number;
}

export class SessionCache {
  /** by token hash */
  private readonly entries = new Map<string, Entry>();
  /** moves on at every drop: a lookup begun before it stores nothing */
  private gen = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async lookup(db: Kysely<Database>, tokenHash: string, life: SessionLifetime): Promise<SessionLookup> {
    const now = this.now();
    const hit = this.entries.get(tokenHash);
    if (hit && now - hit.cachedAt <= MAX_AGE_MS) {
      if (sessionExpiredMs(hit.created, hit.lastSeen, life, now)) {
        this.entries.delete(tokenHash);
        return { ok: false, reason: 'expired' };
      }
      if (now - hit.lastSeen > TOUCH_MS) {
        hit.lastSeen = now;
        await touchSession(db, hit.sessionId, new Date(now));
      }
      return { ok: true, userId: hit.userId, sessionId: hit.sessionId };
    }
    const gen = this.gen;
    const row = await lookupSessionRow(db, tokenHash, life);
    if (!row.ok) {
      this.entries.delete(tokenHash);
      return row;
    }
    if (gen === this.gen) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.delete(tokenHash); // re-inserted last: the oldest entries are first
      this.entries.set(tokenHash, {
        userId: row.userId,
        sessionId: row.sessionId,
        created: row.created.getTime(),
        lastSeen: row.lastSeen.getTime(),
        cachedAt: now,
      });
    }
    return { ok: true, userId: row.userId, sessionId: row.sessionId };
  }

  /** One session ended. */
  dropSession(sessionId: number): void {
    this.gen++;
    for (const [k, e] of this.entries) if (e.sessionId === sessionId) this.entries.delete(k);
  }

  /** A user's sessions ended, but `keepSessionId` when given. */
  dropUser(userId: number, keepSessionId?: number): void {
    this.gen++;
    for (const [k, e] of this.entries) if (e.userId === userId && e.sessionId !== keepSessionId) this.entries.delete(k);
  }

  has(tokenHash: string): boolean {
    return this.entries.has(tokenHash);
  }

  get size(): number {
    return this.entries.size;
  }
}
