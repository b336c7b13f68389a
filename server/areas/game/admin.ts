/**
 * Back office under /admin/api/game (operators only): the latest rounds with their pools, one round
 * with its stakes and players (payouts and refunds), and the
 * game's settings (pair, round length, fee rate, stake limits), each change logged with its reason.
 * A changed setting applies to the next round created; a round keeps the fee rate it opened with.
 */
import type { FastifyInstance } from 'fastify';
import Decimal from 'decimal.js';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { AppError } from '../../errors';
import { inTransaction } from '../../db/tx';
import { logAction } from '../../auth/operators';
import { requiredReason } from '../../admin/forms';
import { GAME_SETTING_KEYS } from './domain/rules';
import { presentRound } from './domain/views';
import { id } from '../../kernel/fields';
import { canon, canonOrNull } from '../../kernel/decimal';
import type { AdminGameRound } from '../../../core';

const SettingBody = z.object({
  key: z.enum(GAME_SETTING_KEYS),
  value: z.string().trim().min(1).max(32),
  reason: requiredReason,
});

function valid(key: (typeof GAME_SETTING_KEYS)[number], v: string, isSymbol: (s: string) => boolean): boolean {
  switch (key) {
    case 'game_symbol':
      return isSymbol(v);
    case 'game_round_seconds':
      return /^\d{1,4}$/.test(v) && Number(v) >= 5 && Number(v) <= 3600;
    case 'game_fee_rate':
      return /^0(\.\d{1,6})?$/.test(v) && new Decimal(v).lt('0.5');
    default:
      return /^\d{1,12}(\.\d{1,2})?$/.test(v) && new Decimal(v).gt(0);
  }
}

const IdQuery = z.object({ id });

export async function gameAdminRoutes(op: FastifyInstance): Promise<void> {
  op.get('/rounds', async () =>
    ok(
      (await op.db.selectFrom('game_rounds').selectAll().orderBy('id', 'desc').limit(100).execute()).map((r) =>
        presentRound(r),
      ),
    ),
  );
  /** one round with every stake and its player: who was paid or refunded what */
  op.get('/round', async (req) => {
    const q = parse(IdQuery, req.query);
    const r = await op.db.selectFrom('game_rounds').selectAll().where('id', '=', q.id).executeTakeFirst();
    if (!r) throw new AppError('game_round_not_found');
    const stakes = await op.db
      .selectFrom('game_stakes as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.user_id', 'u.email', 'u.mobile', 's.side', 's.amount', 's.payout'])
      .where('s.round_id', '=', q.id)
      .orderBy('s.id')
      .execute();
    const out: AdminGameRound = {
      round: presentRound(r),
      stakes: stakes.map((s) => ({
        id: s.id,
        user_id: s.user_id,
        account: s.email ?? s.mobile ?? `#${s.user_id}`,
        side: s.side,
        amount: canon(s.amount),
        payout: canonOrNull(s.payout),
      })),
    };
    return ok(out);
  });
  op.get('/settings', async () => ok(await op.game.rules()));
  op.post('/settings', async (req) => {
    const b = parse(SettingBody, req.body);
    if (!valid(b.key, b.value, (s) => op.market.isSymbol(s))) throw new AppError('param_error');
    await inTransaction(op.db, async (trx) => {
      await trx
        .insertInto('settings')
        .values({ key: b.key, value: b.value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: b.value, updated_at: new Date() }))
        .execute();
      await logAction(trx, {
        operatorId: req.operatorId,
        action: 'game_setting',
        target: b.key,
        reason: b.reason,
        detail: { value: b.value },
      });
    });
    return ok(true);
  });
}
