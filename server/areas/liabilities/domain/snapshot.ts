/**
 * Taking a snapshot: every user's balance in every coin at ONE journal position.
 *
 * Why two connections: a REPEATABLE READ snapshot alone is not a journal position. Journal ids are
 * drawn from a sequence before commit, so a transaction still in flight may hold id 100 while id
 * 101 is already visible: "everything up to 101" would then not be what the snapshot saw. So a
 * gate connection first takes `LOCK TABLE journal IN SHARE MODE` (it waits for every transaction
 * that has written the journal to end, and holds new journal writes back), the snapshot
 * transaction then takes its view (its first statement), and the gate lets go at once. At that
 * instant no transaction had an uncommitted journal row, so the view holds exactly the rows with
 * id ≤ the largest it sees, and the accounts agree with them (every balance change writes its
 * journal row in the same transaction). Writers pause for a moment only; the gate gives up after
 * LOCK_WAIT and retries, so it never sits in a lock queue long enough to be part of a deadlock.
 * Snapshot takers are serialised by a session advisory lock on the gate connection.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  buildUserTreeSync,
  toHex,
  toUnits,
  treeRoot,
  type LiabilitySnapshotSummary,
  type UserBalances,
} from '../../../../core';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { StoredCoin } from '../tables';
import { sha256Sync } from './hash';
import { SUMMARY_COLUMNS, toSummary } from './summary';

const LOCK_WAIT = '250ms';
const LOCK_TRIES = 40;
/** the advisory lock (class, key) serialising snapshot takers; class 42 is used by nothing else */
const TAKER_LOCK = sql`42, 1`;

export interface SnapshotMeta {
  kind: 'daily' | 'operator' | 'start';
  /** daily: the UTC day (YYYY-MM-DD) it is for; one per day */
  day?: string;
  operatorId?: number;
  reason?: string;
  /** runs in the snapshot's own transaction once it is written (the operator action log) */
  afterWrite?: (trx: Transaction<Database>, summary: LiabilitySnapshotSummary) => Promise<void>;
}

type Conn = Kysely<Database>;

/**
 * Takes and stores one snapshot. For 'daily' an existing snapshot of that day is returned instead;
 * for 'start' nothing is taken (undefined) when any snapshot exists.
 */
export async function takeSnapshot(
  db: Kysely<Database>,
  meta: SnapshotMeta,
): Promise<LiabilitySnapshotSummary | undefined> {
  return db.connection().execute(async (gate) => {
    await sql`SELECT pg_advisory_lock(${TAKER_LOCK})`.execute(gate);
    try {
      const existing = await alreadyTaken(gate, meta);
      if (existing !== null) return existing;
      return await underGate(db, gate, meta);
    } finally {
      await sql`SELECT pg_advisory_unlock(${TAKER_LOCK})`.execute(gate);
    }
  });
}

/** the snapshot that makes this one unnecessary (undefined for 'start'), or null to go ahead */
async function alreadyTaken(gate: Conn, meta: SnapshotMeta): Promise<LiabilitySnapshotSummary | undefined | null> {
  if (meta.kind === 'start') {
    const any = await gate.selectFrom('liability_snapshots').select('id').limit(1).executeTakeFirst();
    return any ? undefined : null;
  }
  if (meta.kind === 'daily') {
    const row = await gate
      .selectFrom('liability_snapshots')
      .select(SUMMARY_COLUMNS)
      .where('day', '=', meta.day!)
      .executeTakeFirst();
    return row ? toSummary(row) : null;
  }
  return null;
}

async function underGate(db: Kysely<Database>, gate: Conn, meta: SnapshotMeta): Promise<LiabilitySnapshotSummary> {
  await lockJournal(gate);
  let open = true;
  const release = async () => {
    if (!open) return;
    open = false;
    await sql`COMMIT`.execute(gate);
  };
  try {
    return await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const point = await sql<{
          journal_id: string;
          taken_at: Date;
        }>`SELECT COALESCE(MAX(id), 0)::text AS journal_id, now() AS taken_at FROM journal`.execute(trx);
        await release();
        return writeSnapshot(trx, meta, point.rows[0]);
      });
  } finally {
    await release();
  }
}

