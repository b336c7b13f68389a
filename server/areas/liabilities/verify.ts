/**
 * The liabilities checker for `npm run verify`. For every published snapshot:
 * - root: each leaf hash recomputed from its stored salt, user id and balances, the tree rebuilt
 *   from the leaves (core/liabilities), its root hash and sums equal to the published ones;
 * - leaves: each leaf's balance per coin equal to the journal replayed to the snapshot's journal
 *   position (the sum of that user's deltas in that coin, available + frozen, ids ≤ journalId),
 *   and no user or coin the journal owes that the snapshot leaves out;
 * - account rows: each stored user × coin × account type row equal to its journal replay;
 * - totals: each coin's root total equal to the ledger's liabilities at that position.
 * A difference names the snapshot and the leaf (index and user) or coin.
 */
import { sql } from 'kysely';
import { buildTreeSync, commitmentInput, fromHex, leafInput, leafLevel, toHex, toUnits, treeRoot } from '../../../core';
import type { OutcomeChecker, VerifyRow } from '../../db/outcome-checker';
import type { Db } from '../../db/schema';
import type { StoredCoin } from './tables';
import { sha256Sync } from './domain/hash';

type Snap = {
  id: number;
  journal_id: string;
  coins: StoredCoin[];
  totals: string[];
  root_hash: string;
  leaf_count: number;
};
type Leaf = { leaf_index: number; user_id: number; salt: string; hash: string; balances: string[] };

/** a journal sum in the coin's units; its decimal text when it does not convert (more digits than the coin's decimals) */
function unitsOf(total: string, decimals: number): string {
  try {
    return toUnits(total, decimals).toString();
  } catch {
    return `${total} (not a whole number of units at ${decimals} decimals)`;
  }
}

function checkRoot(s: Snap, leaves: Leaf[]): VerifyRow[] {
  const out: VerifyRow[] = [];
  for (const l of leaves) {
    const balances = l.balances.map(BigInt);
    const hash = toHex(
      sha256Sync(leafInput(sha256Sync(commitmentInput(fromHex(l.salt), String(l.user_id))), balances)),
    );
    if (hash !== l.hash)
      out.push({
        id: `snapshot ${s.id} leaf ${l.leaf_index} (user ${l.user_id})`,
        ok: false,
        expected: `leaf hash ${hash}`,
        actual: `stored ${l.hash}`,
      });
  }
  let root: { hash: string; sums: string[] } | undefined;
  try {
    root = treeRoot(
      buildTreeSync(
        leafLevel(
          leaves.map((l) => ({ hash: fromHex(l.hash), balances: l.balances.map(BigInt) })),
          s.coins.length,
        ),
        s.coins.length,
        sha256Sync,
      ),
    );
  } catch (e) {
    return [
      ...out,
      {
        id: `snapshot ${s.id} root`,
        ok: false,
        expected: 'a tree of non-negative 128-bit sums',
        actual: (e as Error).message,
      },
    ];
  }
  const want = `${root.hash} ${root.sums.join('/')} over ${leaves.length} leaves`;
  const got = `${s.root_hash} ${s.totals.join('/')} over ${s.leaf_count} leaves`;
  out.push(
    want === got
      ? { id: `snapshot ${s.id} root`, ok: true }
      : { id: `snapshot ${s.id} root`, ok: false, expected: want, actual: got },
  );
  return out;
}

async function checkLeaves(db: Db, s: Snap, leaves: Leaf[]): Promise<VerifyRow[]> {
  const replay = await sql<{ user_id: number; currency_id: number; total: string }>`
    SELECT user_id, currency_id, SUM(delta_available + delta_frozen)::text AS total
    FROM journal WHERE id <= ${s.journal_id} GROUP BY user_id, currency_id`.execute(db);
  const decimals = new Map(s.coins.map((c) => [c.currencyId, c.decimals]));
  const owed = new Map(
    replay.rows.map((r) => [
      `${r.user_id}:${r.currency_id}`,
      decimals.has(r.currency_id) ? unitsOf(r.total, decimals.get(r.currency_id)!) : r.total,
    ]),
  );
  const out: VerifyRow[] = [];
  for (const l of leaves) {
    s.coins.forEach((c, j) => {
      const key = `${l.user_id}:${c.currencyId}`;
      const want = owed.get(key) ?? '0';
      owed.delete(key);
      if (want !== l.balances[j])
        out.push({
          id: `snapshot ${s.id} leaf ${l.leaf_index} (user ${l.user_id}) ${c.symbol}`,
          ok: false,
          expected: `${want} units (journal to id ${s.journal_id})`,
          actual: `${l.balances[j]} units`,
        });
    });
  }
  for (const [key, units] of owed) {
    if (/^0(\.0*)?$/.test(units)) continue;
    const [user, currency] = key.split(':');
    out.push({
      id: `snapshot ${s.id} user ${user} currency ${currency}`,
      ok: false,
      expected: `a leaf balance of ${units} units`,
      actual: 'no leaf or coin for it',
    });
  }
  if (out.length === 0) out.push({ id: `snapshot ${s.id} leaves`, ok: true });
  return out;
}

