/**
 * The P2P group commit's kill -9 test's victim (../areas/otc/otc.crash.test.ts): 20 loops, each its
 * own taker (LW_USERS) selling 1 USDT at a time to the merchant's buy ad (OTC_AD, OTC_MERCHANT):
 * each round opens an order (the taker's coin frozen in escrow) and ends it — released by the
 * taker with the payment password (OTC_PAY), cancelled by the merchant (the buyer), or timed out
 * by the deadline's job — through the OTC domain (its group commit), printing `ack open <id>` and
 * `ack <kind> <id>` once each answer came (after its commit), until the test kills this process.
 * Env (child-kit.ts's too): OTC_NOW, the rules' clock at opening (ms).
 */
import { childDb, startLoops } from './child-kit';
import { cancel, expireOne, openOrder, release, type OtcCtx } from '../areas/otc/domain';

const adId = Number(process.env.OTC_AD);
const merchant = Number(process.env.OTC_MERCHANT);
const now = Number(process.env.OTC_NOW);
const { db, users } = childDb();
const ctxAt = (ms: number): OtcCtx => ({
  db,
  prices: { lastPrice: () => undefined }, // a fixed-price ad in USDT needs no feed
  now: () => ms,
  push: () => {},
  notify: async () => {},
});
const opening = ctxAt(now);
const late = ctxAt(now + 16 * 60_000); // past the 15-minute window

async function loop(k: number): Promise<void> {
  const taker = users[k];
  for (let i = 0; ; i++) {
    const o = await openOrder(opening, taker, { ad_id: adId, unit: 'coin', amount: '1' });
    process.stdout.write(`ack open ${o.id}\n`);
    const kind = (i + k) % 3;
    if (kind === 0)
      await release(opening, taker, { id: o.id, pay_password: process.env.OTC_PAY, confirm_unpaid: true });
    else if (kind === 1) await cancel(opening, merchant, { id: o.id });
    else if ((await expireOne(late, o.id)) !== 'expired') throw new Error(`order ${o.id} did not time out`);
    process.stdout.write(`ack ${['release', 'cancel', 'timeout'][kind]} ${o.id}\n`);
  }
}

startLoops(loop);