/** BEGIN; LOCK TABLE journal IN SHARE MODE — retried after each short wait */
async function lockJournal(gate: Conn): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await sql`BEGIN`.execute(gate);
    try {
      await sql`SET LOCAL lock_timeout = ${sql.lit(LOCK_WAIT)}`.execute(gate);
      await sql`LOCK TABLE journal IN SHARE MODE`.execute(gate);
      return;
    } catch (err) {
      await sql`ROLLBACK`.execute(gate);
      if ((err as { code?: string }).code !== '55P03') throw err;
      if (attempt >= LOCK_TRIES) throw new AppError('liabilities_busy');
      await new Promise((r) => setTimeout(r, 20 * attempt));
    }
  }
}

interface LedgerView {
  coins: StoredCoin[];
  users: UserBalances[];
}

/** every user (all users, zero when they hold nothing) and their total per coin, in units */
async function readLedger(trx: Transaction<Database>): Promise<LedgerView> {
  // a coin's decimals: the most fraction digits any of its balances uses (so its units are exact
  // integers and as short as they can be; the ledger's scale, 18, at most)
  const coinRows = await sql<{ id: number; name: string; decimals: number }>`
    SELECT c.id, c.name, COALESCE(MAX(GREATEST(scale(trim_scale(a.available)), scale(trim_scale(a.frozen)))), 0)::int AS decimals
    FROM currencies c JOIN accounts a ON a.currency_id = c.id GROUP BY c.id, c.name ORDER BY c.id`.execute(trx);
  const coins = coinRows.rows.map((c) => ({ currencyId: c.id, symbol: c.name, decimals: c.decimals }));
  const col = new Map(coins.map((c, i) => [c.currencyId, i]));
  const userRows = await sql<{ id: number }>`SELECT id FROM users ORDER BY id`.execute(trx);
  const byUser = new Map(userRows.rows.map((u) => [u.id, coins.map(() => 0n)]));
  const sums = await sql<{ user_id: number; currency_id: number; total: string }>`
    SELECT user_id, currency_id, (SUM(available) + SUM(frozen))::text AS total FROM accounts GROUP BY user_id, currency_id`.execute(
    trx,
  );
  for (const s of sums.rows) {
    const j = col.get(s.currency_id)!;
    const units = toUnits(s.total, coins[j].decimals);
    if (units < 0n) throw new AppError('liabilities_negative', { user: s.user_id, coin: coins[j].symbol });
    const row = byUser.get(s.user_id) ?? coins.map(() => 0n);
    row[j] = units;
    byUser.set(s.user_id, row);
  }
  const users = [...byUser].map(([id, balances]) => ({ userId: String(id), salt: randomBytes(32), balances }));
  return { coins, users };
}

const BATCH = 2000;

async function writeSnapshot(
  trx: Transaction<Database>,
  meta: SnapshotMeta,
  point: { journal_id: string; taken_at: Date },
): Promise<LiabilitySnapshotSummary> {
  const { coins, users } = await readLedger(trx);
  const { leaves, tree } = buildUserTreeSync(users, coins.length, sha256Sync);
  const root = treeRoot(tree);
  const row = await trx
    .insertInto('liability_snapshots')
    .values({
      kind: meta.kind,
      day: meta.day ?? null,
      operator_id: meta.operatorId ?? null,
      reason: meta.reason ?? '',
      taken_at: point.taken_at,
      journal_id: point.journal_id,
      coins: JSON.stringify(coins),
      totals: root.sums,
      root_hash: root.hash,
      leaf_count: leaves.length,
    })
    .returning(SUMMARY_COLUMNS)
    .executeTakeFirstOrThrow();
  for (let i = 0; i < leaves.length; i += BATCH) {
    const values = leaves.slice(i, i + BATCH).map((l, j) => ({
      snapshot_id: row.id,
      leaf_index: i + j,
      user_id: Number(l.userId),
      salt: toHex(l.salt),
      hash: toHex(l.hash),
      balances: l.balances.map(String),
    }));
    await trx.insertInto('liability_leaves').values(values).execute();
  }
  await sql`INSERT INTO liability_balances (snapshot_id, user_id, currency_id, type, available, frozen)
            SELECT ${row.id}, user_id, currency_id, type, available, frozen FROM accounts`.execute(trx);
  const summary = toSummary(row);
  await meta.afterWrite?.(trx, summary);
  return summary;
}
