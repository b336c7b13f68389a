/**
 * The engine lease row's SQL (table engine_lease, migration 026). All times are the database's
 * clock, never a node's. A takeover adds one to the fencing token; a renewal keeps it. The fence
 * a leader's money transactions run first holds the row FOR SHARE, so a takeover (an UPDATE of the
 * row) waits for them: a write either commits before the new token exists or is refused after.
 * A paused leader's open transaction would hold that share lock for ever, so fenced sessions get
 * idle_in_transaction_session_timeout and a takeover gives up after lock_timeout and tries again.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Trx } from '../db/tx';
import { UnavailableError } from '../errors';

export const ENGINE_LEASE = 'engine';
/** how long a lease lasts unless renewed (renewed every RENEW_MS) */
export const LEASE_MS = 3000;
export const RENEW_MS = 1000;
/** a fenced transaction left idle this long (a paused leader) is ended by the server */
const IDLE_TX_MS = 2000;

/** a request path's write refused this way answers engine_unavailable (http/errors.ts), not 500 */
export class FencedError extends UnavailableError {
  constructor(name: string, token: number) {
    super(`engine lease "${name}" token ${token} is no longer current: this node is not the leader`);
    this.name = 'FencedError';
  }
}

export interface LeaseRow {
  holder: string;
  address: string;
  token: number;
  /** ms until it expires (negative: expired) */
  remainingMs: number;
}

type Db = Kysely<Database>;

/** Takes the lease if it has expired (or was never held): the new token, or null. */
export async function acquire(db: Db, name: string, holder: string, address: string): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL lock_timeout = '500ms'`.execute(trx);
    await sql`INSERT INTO engine_lease (name) VALUES (${name}) ON CONFLICT (name) DO NOTHING`.execute(trx);
    const r = await sql<{ token: string | number }>`
      UPDATE engine_lease SET holder = ${holder}, address = ${address}, token = token + 1,
        expires_at = now() + make_interval(secs => ${LEASE_MS / 1000}), acquired_at = now()
      WHERE name = ${name} AND expires_at < now()
      RETURNING token`.execute(trx);
    return r.rows.length ? Number(r.rows[0].token) : null;
  });
}

/** Extends a lease still held with this token; false when it was lost (expired or taken). */
export async function renew(db: Db, name: string, holder: string, token: number): Promise<boolean> {
  const r = await sql`
    UPDATE engine_lease SET expires_at = now() + make_interval(secs => ${LEASE_MS / 1000})
    WHERE name = ${name} AND holder = ${holder} AND token = ${token} AND expires_at > now()`.execute(db);
  return Number(r.numAffectedRows ?? 0) === 1;
}

/** Gives the lease up at a clean shutdown, so a standby takes over at once. */
export async function release(db: Db, name: string, holder: string, token: number): Promise<void> {
  await sql`UPDATE engine_lease SET expires_at = '-infinity' WHERE name = ${name} AND holder = ${holder} AND token = ${token}`.execute(
    db,
  );
}

export async function readLease(db: Db, name: string): Promise<LeaseRow | undefined> {
  const r = await sql<{ holder: string; address: string; token: string | number; remaining: string | number | null }>`
    SELECT holder, address, token, (extract(epoch FROM (expires_at - now())) * 1000)::float8 AS remaining
    FROM engine_lease WHERE name = ${name}`.execute(db);
  const row = r.rows[0];
  if (!row) return undefined;
  return {
    holder: row.holder,
    address: row.address,
    token: Number(row.token),
    remainingMs: row.remaining === null ? -Infinity : Number(row.remaining),
  };
}

/** The check a leader's money transactions run first: its token still current and unexpired. */
export function leaseFence(name: string, token: number) {
  return async (trx: Trx): Promise<void> => {
    const r = await sql<{ ok: number }>`
      WITH s AS (SELECT set_config('idle_in_transaction_session_timeout', ${String(IDLE_TX_MS)}, true))
      SELECT 1 AS ok FROM engine_lease, s WHERE name = ${name} AND token = ${token} AND expires_at > now()
      FOR SHARE OF engine_lease`.execute(trx);
    if (r.rows.length !== 1) throw new FencedError(name, token);
  };
}
