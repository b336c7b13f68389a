/**
 * The ledger writer's kill -9 test's victim (server/db/ledger-writer.crash.test.ts): 20 loops of
 * transfers through the pool's writer (group commits), printing `ack <ref>` once a transfer's
 * promise settled — after its commit — until the test kills this process mid-batch.
 * The users (LW_USERS, child-kit.ts) each hold USDT on the change account.
 */
import { childDb, startLoops } from './child-kit';
import { transfer } from '../db/ledger-transfer';

const USDT = 4;
const CHANGE = 2;
const { db, users } = childDb();

async function loop(k: number): Promise<void> {
  for (let i = 0; ; i++) {
    const a = users[(k + i) % users.length];
    const b = users[(k + i + 1 + (i % (users.length - 1))) % users.length]; // never a itself
    const ref = `w${k}-${i}`;
    await transfer(db, {
      from: { userId: a, currencyId: USDT, type: CHANGE, reason: 'transfer_out' },
      to: { userId: b, currencyId: USDT, type: CHANGE, reason: 'transfer_in' },
      amount: '0.01',
      ref: { type: 'crash', id: ref },
    });
    process.stdout.write(`ack ${ref}\n`);
  }
}

startLoops(loop);
