import { sql, type Kysely } from 'kysely';

/**
 * Failed credential checks per (kind, subject) — login per account, payment password and
 * authenticator per user, verification codes per target — with the lock they earned. In the
 * database so the count holds across processes and restarts (auth/throttle.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE auth_failures (
      kind          TEXT NOT NULL,
      subject       TEXT NOT NULL,
      failures      INTEGER NOT NULL DEFAULT 0,
      locked_until  TIMESTAMPTZ,
      updated_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY (kind, subject)
    )`.execute(db);
  await sql`CREATE INDEX auth_failures_updated ON auth_failures (updated_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS auth_failures`.execute(db);
}
