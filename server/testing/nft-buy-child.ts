/**
 * The NFT purchase's kill -9 test's victim (../areas/nft/buy.crash.test.ts): 20 loops of
 * fixed-price purchases (the NFT door's buyNFT, through the pool's purchase writer), each of the
 * next item of a numbered run (`<prefix><i>`), printing `ack <order id>` once a purchase's answer
 * came — after its commit — until the test kills this process mid-batch.
 * The buyers (LW_USERS, child-kit.ts) each hold USDT on the change account. Env: NFT_PREFIX and
 * NFT_COUNT (the items' codes), NFT_NOW (the sale's clock, ms).
 */
import { childDb, startLoops } from './child-kit';
import { buyNFT } from '../areas/nft/domain';

const prefix = process.env.NFT_PREFIX ?? '';
const count = Number(process.env.NFT_COUNT);
const now = Number(process.env.NFT_NOW);
const { db, users } = childDb();
let next = 0;

async function loop(k: number): Promise<void> {
  for (let i = 0; next < count; i++) {
    const code = `${prefix}${next++}`;
    const orderId = await buyNFT(db, users[(k + i) % users.length], code, now);
    process.stdout.write(`ack ${orderId}\n`);
  }
}

startLoops(loop);
