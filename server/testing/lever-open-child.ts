/**
 * The contract opens' kill -9 test's victim (../areas/trade/domain/lever-open.crash.test.ts): 20
 * loops of market entries (trade's openAtMarket, through the pool's group commit), ETH long and
 * short at a fixed price and walk, every other one closed again at 3001 (closeAtPrice), printing
 * `ack o<position id>` once an open's answer came — after its commit — and `ack c<position id>`
 * once a close's did, until the test kills this process mid-batch.
 * The users (LW_USERS, child-kit.ts) each hold USDT on the lever account.
 */
import { childDb, startLoops } from './child-kit';
import { positionPnl } from '../../core';
import { closeAtPrice, openAtMarket } from '../areas/trade/domain';

const { db, users } = childDb();
// 1 lot of 0.01 ETH at 3000, 10×: margin 3, fee 0.05 % of 30 = 0.015 (core's figures for it)
const walk = {
  book_epoch: 0,
  book_seq: 1,
  levels: [{ price: '3000', qty: '0.01', avail: null }],
  dp: 2,
  protection: '0.05',
};

async function loop(k: number): Promise<void> {
  for (let i = 0; ; i++) {
    const userId = users[(k + i) % users.length];
    const { row } = await openAtMarket(db, {
      userId,
      symbol: 'ETH/USDT',
      side: (k + i) % 2 === 0 ? 'long' : 'short',
      lots: '1',
      lotSize: '0.01',
      multiple: 10,
      openPrice: '3000',
      openSeq: 1,
      walk,
      watchSeq: 1,
      openedAt: new Date(),
      margin: '3',
      fee: '0.015',
      tp: null,
      sl: null,
    });
    process.stdout.write(`ack o${row.id}\n`);
    if (i % 2 === 1) continue;
    const contract = { side: row.side, lots: '1', lotSize: '0.01', multiple: '10', openPrice: '3000' };
    const pnl = positionPnl(contract, '3001');
    const done = await closeAtPrice(db, { row, price: '3001', tick: null, reason: 'user', closedAt: new Date(), pnl });
    if (done && done !== 'fallback') process.stdout.write(`ack c${row.id}\n`);
  }
}

startLoops(loop);
