/**
 * The won auctions' payments' kill -9 test's victim (../areas/nft/pay.crash.test.ts): 20 loops
 * paying the orders NFT_ORDERS lists (the NFT door's payNFTOrder, through the pool's payment
 * writer), each by its winner, printing `ack <order id>` once a payment's answer came — after its
 * commit — until the test kills this process mid-batch. Env: NFT_ORDERS (`order:winner`,
 * comma-separated), NFT_NOW (the payment's clock, ms).
 */
import { childDb, startLoops } from './child-kit';
import { payNFTOrder } from '../areas/nft/domain';

const orders = (process.env.NFT_ORDERS ?? '').split(',').map((x) => x.split(':').map(Number));
const now = Number(process.env.NFT_NOW);
const { db } = childDb();
let next = 0;

async function loop(): Promise<void> {
  while (next < orders.length) {
    const [orderId, winner] = orders[next++];
    await payNFTOrder(db, winner, orderId, now);
    process.stdout.write(`ack ${orderId}\n`);
  }
}

startLoops(loop);
