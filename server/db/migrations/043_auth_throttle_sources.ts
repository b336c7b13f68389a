import { sql, type Kysely } from 'kysely';

/**
 * Credential failures per (kind, subject, source) instead of per (kind, subject): a stranger's
 * failures slow the stranger, not the account (auth/throttle.ts). The per-account lock table goes:
 * its locks were what let anyone lock a user out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE auth_throttle (
      kind        TEXT NOT NULL,
      subject     TEXT NOT NULL,
      source      TEXT NOT NULL,
      failures    INTEGER NOT NULL DEFAULT 0,
      next_at     TIMESTAMPTZ NOT NULL,
      first_seen  TIMESTAMPTZ NOT NULL,
      updated_at  TIMESTAMPTZ NOT NULL,
      PRIMARY KEY (kind, subject, source)
    )`.execute(db);
  await sql`CREATE INDEX auth_throttle_updated ON auth_throttle (updated_at)`.execute(db);
  await sql`DROP TABLE IF EXISTS auth_failures`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS auth_throttle`.execute(db);
}
