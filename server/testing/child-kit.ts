/**
 * The kill -9 tests' victims' common start (seconds-child.ts, lever-open-child.ts, lever-limit-child.ts, spot-child.ts, exchange-child.ts,
 * ledger-writer-child.ts, nft-buy-child.ts, nft-pay-child.ts, otc-child.ts; the parent's side: kill-mid-batch.ts): the test's
 * database from the env, and the loops that run money until the kill.
 * Env: LW_URL (connection string), LW_OPTIONS (the session options, e.g. the test's search_path),
 * LW_USERS (comma-separated user ids).
 */
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '../db/schema';

/** The users LW_USERS lists and a pool of 10 on the test's database. */
export function childDb(): { db: Kysely<Database>; users: number[] } {
  const users = (process.env.LW_USERS ?? '').split(',').map(Number);
  const pool = new pg.Pool({
    connectionString: process.env.LW_URL,
    max: 10,
    ...(process.env.LW_OPTIONS ? { options: process.env.LW_OPTIONS } : {}),
  });
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), users };
}

/** Starts `n` concurrent loops (k = 0…n-1); each prints its own acks and runs until the kill. */
export function startLoops(loop: (k: number) => Promise<void>, n = 20): void {
  for (let k = 0; k < n; k++) void loop(k);
}
