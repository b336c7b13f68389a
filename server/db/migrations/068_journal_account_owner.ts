import { sql, type Kysely } from 'kysely';

/**
 * A journal row's account, owner, currency and type checked by ONE foreign key instead of three:
 * (account_id, user_id, currency_id, type) → accounts (id, user_id, currency_id, type). Each
 * journal insert ran a check on users, one on currencies and one on accounts (a row lock and an
 * index probe each, ~a quarter of an NFT purchase's PostgreSQL CPU with the orders' and boxes');
 * the one check covers all three, since accounts' own keys reference users and currencies, and
 * is stricter: a row can no longer name a user, currency or type other than its account's. Every
 * writer already takes those four from the account it updated, so no row is refused. The unique
 * index it needs is on accounts, whose updates (balances) touch none of its columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE accounts ADD CONSTRAINT accounts_id_owner UNIQUE (id, user_id, currency_id, type)`.execute(db);
  await sql`
    ALTER TABLE journal
      ADD CONSTRAINT journal_account_owner_fkey FOREIGN KEY (account_id, user_id, currency_id, type)
        REFERENCES accounts (id, user_id, currency_id, type),
      DROP CONSTRAINT journal_user_id_fkey,
      DROP CONSTRAINT journal_account_id_fkey,
      DROP CONSTRAINT journal_currency_id_fkey`.execute(db);
}

/** Back to the three single-column keys. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE journal
      ADD CONSTRAINT journal_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id),
      ADD CONSTRAINT journal_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts (id),
      ADD CONSTRAINT journal_currency_id_fkey FOREIGN KEY (currency_id) REFERENCES currencies (id),
      DROP CONSTRAINT journal_account_owner_fkey`.execute(db);
  await sql`ALTER TABLE accounts DROP CONSTRAINT accounts_id_owner`.execute(db);
}
