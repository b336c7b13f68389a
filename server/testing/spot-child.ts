/**
 * The spot orders' kill -9 test's victim (../areas/trade/domain/spot.crash.test.ts): 20 loops of
 * limit orders on LTC/USDT (trade's placeSpotOrder: the symbol's engine steps on the pool's spot
 * writer), buys and sells at three prices around 100 so they cross each other, printing
 * `ack <order id>` once an order's answer came — after its commit — until the test kills this
 * process mid-batch. The venue's book sits far away (asks at 1000, bids at 1): users meet users only.
 * The users (LW_USERS, child-kit.ts) each hold USDT and LTC on the change account.
 */
import { childDb, startLoops } from './child-kit';
import { createTradeContext, placeSpotOrder, type TradeContext } from '../areas/trade/domain';
import { BookService } from '../market/books/service';

const SYMBOL = 'LTC/USDT';
const PRICES = ['99.5', '100', '100.5'];
const { db, users } = childDb();
const at = Date.now();
const venue = { symbol: SYMBOL, version: 1, bids: [{ price: '1', qty: '1' }], asks: [{ price: '1000', qty: '1' }] };
const books = new BookService({ feed: { book: (s) => (s === SYMBOL ? venue : undefined) }, now: Date.now });
const market = {
  lastPrice: (s: string) => (s === SYMBOL ? { price: '100', seq: 1, ts: at } : undefined),
  emitToUser: () => undefined,
  books,
} as unknown as TradeContext['market'];

async function loop(ctx: TradeContext, k: number): Promise<void> {
  for (let i = 0; ; i++) {
    const userId = users[(k + i) % users.length];
    const done = await placeSpotOrder(ctx, userId, {
      symbol: SYMBOL,
      side: (k + i) % 2 ? 'sell' : 'buy',
      amount: '1',
      targetPrice: PRICES[(k * 7 + i) % 3],
    });
    process.stdout.write(`ack ${done.id}\n`);
  }
}

const ctx = await createTradeContext(db, market);
startLoops((k) => loop(ctx, k));
