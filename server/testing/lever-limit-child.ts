/**
 * The contract limit paths' kill -9 test's victim (../areas/trade/domain/lever-limit.crash.test.ts):
 * one loop per user (LW_USERS, child-kit.ts; each holds USDT on the lever account), each round
 * through the pool's group commits: a limit entry placed (placeLimit: margin and fee frozen), filled
 * at its price (fillAtLimit: the fee spent), charged a day's overnight fee (chargeOvernightOf), then
 * liquidated (liquidateAtPrices: the user's one open position, at 2890). Prints `ack e<id>`,
 * `ack f<id>`, `ack n<id>`, `ack l<id>` once each answer came — after its commit — until the test
 * kills this process mid-batch.
 */
import { childDb, startLoops } from './child-kit';
import { positionPnl } from '../../core';
import { chargeOvernightOf, fillAtLimit, leverAvailable, liquidateAtPrices, placeLimit } from '../areas/trade/domain';

const { db, users } = childDb();
const say = (what: string) => process.stdout.write(`ack ${what}\n`);
// 1 lot of 0.01 ETH at 2900, 10×: margin 2.9, fee 0.05 % of 29 = 0.0145 (core's figures for it)
const CONTRACT = { side: 'long' as const, lots: '1', lotSize: '0.01', multiple: '10', openPrice: '2900' };

async function loop(k: number): Promise<void> {
  const userId = users[k];
  for (;;) {
    const placed = await placeLimit(db, {
      userId,
      symbol: 'ETH/USDT',
      side: 'long',
      lots: '1',
      lotSize: '0.01',
      multiple: 10,
      limit: '2900',
      open: null,
      watchSeq: 1,
      at: new Date(),
      margin: '2.9',
      fee: '0.0145',
      tp: null,
      sl: null,
    });
    say(`e${placed.row.id}`);
    const filled = await fillAtLimit(db, placed.row, { price: '2900', seq: 0, ts: Date.now() }, new Date());
    if (!filled || filled === 'fallback') throw new Error('the fill was refused');
    say(`f${filled.row.id}`);
    const night = await chargeOvernightOf(db, { row: filled.row, day: '2099-01-02', due: '0.0029' });
    if (typeof night !== 'object') throw new Error(`the overnight fee: ${night}`);
    say(`n${filled.row.id}`);
    const bal = await leverAvailable(db, userId);
    const liq = await liquidateAtPrices(db, {
      userId,
      available: bal.available,
      liq: { rate: '0.5', line: '0.5', available: bal.available, group: filled.row.id },
      positions: [{ row: filled.row, price: '2890', tick: null, pnl: positionPnl(CONTRACT, '2890') }],
      closedAt: new Date(),
    });
    if (typeof liq !== 'object') throw new Error(`the liquidation: ${liq}`);
    say(`l${filled.row.id}`);
  }
}

startLoops(loop, users.length);
