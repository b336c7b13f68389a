/**
 * Lost-answer rebuilds for the money routes (see http/idempotency-replay.ts): each answer is a
 * read of the row the operation wrote, so it is the same answer the first attempt gave.
 */
import { ok } from '../../envelope';
import { registerReplay } from '../../idempotency-replay';
import { withdrawDto, withdrawQuery } from '../../../domain/funds/withdraw';
import { transferById } from '../../../domain/funds/transfer';
import { exchangeById } from '../../../domain/funds/exchange';

export function registerMoneyReplays(): void {
  registerReplay('wallet/change', async (db, userId, ref) => ok((await transferById(db, userId, Number(ref.id))) ?? null));
  registerReplay('user/Transfer', async (db, userId, ref) => ok((await exchangeById(db, userId, Number(ref.id))) ?? null));
  registerReplay('wallet/out', async (db, _userId, ref) => ok(withdrawDto(await withdrawQuery(db).where('withdrawals.id', '=', Number(ref.id)).executeTakeFirstOrThrow())));
}
