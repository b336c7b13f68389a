/**
 * The ledger writer's kill -9 test's victim (server/db/ledger-writer.crash.test.ts): 20 loops of
 * transfers through the pool's writer (group commits), printing `ack <ref>` once a transfer's
 * promise settled — after its commit — until the test kills this process mid-batch.
 * Env: LW_URL (connection string), LW_OPTIONS (the session options, e.g. the test's search_path),
 * LW_USERS (comma-separated user ids, each holding USDT on the change account).
 */
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '../db/schema';
import { transfer } from '../db/ledger-transfer';

const USDT = 4;
const CHANGE = 2;
const users = (process.env.LW_USERS ?? '').split(',').map(Number);
const pool = new pg.Pool({
  connectionString: process.env.LW_URL,
  max: 10,
  ...(process.env.LW_OPTIONS ? { options: process.env.LW_OPTIONS } : {}),
});
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });

async function loop(k: number): Promise<void> {
  for (let i = 0; ; i++) {
    const a = users[(k + i) % users.length];
    const b = users[(k + i + 1 + (i % (users.length - 1))) % users.length]; // never a itself
    const ref = `w${k}-${i}`;
    await transfer(db, {
      from: { userId: a, currencyId: USDT, type: CHANGE, reason: 'transfer_out' },
      to: { userId: b, currencyId: USDT, type: CHANGE, reason: 'transfer_in' },
      amount: '0.01',
      ref: { type: 'crash', id: ref },
    });
    process.stdout.write(`ack ${ref}\n`);
  }
}

for (let k = 0; k < 20; k++) void loop(k);
