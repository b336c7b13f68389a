/**
 * The blind boxes' kill -9 test's victim (../areas/nft/box.crash.test.ts): 20 loops buying boxes
 * (the NFT door's buyNFT, through the pool's box writer) of the series NFT_CODES lists, in turn,
 * printing `ack <order id>` once a purchase's answer came — after its commit — until the test kills
 * this process mid-batch. A sold-out series is skipped. The buyers (LW_USERS, child-kit.ts) each
 * hold USDT on the change account. Env: NFT_CODES (comma-separated), NFT_NOW (the sale's clock, ms).
 */
import { childDb, startLoops } from './child-kit';
import { buyNFT } from '../areas/nft/domain';

const codes = (process.env.NFT_CODES ?? '').split(',');
const now = Number(process.env.NFT_NOW);
const { db, users } = childDb();

async function loop(k: number): Promise<void> {
  for (let i = 0; ; i++) {
    const code = codes[(k + i) % codes.length];
    try {
      const orderId = await buyNFT(db, users[(k + i) % users.length], code, now);
      process.stdout.write(`ack ${orderId}\n`);
    } catch (e) {
      // sold out (or off sale once sold out): the next series; anything else ends the loop
      if (!['nft_sold_out', 'nft_not_on_sale'].includes((e as Error).message)) throw e;
    }
  }
}

startLoops(loop);
