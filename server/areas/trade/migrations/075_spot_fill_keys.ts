import { sql, type Kysely } from 'kysely';

/**
 * A spot fill's order and user are ONE foreign key, (user_id, order_id) to spot_orders (user_id,
 * id), instead of two (to spot_orders, to users): one lookup and one key-share lock fewer per fill
 * (every crossing order writes two fills: its own and its maker's). The rule is stricter: a fill's
 * user must be its order's (before, any user passed), and the user's existence follows from the
 * order's own key to users. The index that key needs replaces spot_orders_user (user_id, status,
 * id DESC), same entries: a user's orders by id, newest first, with the status beside the key
 * (INCLUDE), so a listing by status still reads it from the index and an update of the status is not
 * an update of a key column (a maker's update keeps taking the weaker row lock, which does not wait
 * on the fills' key-share locks).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(KEYS_UP).execute(db);
  // NOT VALID then VALIDATE: the check of the rows there scans under a lock that lets writes go on
  await sql`ALTER TABLE spot_fills VALIDATE CONSTRAINT spot_fills_order_user_fkey`.execute(db);
  await sql`ALTER TABLE spot_fills DROP CONSTRAINT spot_fills_order_id_fkey, DROP CONSTRAINT spot_fills_user_id_fkey`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(KEYS_DOWN).execute(db);
}

const KEYS_UP = `
  CREATE UNIQUE INDEX spot_orders_user_key ON spot_orders (user_id, id DESC) INCLUDE (status);
  DROP INDEX spot_orders_user;
  ALTER TABLE spot_fills ADD CONSTRAINT spot_fills_order_user_fkey
    FOREIGN KEY (user_id, order_id) REFERENCES spot_orders (user_id, id) NOT VALID;`;

const KEYS_DOWN = `
  ALTER TABLE spot_fills ADD CONSTRAINT spot_fills_order_id_fkey FOREIGN KEY (order_id) REFERENCES spot_orders (id),
    ADD CONSTRAINT spot_fills_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id);
  ALTER TABLE spot_fills DROP CONSTRAINT spot_fills_order_user_fkey;
  CREATE INDEX spot_orders_user ON spot_orders (user_id, status, id DESC);
  DROP INDEX spot_orders_user_key;`;
