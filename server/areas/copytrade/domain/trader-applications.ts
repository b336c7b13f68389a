/**
 * Trader applications: a user applies (nickname + introduction), an operator approves or rejects in
 * the back office (logged with a reason by the caller); the applicant sees the outcome.
 */
import type { Kysely, Transaction } from 'kysely';
import type { AdminTraderItem, CopyPage, MyTraderState, TraderStatus } from '../../../../core';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors';
import { addNotice } from '../../../db/notices';
import { inTransaction } from '../../../db/tx';
import { cardOf } from './trader-views';
import { epochMs } from '../../../kernel/time';

type Db = Kysely<Database>;

// Letters of any script, digits, spaces and a few separators; no control or markup characters.
const NICK_RE = /^[\p{L}\p{N} _.·-]{2,20}$/u;

export function checkApplication(nickname: unknown, introduction: unknown): { nickname: string; introduction: string } {
  const nick = typeof nickname === 'string' ? nickname.trim() : '';
  if (!NICK_RE.test(nick)) throw new AppError('copy_nickname_invalid');
  const intro = typeof introduction === 'string' ? introduction.trim() : '';
  // eslint-disable-next-line no-control-regex
  if ([...intro].length > 200 || /[\u0000-\u0008\u000b-\u001f<>]/.test(intro)) throw new AppError('copy_intro_invalid');
  return { nickname: nick, introduction: intro };
}

export async function applyTrader(
  db: Db,
  userId: number,
  input: { nickname: unknown; introduction: unknown },
): Promise<MyTraderState> {
  const a = checkApplication(input.nickname, input.introduction);
  await inTransaction(db, async (trx) => {
    const cur = await trx
      .selectFrom('copy_traders')
      .select('status')
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (cur?.status === 'pending') throw new AppError('copy_apply_pending');
    if (cur?.status === 'approved') throw new AppError('copy_already_trader');
    if (cur) {
      await trx
        .updateTable('copy_traders')
        .set({ ...a, status: 'pending', reason: null, reviewed_by: null, reviewed_at: null, created_at: new Date() })
        .where('user_id', '=', userId)
        .execute();
    } else {
      // a concurrent first application of the same user already inserted: that one is pending
      const added = await trx
        .insertInto('copy_traders')
        .values({ user_id: userId, ...a, status: 'pending' })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (!added) throw new AppError('copy_apply_pending');
    }
  });
  return myTrader(db, userId);
}

export async function myTrader(db: Db, userId: number): Promise<MyTraderState> {
  const row = await db.selectFrom('copy_traders').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row)
    return {
      status: 'none',
      nickname: null,
      introduction: null,
      reason: null,
      applied_at: null,
      reviewed_at: null,
      card: null,
    };
  return {
    status: row.status,
    nickname: row.nickname,
    introduction: row.introduction,
    reason: row.reason,
    applied_at: row.created_at.getTime(),
    reviewed_at: epochMs(row.reviewed_at),
    card: row.status === 'approved' ? cardOf(row, null) : null,
  };
}

export async function listApplications(
  db: Db,
  status: TraderStatus | undefined,
  page: number,
  limit: number,
): Promise<CopyPage<AdminTraderItem>> {
  let base = db
    .selectFrom('copy_traders as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('operators as op', 'op.id', 't.reviewed_by');
  if (status) base = base.where('t.status', '=', status);
  const [rows, count] = await Promise.all([
    base
      .select([
        't.user_id',
        'u.email',
        'u.mobile',
        't.nickname',
        't.introduction',
        't.status',
        't.demo',
        't.reason',
        't.created_at',
        't.reviewed_at',
        'op.name as reviewer',
      ])
      .orderBy('t.created_at', status === 'pending' ? 'asc' : 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  const list = rows.map((r) => ({
    user_id: r.user_id,
    account: r.email ?? r.mobile ?? '',
    nickname: r.nickname,
    introduction: r.introduction,
    status: r.status,
    demo: r.demo,
    reason: r.reason,
    created_at: r.created_at.getTime(),
    reviewed_at: epochMs(r.reviewed_at),
    reviewed_by: r.reviewer,
  }));
  return { list, page, limit, total, has_more: page * limit < total };
}

/** Approves or rejects a pending application inside the caller's transaction (which logs the action). */
export async function reviewTrader(
  trx: Transaction<Database>,
  r: { userId: number; operatorId: number | null; approve: boolean; reason: string },
): Promise<void> {
  const cur = await trx
    .selectFrom('copy_traders')
    .select('status')
    .where('user_id', '=', r.userId)
    .forUpdate()
    .executeTakeFirst();
  if (!cur) throw new AppError('not_found');
  if (cur.status !== 'pending') throw new AppError('copy_apply_not_pending');
  await trx
    .updateTable('copy_traders')
    .set({
      status: r.approve ? 'approved' : 'rejected',
      reason: r.approve ? null : r.reason,
      reviewed_by: r.operatorId,
      reviewed_at: new Date(),
    })
    .where('user_id', '=', r.userId)
    .execute();
  await addNotice(trx, {
    userId: r.userId,
    kind: 'copytrade',
    title: 'notice_trader_review_title',
    body: r.approve ? 'notice_trader_approved' : 'notice_trader_rejected',
    params: r.approve ? {} : { reason: r.reason },
  });
}
