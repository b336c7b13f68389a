/** A follower's copies as the API shows them: the current ones (open) and the history (closed, self-held, skipped). */
import type { Kysely } from 'kysely';
import type { CopyPage, CopySkipReason, CopyTrade } from '../../../../core';
import type { Database } from '../../../db/schema';
import { canon, canonOrNull } from '../../../kernel/decimal';
import { epochMs } from '../../../kernel/time';

type Db = Kysely<Database>;

/** The follower's copies with their trader and both positions, newest first; `f` narrows and pages them. */
export async function copyRows(
  db: Db,
  userId: number,
  f: { id?: number; statuses?: CopyTrade['status'][]; followId?: number; page?: number; limit?: number },
): Promise<CopyTrade[]> {
  let q = db
    .selectFrom('copy_trades as c')
    .innerJoin('lever_orders as t', 't.id', 'c.trader_position_id')
    .innerJoin('copy_traders as tr', 'tr.user_id', 'c.trader_id')
    .leftJoin('lever_orders as o', 'o.id', 'c.follower_position_id')
    .select([
      'c.id',
      'c.follow_id',
      'c.trader_id',
      'tr.nickname',
      'c.trader_position_id',
      'c.follower_position_id',
      'c.status',
      'c.skip_reason',
      'c.lots',
      'c.created_at',
      'c.closed_at',
      't.symbol',
      't.side',
      't.multiple',
      't.lots as trader_lots',
      'o.open_price',
      'o.close_price',
      'o.margin',
      'o.fee',
      'o.profit',
      'o.status as position_status',
      'o.closed_at as position_closed_at',
    ])
    .where('c.follower_id', '=', userId);
  if (f.id !== undefined) q = q.where('c.id', '=', f.id);
  if (f.statuses) q = q.where('c.status', 'in', f.statuses);
  if (f.followId !== undefined) q = q.where('c.follow_id', '=', f.followId);
  if (f.limit) q = q.limit(f.limit).offset(((f.page ?? 1) - 1) * f.limit);
  const rows = await q.orderBy('c.id', 'desc').execute();
  return rows.map((r) => ({
    id: r.id,
    follow_id: r.follow_id,
    trader_user_id: r.trader_id,
    trader_nickname: r.nickname,
    trader_position_id: r.trader_position_id,
    transaction_id: r.follower_position_id,
    status: r.status,
    skip_reason: r.skip_reason as CopySkipReason | null,
    symbol: r.symbol,
    side: r.side,
    multiple: r.multiple,
    trader_lots: canon(r.trader_lots),
    lots: canonOrNull(r.lots),
    open_price: canonOrNull(r.open_price),
    close_price: canonOrNull(r.close_price),
    margin: canonOrNull(r.margin),
    fee: canonOrNull(r.fee),
    profit: r.position_status === 'closed' && r.profit !== null ? canon(r.profit) : null,
    created_at: r.created_at.getTime(),
    // the position's close when it has one, else when the copy ended (skipped, self-held)
    closed_at: epochMs(r.position_closed_at ?? r.closed_at),
  }));
}

/** GET /follow/historyTrade: current copies (open) or the history (closed, self-held, skipped). */
export async function copyHistory(
  db: Db,
  userId: number,
  q: { status: 'current' | 'history'; page: number; limit: number; followId?: number },
): Promise<CopyPage<CopyTrade>> {
  const statuses: CopyTrade['status'][] = q.status === 'current' ? ['open'] : ['closed', 'self_held', 'skipped'];
  let c = db
    .selectFrom('copy_trades')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('follower_id', '=', userId)
    .where('status', 'in', statuses);
  if (q.followId !== undefined) c = c.where('follow_id', '=', q.followId);
  const [list, count] = await Promise.all([
    copyRows(db, userId, { statuses, followId: q.followId, page: q.page, limit: q.limit }),
    c.executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return { list, page: q.page, limit: q.limit, total, has_more: q.page * q.limit < total };
}
