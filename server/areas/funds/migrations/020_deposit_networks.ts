import { sql, type Kysely } from 'kysely';

/**
 * One deposit address per coin AND network: USDT on ERC20 and on TRC20 are different
 * addresses, and a coin sent on the wrong network is lost, so each network has its own address and
 * minimum deposit. The one address a coin had before is kept on each of its networks (that is what
 * users were shown for every network until now); an operator replaces them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: ReturnType<typeof sql>) => q.execute(db);
  await run(sql`
    CREATE TABLE funds_deposit_networks (
      currency_id  INTEGER NOT NULL REFERENCES currencies(id),
      network      TEXT NOT NULL,
      address      TEXT NOT NULL DEFAULT '',
      min_deposit  NUMERIC(36, 18) NOT NULL DEFAULT 0 CHECK (min_deposit >= 0),
      updated_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY (currency_id, network)
    )`);
  await run(sql`
    INSERT INTO funds_deposit_networks (currency_id, network, address)
    SELECT f.currency_id, n.network, f.deposit_address
      FROM funds_currency_config f
      JOIN currencies c ON c.id = f.currency_id
      CROSS JOIN LATERAL unnest(c.networks) AS n(network)
     WHERE f.deposit_address <> ''`);
  await run(sql`ALTER TABLE funds_currency_config DROP COLUMN deposit_address`);
  // Withdrawals name their network too: the operator sends on it. Rows from before are the coin's
  // only network where it has one; '' (unknown) otherwise.
  await run(sql`ALTER TABLE wallet_addresses ADD COLUMN network TEXT NOT NULL DEFAULT ''`);
  await run(sql`ALTER TABLE withdrawals ADD COLUMN network TEXT NOT NULL DEFAULT ''`);
  await run(
    sql`UPDATE wallet_addresses w SET network = c.networks[1] FROM currencies c WHERE c.id = w.currency_id AND cardinality(c.networks) = 1`,
  );
  await run(
    sql`UPDATE withdrawals w SET network = c.networks[1] FROM currencies c WHERE c.id = w.currency_id AND w.method = 'address' AND cardinality(c.networks) = 1`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE withdrawals DROP COLUMN IF EXISTS network`.execute(db);
  await sql`ALTER TABLE wallet_addresses DROP COLUMN IF EXISTS network`.execute(db);
  await sql`ALTER TABLE funds_currency_config ADD COLUMN deposit_address TEXT NOT NULL DEFAULT ''`.execute(db);
  await sql`DROP TABLE IF EXISTS funds_deposit_networks`.execute(db);
}
