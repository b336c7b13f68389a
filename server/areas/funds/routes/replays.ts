/**
 * Lost-answer rebuilds for the money routes (see http/idempotency-replay.ts): each answer is a
 * read of the row the operation wrote, so it is the same answer the first attempt gave.
 */
import { ok } from '../../../http/envelope';
import { registerReplay } from '../../../http/idempotency-replay';
import { withdrawDto, withdrawQuery } from '../domain/withdraw';
import { transferById } from '../domain/transfer';
import { exchangeById } from '../domain/exchange';
import { rechargeDto, rechargeQuery } from '../domain/recharge';

export function registerMoneyReplays(): void {
  registerReplay('wallet/change', async (app, userId, ref) =>
    ok((await transferById(app.db, userId, Number(ref.id))) ?? null),
  );
  registerReplay('user/Transfer', async (app, userId, ref) =>
    ok((await exchangeById(app.db, userId, Number(ref.id))) ?? null),
  );
  registerReplay('wallet/out', async (app, _userId, ref) =>
    ok(withdrawDto(await withdrawQuery(app.db).where('withdrawals.id', '=', Number(ref.id)).executeTakeFirstOrThrow())),
  );
  // a recharge request moves no money: its transaction marks the key with the row it wrote
  registerReplay('wallet/charge_req', async (app, _userId, ref) =>
    ok(
      await rechargeDto(
        app.db,
        await rechargeQuery(app.db).where('recharges.id', '=', Number(ref.id)).executeTakeFirstOrThrow(),
      ),
    ),
  );
}