async function checkAccountRows(db: Db, s: Snap): Promise<VerifyRow[]> {
  const diff = await sql<{ user_id: number; currency_id: number; type: number; stored: string; journal: string }>`
    WITH j AS (
      SELECT user_id, currency_id, type, SUM(delta_available) AS a, SUM(delta_frozen) AS f FROM journal WHERE id <= ${s.journal_id} GROUP BY 1, 2, 3
    ), b AS (SELECT user_id, currency_id, type, available AS a, frozen AS f FROM liability_balances WHERE snapshot_id = ${s.id})
    SELECT COALESCE(b.user_id, j.user_id) AS user_id, COALESCE(b.currency_id, j.currency_id) AS currency_id, COALESCE(b.type, j.type) AS type,
           COALESCE(b.a, 0)::text || '/' || COALESCE(b.f, 0)::text AS stored, COALESCE(j.a, 0)::text || '/' || COALESCE(j.f, 0)::text AS journal
    FROM b FULL JOIN j USING (user_id, currency_id, type)
    WHERE COALESCE(b.a, 0) <> COALESCE(j.a, 0) OR COALESCE(b.f, 0) <> COALESCE(j.f, 0)
    ORDER BY 1, 2, 3 LIMIT 50`.execute(db);
  if (diff.rows.length === 0) return [{ id: `snapshot ${s.id} account rows`, ok: true }];
  return diff.rows.map((r) => ({
    id: `snapshot ${s.id} user ${r.user_id} currency ${r.currency_id} type ${r.type}`,
    ok: false,
    expected: `available/frozen ${r.journal} (journal)`,
    actual: r.stored,
  }));
}

async function checkTotals(db: Db, s: Snap): Promise<VerifyRow[]> {
  const rows = await sql<{ currency_id: number; total: string }>`
    SELECT currency_id, SUM(delta_available + delta_frozen)::text AS total FROM journal WHERE id <= ${s.journal_id} GROUP BY currency_id`.execute(
    db,
  );
  const ledger = new Map(rows.rows.map((r) => [r.currency_id, r.total]));
  const out: VerifyRow[] = s.coins.map((c, j) => {
    const total = ledger.get(c.currencyId);
    const want = total === undefined ? '0' : unitsOf(total, c.decimals);
    ledger.delete(c.currencyId);
    return want === s.totals[j]
      ? { id: `snapshot ${s.id} total ${c.symbol}`, ok: true }
      : {
          id: `snapshot ${s.id} total ${c.symbol}`,
          ok: false,
          expected: `${want} units (ledger)`,
          actual: `${s.totals[j]} units (root)`,
        };
  });
  for (const [currency, total] of ledger)
    if (!/^0(\.0*)?$/.test(total))
      out.push({
        id: `snapshot ${s.id} currency ${currency}`,
        ok: false,
        expected: `a total of ${total}`,
        actual: 'not among the snapshot coins',
      });
  return out;
}

export const liabilitiesChecker: OutcomeChecker = {
  product: 'proof of liabilities',
  async check(db: Db) {
    const snaps = await db
      .selectFrom('liability_snapshots')
      .select(['id', 'journal_id', 'coins', 'totals', 'root_hash', 'leaf_count'])
      .orderBy('id')
      .execute();
    const out: VerifyRow[] = [];
    for (const s of snaps) {
      const leaves = await db
        .selectFrom('liability_leaves')
        .select(['leaf_index', 'user_id', 'salt', 'hash', 'balances'])
        .where('snapshot_id', '=', s.id)
        .orderBy('leaf_index')
        .execute();
      out.push(
        ...checkRoot(s, leaves),
        ...(await checkLeaves(db, s, leaves)),
        ...(await checkAccountRows(db, s)),
        ...(await checkTotals(db, s)),
      );
    }
    return out;
  },
};
