/**
 * The seconds options' kill -9 test's victim (../areas/trade/domain/seconds.crash.test.ts): 20
 * loops of options (trade's submitSeconds, through the pool's seconds writer), up and down at a
 * fixed price, printing `ack <order id>` once an order's answer came — after its commit — until
 * the test kills this process mid-batch.
 * Env: LW_URL (connection string), LW_OPTIONS (the session options, e.g. the test's search_path),
 * LW_USERS (comma-separated user ids, each holding USDT on the micro account).
 */
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '../db/schema';
import { createTradeContext, submitSeconds, type TradeContext } from '../areas/trade/domain';

const USDT = 4;
const BTC = 1;
const users = (process.env.LW_USERS ?? '').split(',').map(Number);
const pool = new pg.Pool({
  connectionString: process.env.LW_URL,
  max: 10,
  ...(process.env.LW_OPTIONS ? { options: process.env.LW_OPTIONS } : {}),
});
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
const at = Date.now();
// the market as the orders need it: one tick of BTC/USDT, no listeners (no spot book to load)
const market = {
  lastPrice: (s: string) => (s === 'BTC/USDT' ? { price: '50000', seq: 1, ts: at } : undefined),
  emitToUser: () => undefined,
} as unknown as TradeContext['market'];

async function loop(ctx: TradeContext, k: number): Promise<void> {
  for (let i = 0; ; i++) {
    const userId = users[(k + i) % users.length];
    const done = await submitSeconds(ctx, userId, {
      matchId: BTC,
      currencyId: USDT,
      type: (k + i) % 2 ? 'down' : 'up',
      seconds: 30,
      number: '10',
    });
    process.stdout.write(`ack ${done.id}\n`);
  }
}

const ctx = await createTradeContext(db, market);
for (let k = 0; k < 20; k++) void loop(ctx, k);
