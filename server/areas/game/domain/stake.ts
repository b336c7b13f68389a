/**
 * Staking: one stake per player per round, on 'up' or 'down', before the round's lock instant.
 * The round row is taken FOR UPDATE first, so a stake and the lock never interleave; the debit is
 * the ledger's conditional one (more than the balance → insufficient_balance, and the whole
 * transaction — stake row included — rolls back). The answer is stored with the effect.
 */
import { checkStake, FUNDS_ACCOUNT_TYPE, type GameSide } from '../../../../core';
import { AppError } from '../../../errors';
import type { Db } from '../../../db/schema';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { debit } from '../../../db/ledger';
import { inTransaction } from '../../../db/tx';
import { answerInTx, type IdempotencyScope } from '../../../db/idempotency-scope';
import { ok } from '../../../kernel/envelope';
import { GAME_CURRENCY_ID, type GameRules } from './rules';
import type {} from '../tables';

export async function coinDecimals(db: Db): Promise<number> {
  const c = await db
    .selectFrom('currencies')
    .select('qty_decimals')
    .where('id', '=', GAME_CURRENCY_ID)
    .executeTakeFirst();
  return c?.qty_decimals ?? 2;
}

export interface StakeRequest {
  roundId: number;
  side: GameSide;
  amount: string;
}

export async function placeStake(
  db: Kysely<Database>,
  rules: GameRules,
  userId: number,
  req: StakeRequest,
  nowMs: number,
  key?: IdempotencyScope,
): Promise<{ stake_id: number; amount: string }> {
  const decimals = await coinDecimals(db);
  const c = checkStake(req.amount, decimals, rules.minStake, rules.maxStake);
  if (!c.ok) {
    if (c.reason === 'decimals') throw new AppError('game_stake_decimals', { decimals });
    if (c.reason === 'min') throw new AppError('game_stake_min', { min: rules.minStake });
    if (c.reason === 'max') throw new AppError('game_stake_max', { max: rules.maxStake });
    throw new AppError('game_stake_invalid');
  }
  return inTransaction(
    db,
    async (trx) => {
      const r = await trx
        .selectFrom('game_rounds')
        .select(['id', 'status', 'lock_at', 'open_at'])
        .where('id', '=', req.roundId)
        .forUpdate()
        .executeTakeFirst();
      if (!r) throw new AppError('game_round_not_found');
      if (r.status !== 'open' || nowMs >= Number(r.lock_at) || nowMs < Number(r.open_at))
        throw new AppError('game_round_locked');
      const mine = await trx
        .selectFrom('game_stakes')
        .select('id')
        .where('round_id', '=', r.id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (mine) throw new AppError('game_already_staked');
      const s = await trx
        .insertInto('game_stakes')
        .values({ round_id: r.id, user_id: userId, side: req.side, amount: c.amount })
        .returning('id')
        .executeTakeFirstOrThrow();
      await debit(trx, {
        userId,
        currencyId: GAME_CURRENCY_ID,
        type: FUNDS_ACCOUNT_TYPE,
        amount: c.amount,
        reason: 'game_stake',
        ref: { type: 'game_stake', id: s.id },
      });
      const add = sql<string>`${c.amount}::numeric`;
      await trx
        .updateTable('game_rounds')
        .set(
          req.side === 'up'
            ? { up_total: sql<string>`up_total + ${add}` }
            : { down_total: sql<string>`down_total + ${add}` },
        )
        .where('id', '=', r.id)
        .execute();
      const answer = { stake_id: s.id, amount: c.amount };
      await answerInTx(trx, userId, ok(answer));
      return answer;
    },
    { key },
  );
}
