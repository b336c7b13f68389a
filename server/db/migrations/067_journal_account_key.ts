import { sql, type Kysely } from 'kysely';

/**
 * A journal row references its account by the account's whole key — (id, user, currency, type) —
 * in ONE foreign key, instead of three (account, user, currency), each a lookup and a key-share
 * lock per row inserted. Every money step writes a journal row per move, and these checks were
 * most of what such an insert costs (80 → 53 µs per row; a spot order's 2–3 rows' were about a
 * third of its PostgreSQL time, bench/spot-tps.ts). The rule is stronger, not weaker: a row's user, currency and type must now be its
 * account's (before, any existing user and currency passed), and the user and the currency still
 * exist through the account's own keys. The old constraints' NO ACTION stays: an account, a user
 * or a currency with journal rows cannot be deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNIQUE INDEX accounts_key ON accounts (id, user_id, currency_id, type)`.execute(db);
  // NOT VALID then VALIDATE: the check of the rows there scans under a lock that lets writes go on
  await sql`
    ALTER TABLE journal ADD CONSTRAINT journal_account_key_fkey
      FOREIGN KEY (account_id, user_id, currency_id, type) REFERENCES accounts (id, user_id, currency_id, type) NOT VALID`.execute(
    db,
  );
  await sql`ALTER TABLE journal VALIDATE CONSTRAINT journal_account_key_fkey`.execute(db);
  await sql`ALTER TABLE journal DROP CONSTRAINT journal_account_id_fkey`.execute(db);
  await sql`ALTER TABLE journal DROP CONSTRAINT journal_user_id_fkey`.execute(db);
  await sql`ALTER TABLE journal DROP CONSTRAINT journal_currency_id_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE journal ADD CONSTRAINT journal_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts (id)`.execute(
    db,
  );
  await sql`ALTER TABLE journal ADD CONSTRAINT journal_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id)`.execute(
    db,
  );
  await sql`ALTER TABLE journal ADD CONSTRAINT journal_currency_id_fkey FOREIGN KEY (currency_id) REFERENCES currencies (id)`.execute(
    db,
  );
  await sql`ALTER TABLE journal DROP CONSTRAINT journal_account_key_fkey`.execute(db);
  await sql`DROP INDEX accounts_key`.execute(db);
}
