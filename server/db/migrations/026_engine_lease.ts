import { sql, type Kysely } from 'kysely';

/**
 * The engine lease: one row per single-writer duty ('engine'). The holder renews
 * expires_at every second; a standby takes the row over once it has expired, adding one to the
 * fencing token. The engine's money transactions check (FOR SHARE) that their token is still the
 * row's, so a deposed leader's late writes roll back (server/scale/lease.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE engine_lease (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL DEFAULT '',
    address TEXT NOT NULL DEFAULT '',
    token BIGINT NOT NULL DEFAULT 0,
    expires_at TIMESTAMPTZ NOT NULL DEFAULT '-infinity',
    acquired_at TIMESTAMPTZ
  )`.execute(db);
  await sql`INSERT INTO engine_lease (name) VALUES ('engine')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE engine_lease`.execute(db);
}
