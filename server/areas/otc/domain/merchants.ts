/**
 * Merchants and payment methods. A verified user applies with a display name; an operator approves
 * or rejects (back office, logged). A merchant's figures come from their orders: completion rate
 * over finished orders, the mean time from "paid" to release, the takers' ratings.
 * Payment methods are what a buyer pays a seller to: typed in, or copied from the user's bank card.
 */
import { sql } from 'kysely';
import {
  merchantStats,
  OTC_PAY_KINDS,
  type OtcMerchant,
  type OtcMerchantStats,
  type OtcPayKind,
  type OtcPayMethod,
} from '../../../../core';
import { AppError } from '../../../errors';
import type { Db } from '../../../db/schema';
import { getCard } from '../../funds/domain';
import type {} from '../tables';

export async function applyMerchant(db: Db, userId: number, name: string): Promise<OtcMerchant> {
  const u = await db.selectFrom('users').select('level').where('id', '=', userId).executeTakeFirstOrThrow();
  if (u.level < 1) throw new AppError('need_real_name', undefined, '998');
  const cur = await db.selectFrom('otc_merchants').select('status').where('user_id', '=', userId).executeTakeFirst();
  if (cur && cur.status !== 'rejected') throw new AppError('otc_merchant_exists');
  await db
    .insertInto('otc_merchants')
    .values({ user_id: userId, name, status: 'pending', reason: '' })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        name,
        status: 'pending',
        reason: '',
        applied_at: new Date(),
        reviewed_at: null,
        reviewed_by: null,
      }),
    )
    .execute();
  return (await merchantOf(db, userId))!;
}

export async function statsOf(db: Db, userIds: readonly number[]): Promise<Map<number, OtcMerchantStats>> {
  const out = new Map<number, OtcMerchantStats>();
  if (!userIds.length) return out;
  const rows = await db
    .selectFrom('otc_orders')
    .select([
      'merchant_id',
      'status',
      'rating',
      sql<
        number | null
      >`CASE WHEN status = 'released' AND paid_at IS NOT NULL THEN extract(epoch FROM finished_at - paid_at)::float8 END`.as(
        'release_s',
      ),
    ])
    .where('merchant_id', 'in', [...userIds])
    .execute();
  for (const id of userIds)
    out.set(
      id,
      merchantStats(
        rows
          .filter((r) => r.merchant_id === id)
          .map((r) => ({
            status: r.status,
            rating: r.rating,
            release_s: r.release_s === null ? null : Number(r.release_s),
          })),
      ),
    );
  return out;
}

export async function merchantOf(db: Db, userId: number): Promise<OtcMerchant | null> {
  const m = await db.selectFrom('otc_merchants').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!m) return null;
  const stats = (await statsOf(db, [userId])).get(userId)!;
  return { user_id: m.user_id, name: m.name, status: m.status, reason: m.reason, stats };
}

export async function requireApprovedMerchant(db: Db, userId: number): Promise<void> {
  const m = await db.selectFrom('otc_merchants').select('status').where('user_id', '=', userId).executeTakeFirst();
  if (m?.status !== 'approved') throw new AppError('otc_not_merchant');
}

export async function payMethods(db: Db, userId: number): Promise<OtcPayMethod[]> {
  return db
    .selectFrom('otc_pay_methods')
    .select(['id', 'kind', 'name', 'account', 'bank'])
    .where('user_id', '=', userId)
    .where('removed', '=', false)
    .orderBy('id')
    .execute();
}

export async function addPayMethod(
  db: Db,
  userId: number,
  b: { kind: string; name?: string; account?: string; bank?: string; from_card?: 'domestic' | 'international' },
): Promise<OtcPayMethod[]> {
  let v: { kind: OtcPayKind; name: string; account: string; bank: string };
  if (b.from_card) {
    const card = await getCard(db, userId, b.from_card);
    if (!card) throw new AppError('add_bank_card');
    v = {
      kind: 'bank',
      name: card.real_name,
      account: card.bank_account,
      bank: [card.bank_name, card.bank_network].filter(Boolean).join(' '),
    };
  } else {
    if (!(OTC_PAY_KINDS as readonly string[]).includes(b.kind)) throw new AppError('param_error');
    const name = (b.name ?? '').trim();
    const account = (b.account ?? '').trim();
    if (!name || !account) throw new AppError('all_required');
    v = { kind: b.kind as OtcPayKind, name, account, bank: (b.bank ?? '').trim() };
  }
  const n = await db
    .selectFrom('otc_pay_methods')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('removed', '=', false)
    .executeTakeFirstOrThrow();
  if (n.n >= 10) throw new AppError('otc_pay_methods_full');
  await db
    .insertInto('otc_pay_methods')
    .values({ user_id: userId, ...v })
    .execute();
  return payMethods(db, userId);
}

export async function removePayMethod(db: Db, userId: number, id: number): Promise<OtcPayMethod[]> {
  const r = await db
    .updateTable('otc_pay_methods')
    .set({ removed: true })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (r.numUpdatedRows !== 1n) throw new AppError('not_found');
  return payMethods(db, userId);
}
