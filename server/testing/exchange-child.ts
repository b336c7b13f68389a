/**
 * The coin exchange's kill -9 test's victim (../domain/exchange.crash.test.ts): 20
 * loops of exchanges (funds' exchange(), through the pool's writer), USDT → BTC and back, at fixed
 * prices, printing `ack <exchange id>` once an exchange's answer came — after its commit — until the
 * test kills this process mid-batch.
 * The users (LW_USERS, child-kit.ts) each hold USDT and BTC on the change account.
 */
import { childDb, startLoops } from './child-kit';
import { exchange } from '../areas/funds/domain';
import type { PriceSource } from '../kernel/prices';

const USDT = 4;
const BTC = 1;
const { db, users } = childDb();
const prices: PriceSource = { lastPrice: (s) => (s === 'BTC/USDT' ? { price: '50000' } : undefined) };

async function loop(k: number): Promise<void> {
  for (let i = 0; ; i++) {
    const userId = users[(k + i) % users.length];
    const buy = (k + i) % 2 === 0;
    const done = await exchange(db, prices, userId, {
      number: buy ? '10' : '0.0002',
      fromId: buy ? USDT : BTC,
      toId: buy ? BTC : USDT,
    });
    process.stdout.write(`ack ${done.id}\n`);
  }
}

startLoops(loop);
