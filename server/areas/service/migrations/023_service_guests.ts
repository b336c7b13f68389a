import { sql, type Kysely } from 'kysely';

/**
 * Guests in customer service: a guest's email is verified with a code before replies are
 * mailed to it (guest_email_verified_at), and a guest may send images — each upload is an `uploads`
 * row with no user, tied here to the guest's conversation and the IP it came from (the per-IP daily
 * quota counts these rows and their bytes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE service_conversations ADD COLUMN guest_email_verified_at TIMESTAMPTZ`.execute(db);
  await sql`
    CREATE TABLE service_guest_uploads (
      name             TEXT PRIMARY KEY REFERENCES uploads(name),
      conversation_id  INTEGER NOT NULL REFERENCES service_conversations(id),
      ip               TEXT NOT NULL,
      bytes            INTEGER NOT NULL CHECK (bytes > 0),
      created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX service_guest_uploads_ip ON service_guest_uploads (ip, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE service_guest_uploads`.execute(db);
  await sql`ALTER TABLE service_conversations DROP COLUMN guest_email_verified_at`.execute(db);
}
