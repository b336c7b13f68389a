/**
 * Identity verification (spec §4, §5): level 1 (id type, name, ID number) then level 2 (front and
 * reverse photos). Each step is none → verifying → verified | failed; refused unless both email
 * and phone are bound. An operator's approval raises users.level (1 basic, 2 advanced; 3 VIP is
 * granted by an operator); a rejection carries its reason, shown to the user.
 */
import type { Kysely, Transaction } from 'kysely';
import { ID_TYPES, KYC_REVIEW_STATUS, type IdType, type KycState, type RealState } from '../../../../core';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors';
import { claimUpload } from '../../../shared/files/files';
import { levelName } from '../../accounts/domain';
import { type PriceSource } from '../../../kernel/prices';
import { addNotice } from '../../../db/notices';
import { levelLimits } from './limits';
import { inTransaction, isUniqueViolation } from '../../../db/tx';

const CARD_ID_RE = /^[A-Za-z0-9-]{5,30}$/;

function maskCardId(v: string): string {
  if (v.length <= 8) return v.slice(0, 2) + '*'.repeat(Math.max(0, v.length - 2));
  return v.slice(0, 4) + '*'.repeat(v.length - 8) + v.slice(-4);
}

function stateOf(level: number, step: 1 | 2, latest: { status: string } | undefined): KycState {
  if (level >= step) return 'verified';
  if (!latest) return 'none';
  return latest.status === 'pending' ? 'verifying' : latest.status === 'rejected' ? 'failed' : 'verified';
}

async function latest(db: Kysely<Database>, userId: number, step: 1 | 2) {
  return db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('real_type', '=', step)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function realState(db: Kysely<Database>, prices: PriceSource, userId: number): Promise<RealState> {
  const u = await db
    .selectFrom('users')
    .select(['level', 'email', 'mobile'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const [s1, s2] = await Promise.all([latest(db, userId, 1), latest(db, userId, 2)]);
  // The identity shown is the newest approved level-1 submission, else the newest one.
  const shown =
    (await db
      .selectFrom('kyc_submissions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('real_type', '=', 1)
      .where('status', '=', 'approved')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()) ?? s1;
  const newestFailed = [s1, s2].filter((s) => s?.status === 'rejected').sort((a, b) => (b?.id ?? 0) - (a?.id ?? 0))[0];
  return {
    level: u.level,
    level_name: levelName(u.level),
    review_status: KYC_REVIEW_STATUS[stateOf(u.level, 1, s1)],
    advanced_review_status: KYC_REVIEW_STATUS[stateOf(u.level, 2, s2)],
    reason: newestFailed?.reason ?? '',
    id_type: (shown?.id_type as IdType | undefined) ?? '',
    name: shown?.name ?? '',
    card_id: shown ? maskCardId(shown.card_id) : '',
    email_bound: !!u.email,
    phone_bound: !!u.mobile,
    can_submit: !!u.email && !!u.mobile,
    limits: await levelLimits(db, prices, userId, u.level),
  };
}

export type RealSubmission =
  | { real_type: 1; id_type: string; name: string; card_id: string }
  | { real_type: 2; front_pic: string; reverse_pic: string };

export async function submitReal(db: Kysely<Database>, userId: number, s: RealSubmission): Promise<void> {
  const u = await db
    .selectFrom('users')
    .select(['level', 'email', 'mobile'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!u.email || !u.mobile) throw new AppError('kyc_need_bindings');
  if (u.level >= s.real_type) throw new AppError('kyc_already_verified');
  if (s.real_type === 2 && u.level < 1) throw new AppError('kyc_level1_first');
  try {
    await inTransaction(db, async (trx) => {
      if (s.real_type === 1) {
        if (!(ID_TYPES as readonly string[]).includes(s.id_type)) throw new AppError('param_error');
        const name = s.name.trim();
        if (Array.from(name).length < 2 || Array.from(name).length > 50) throw new AppError('param_error');
        if (!CARD_ID_RE.test(s.card_id.trim())) throw new AppError('id_number_invalid');
        await trx
          .insertInto('kyc_submissions')
          .values({ user_id: userId, real_type: 1, id_type: s.id_type, name, card_id: s.card_id.trim().toUpperCase() })
          .execute();
      } else {
        if (s.front_pic.trim() === s.reverse_pic.trim()) throw new AppError('file_ref_invalid');
        const front = await claimUpload(trx, userId, s.front_pic, 'id_photo');
        const reverse = await claimUpload(trx, userId, s.reverse_pic, 'id_photo');
        await trx
          .insertInto('kyc_submissions')
          .values({ user_id: userId, real_type: 2, front_pic: front, reverse_pic: reverse })
          .execute();
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('kyc_pending');
    throw err;
  }
}

/** Operator decision on a pending submission (inside the caller's transaction, which also logs it). */
export async function reviewKyc(
  trx: Transaction<Database>,
  input: { id: number; operatorId: number; approve: boolean; reason: string },
): Promise<{ userId: number; realType: number }> {
  const row = await trx
    .updateTable('kyc_submissions')
    .set({
      status: input.approve ? 'approved' : 'rejected',
      reason: input.reason,
      reviewed_at: new Date(),
      reviewed_by: input.operatorId,
    })
    .where('id', '=', input.id)
    .where('status', '=', 'pending')
    .returning(['user_id', 'real_type'])
    .executeTakeFirst();
  if (!row) throw new AppError('review_done');
  const levelKey = row.real_type === 2 ? 'level_advanced' : 'level_basic';
  if (input.approve) {
    await trx
      .updateTable('users')
      .set((eb) => ({ level: eb.fn('greatest', [eb.ref('level'), eb.val(row.real_type)]), updated_at: new Date() }))
      .where('id', '=', row.user_id)
      .execute();
    await addNotice(trx, {
      userId: row.user_id,
      kind: 'kyc',
      title: 'notice_kyc_approved_title',
      body: 'notice_kyc_approved_body',
      params: { level: levelKey },
    });
  } else {
    await addNotice(trx, {
      userId: row.user_id,
      kind: 'kyc',
      title: 'notice_kyc_rejected_title',
      body: 'notice_kyc_rejected_body',
      params: { reason: input.reason },
    });
  }
  return { userId: row.user_id, realType: row.real_type };
}
