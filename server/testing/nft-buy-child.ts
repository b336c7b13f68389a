/**
 * The NFT purchase's kill -9 test's victim (../areas/nft/buy.crash.test.ts): 20 loops of
 * fixed-price purchases (the NFT door's buyNFT, through the pool's purchase writer), each of the
 * next item of a numbered run (`<prefix><i>`), printing `ack <order id>` once a purchase's answer
 * came — after its commit — until the test kills this process mid-batch.
 * Env: LW_URL (connection string), LW_OPTIONS (the session options, e.g. the test's search_path),
 * LW_USERS (comma-separated buyer ids, each holding USDT on the change account), NFT_PREFIX and
 * NFT_COUNT (the items' codes), NFT_NOW (the sale's clock, ms).
 */
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '../db/schema';
import { buyNFT } from '../areas/nft/domain';

const users = (process.env.LW_USERS ?? '').split(',').map(Number);
const prefix = process.env.NFT_PREFIX ?? '';
const count = Number(process.env.NFT_COUNT);
const now = Number(process.env.NFT_NOW);
const pool = new pg.Pool({
  connectionString: process.env.LW_URL,
  max: 10,
  ...(process.env.LW_OPTIONS ? { options: process.env.LW_OPTIONS } : {}),
});
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
let next = 0;

async function loop(k: number): Promise<void> {
  for (let i = 0; next < count; i++) {
    const code = `${prefix}${next++}`;
    const orderId = await buyNFT(db, users[(k + i) % users.length], code, now);
    process.stdout.write(`ack ${orderId}\n`);
  }
}

for (let k = 0; k < 20; k++) void loop(k);
