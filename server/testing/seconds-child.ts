/**
 * The seconds options' kill -9 test's victim (../areas/trade/domain/seconds.crash.test.ts): 20
 * loops of options (trade's submitSeconds, through the pool's seconds writer), up and down at a
 * fixed price, printing `ack <order id>` once an order's answer came — after its commit — until
 * the test kills this process mid-batch.
 * The users (LW_USERS, child-kit.ts) each hold USDT on the micro account.
 */
import { childDb, startLoops } from './child-kit';
import { createTradeContext, submitSeconds, type TradeContext } from '../areas/trade/domain';

const USDT = 4;
const BTC = 1;
const { db, users } = childDb();
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
startLoops((k) => loop(ctx, k));
