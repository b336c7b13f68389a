/**
 * The operator's decision on a pending recharge or withdrawal: the request is claimed by a
 * conditional update (pending → approved/rejected), so two operators (or a retried click) decide it
 * once; the loser gets `review_done`. What the decision does to money is the caller's.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors';
import { canon } from '../../../kernel/decimal';

export interface ReviewInput {
  id: number;
  operatorId: number;
  approve: boolean;
  reason: string;
}

export interface ClaimedRequest {
  userId: number;
  currencyId: number;
  currency: string;
  /** The requested amount, canonical decimal string. */
  amount: string;
}

export async function claimPendingRequest(
  trx: Transaction<Database>,
  table: 'recharges' | 'withdrawals',
  input: ReviewInput,
): Promise<ClaimedRequest> {
  const row = await trx
    .updateTable(table)
    .set({
      status: input.approve ? 'approved' : 'rejected',
      reason: input.reason,
      reviewed_at: new Date(),
      reviewed_by: input.operatorId,
    })
    .where('id', '=', input.id)
    .where('status', '=', 'pending')
    .returning(['user_id', 'currency_id', 'amount'])
    .executeTakeFirst();
  if (!row) throw new AppError('review_done');
  const c = await trx
    .selectFrom('currencies')
    .select('name')
    .where('id', '=', row.currency_id)
    .executeTakeFirstOrThrow();
  return { userId: row.user_id, currencyId: row.currency_id, currency: c.name, amount: canon(row.amount) };
}
