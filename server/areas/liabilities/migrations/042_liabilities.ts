import { sql, type Kysely } from 'kysely';

/**
 * Proof of liabilities: published snapshots of every user's balances at one journal position.
 * - liability_snapshots: one row per snapshot (root hash, coins, totals, the journal's last id);
 * - liability_leaves: one leaf per user (index in the tree, the secret salt, leaf hash, balances in
 *   integer units per coin, in the snapshot's coin order);
 * - liability_balances: each user × coin × account type row as it stood, for `npm run verify`.
 * A snapshot is immutable once written: triggers refuse UPDATE, DELETE and TRUNCATE on all three.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: ReturnType<typeof sql>) => q.execute(db);
  await run(sql`
    CREATE TABLE liability_snapshots (
      id SERIAL PRIMARY KEY,
      kind TEXT NOT NULL CHECK (kind IN ('daily', 'operator', 'start')),
      day DATE UNIQUE,
      operator_id INT,
      reason TEXT NOT NULL DEFAULT '',
      taken_at TIMESTAMPTZ NOT NULL,
      journal_id BIGINT NOT NULL,
      coins JSONB NOT NULL,
      totals TEXT[] NOT NULL,
      root_hash TEXT NOT NULL CHECK (root_hash ~ '^[0-9a-f]{64}$'),
      leaf_count INT NOT NULL CHECK (leaf_count >= 0),
      CHECK ((kind = 'daily') = (day IS NOT NULL))
    )`);
  await run(sql`
    CREATE TABLE liability_leaves (
      snapshot_id INT NOT NULL REFERENCES liability_snapshots (id),
      leaf_index INT NOT NULL CHECK (leaf_index >= 0),
      user_id INT NOT NULL,
      salt TEXT NOT NULL CHECK (salt ~ '^[0-9a-f]{64}$'),
      hash TEXT NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
      balances TEXT[] NOT NULL,
      PRIMARY KEY (snapshot_id, leaf_index),
      UNIQUE (snapshot_id, user_id)
    )`);
  await run(sql`
    CREATE TABLE liability_balances (
      snapshot_id INT NOT NULL REFERENCES liability_snapshots (id),
      user_id INT NOT NULL,
      currency_id INT NOT NULL,
      type SMALLINT NOT NULL,
      available NUMERIC(36, 18) NOT NULL,
      frozen NUMERIC(36, 18) NOT NULL,
      PRIMARY KEY (snapshot_id, user_id, currency_id, type)
    )`);
  await run(sql`
    CREATE FUNCTION liability_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'a published liabilities snapshot cannot be changed (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = '42501';
    END
    $$`);
  for (const t of ['liability_snapshots', 'liability_leaves', 'liability_balances']) {
    await run(
      sql`CREATE TRIGGER ${sql.raw(`${t}_immutable`)} BEFORE UPDATE OR DELETE ON ${sql.raw(t)} FOR EACH ROW EXECUTE FUNCTION liability_immutable()`,
    );
    await run(
      sql`CREATE TRIGGER ${sql.raw(`${t}_no_truncate`)} BEFORE TRUNCATE ON ${sql.raw(t)} FOR EACH STATEMENT EXECUTE FUNCTION liability_immutable()`,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS liability_balances, liability_leaves, liability_snapshots`.execute(db);
  await sql`DROP FUNCTION IF EXISTS liability_immutable()`.execute(db);
}
