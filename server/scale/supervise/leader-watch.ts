/**
 * Prints the engine's leadership as it changes hands: a poll of the lease row (engine_lease) every
 * quarter second, one line per change — which node leads, its pid, its fencing token and since
 * when (the database's clock), and how long after the previous leader's process exited; or that
 * the lease has lapsed with no leader. The table of nodes names the holder from its address.
 */
import pg from 'pg';
import { ENGINE_LEASE } from '../lease';
import type { NodeTable } from './node-table';
import { clock, say as sayLine, type Say } from './say';

export interface LeaseSeen {
  holder: string;
  address: string;
  token: number;
  acquiredAt: Date | null;
  /** ms since the epoch; -Infinity once released at a clean stop */
  expiresAt: number;
  live: boolean;
}

/** the holder's pid: a holder is `host:pid:random` (server/scale/leadership.ts) */
export function holderPid(holder: string): number | undefined {
  const m = /:(\d+):[0-9a-f]+$/.exec(holder);
  return m ? Number(m[1]) : undefined;
}

function whoLeads(lease: LeaseSeen, table: NodeTable): string {
  const name = table.byAddress(lease.address)?.spec.name ?? 'an engine outside this cluster';
  return `${name} (pid ${holderPid(lease.holder) ?? '?'}, ${lease.address})`;
}

/** the line for a change between two reads of the lease row, or undefined when nothing changed */
export function leadershipLine(
  prev: LeaseSeen | undefined,
  cur: LeaseSeen | undefined,
  table: NodeTable,
): string | undefined {
  if (!cur || cur.token === 0) return undefined; // never held yet
  if (cur.live && (!prev?.live || prev.token !== cur.token)) {
    const since = cur.acquiredAt ? `, leading since ${clock(cur.acquiredAt)}` : '';
    return `leader: ${whoLeads(cur, table)} token ${cur.token}${since}${afterExit(prev, cur, table)}`;
  }
  if (!cur.live && prev?.live && prev.token === cur.token) {
    const how = cur.expiresAt === -Infinity ? 'was released (a clean stop)' : `expired at ${clock(cur.expiresAt)}`;
    return `no leader: the lease of ${whoLeads(cur, table)} token ${cur.token} ${how}; a standby takes it over`;
  }
  return undefined;
}

/** " — 2.6 s after engine-1 (pid 999) exited (signal SIGKILL)" when the previous holder's process died */
function afterExit(prev: LeaseSeen | undefined, cur: LeaseSeen, table: NodeTable): string {
  if (!prev || prev.token === 0 || !cur.acquiredAt) return '';
  const entry = table.byAddress(prev.address);
  const exit = entry?.lastExit;
  if (!entry || !exit || exit.pid !== holderPid(prev.holder)) return '';
  const ms = Math.max(0, cur.acquiredAt.getTime() - exit.at);
  return ` — ${(ms / 1000).toFixed(1)} s after ${entry.spec.name} (pid ${exit.pid}) exited (${exit.how})`;
}

async function readRow(pool: pg.Pool): Promise<LeaseSeen | undefined> {
  // pg reads '-infinity' (a released lease) as the number -Infinity, any other time as a Date
  const r = await pool.query<{
    holder: string;
    address: string;
    token: string;
    acquired_at: Date | null;
    expires_at: Date | number;
    live: boolean;
  }>(
    'SELECT holder, address, token::text, acquired_at, expires_at, expires_at > now() AS live FROM engine_lease WHERE name = $1',
    [ENGINE_LEASE],
  );
  const row = r.rows[0];
  if (!row) return undefined;
  const expiresAt = row.expires_at instanceof Date ? row.expires_at.getTime() : Number(row.expires_at);
  return {
    holder: row.holder,
    address: row.address,
    token: Number(row.token),
    acquiredAt: row.acquired_at,
    expiresAt,
    live: row.live,
  };
}

export interface LeaderWatch {
  close(): Promise<void>;
}

/** polls the lease row until closed; a missing table (not migrated yet) or a lost connection is tried again */
export function watchLeadership(o: {
  databaseUrl: string;
  table: NodeTable;
  say?: Say;
  intervalMs?: number;
}): LeaderWatch {
  const say = o.say ?? sayLine;
  const pool = new pg.Pool({ connectionString: o.databaseUrl, max: 1 });
  pool.on('error', () => undefined); // an idle client cut by the server: the next poll reconnects
  let prev: LeaseSeen | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const poll = async () => {
    const cur = await readRow(pool).catch(() => prev);
    const line = leadershipLine(prev, cur, o.table);
    if (line && !closed) say(line);
    prev = cur;
    if (!closed) timer = setTimeout(() => void poll(), o.intervalMs ?? 250);
  };
  void poll();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      await pool.end().catch(() => undefined);
    },
  };
}
