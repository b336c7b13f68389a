/**
 * Follows: a user follows an approved trader by a fixed multiple (type 1) or fixed lots (type 2),
 * having accepted the agreement. One live follow per (follower, trader): following again while
 * following changes its settings. Cancel stops future mirroring; copies already open keep
 * following the trader's close (or the follower self-holds them).
 */
import Decimal from 'decimal.js';
import { sql, type Kysely } from 'kysely';
import {
  COPY_LIMITS,
  COPY_TYPES,
  roundCopyMultiple,
  type CopyPage,
  type CopyType,
  type Follow,
} from '../../../../core';
import type { Database } from '../../../db/schema';
import { markCommitted, type IdempotencyScope } from '../../../db/idempotency-scope';
import { AppError } from '../../../errors';
import { inTransaction } from '../../../db/tx';

type Db = Kysely<Database>;
const DECIMAL = /^\d+(\.\d+)?$/;

/** The follow's number as stored: a multiple rounded per roundCopyMultiple, or the lots as given. */
export function checkFollowNumber(type: CopyType, raw: unknown): string {
  const s = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
  const multiple = type === COPY_TYPES.multiple;
  const max = multiple ? COPY_LIMITS.maxMultiple : COPY_LIMITS.maxLots;
  const bad = () => new AppError(multiple ? 'copy_multiple_invalid' : 'copy_lots_invalid', { max });
  if (!DECIMAL.test(s) || s.length > 30) throw bad();
  const d = new Decimal(s);
  if (d.lte(0) || d.gt(max) || d.decimalPlaces() > COPY_LIMITS.numberDecimals) throw bad();
  return multiple ? roundCopyMultiple(d.toFixed()) : d.toFixed();
}

export interface FollowInput {
  traderId: number;
  type: CopyType;
  number: unknown;
  agree: boolean;
}

/** `now` is the trading clock, so a follow's time and the positions' times compare (only positions opened after it are copied). */
export async function followTrader(
  db: Db,
  followerId: number,
  input: FollowInput,
  now: Date = new Date(),
  key?: IdempotencyScope,
): Promise<Follow> {
  if (input.traderId === followerId) throw new AppError('copy_follow_self');
  const trader = await db
    .selectFrom('copy_traders')
    .select('status')
    .where('user_id', '=', input.traderId)
    .executeTakeFirst();
  if (trader?.status !== 'approved') throw new AppError('copy_trader_not_found');
  const number = checkFollowNumber(input.type, input.number);
  if (!input.agree) throw new AppError('copy_agreement_required');
  const id = await inTransaction(
    db,
    async (trx) => {
      // ON CONFLICT on the partial unique index: a second tap or a settings change updates the live follow
      const row = await sql<{ id: number }>`
      INSERT INTO copy_follows (follower_id, trader_id, type, number, status, agreed_at, created_at)
      VALUES (${followerId}, ${input.traderId}, ${input.type}, ${number}, 'following', ${now}, ${now})
      ON CONFLICT (follower_id, trader_id) WHERE status = 'following'
      DO UPDATE SET type = EXCLUDED.type, number = EXCLUDED.number, agreed_at = EXCLUDED.agreed_at
      RETURNING id`.execute(trx);
      await markCommitted(trx, followerId, { type: 'copy_follow', id: row.rows[0].id });
      return row.rows[0].id;
    },
    { key },
  );
  return followById(db, followerId, id);
}

/**
 * Ends the caller's live follow of a trader. The family's clients name the trader (their
 * `follow_user_id` is the trader's user id); a user has at most one live follow of a trader
 * (copy_follows_live), so the trader names it. Only the caller's own follow can be reached.
 */
export async function cancelFollow(db: Db, userId: number, traderId: number, now: Date = new Date()): Promise<Follow> {
  const latest = await db
    .selectFrom('copy_follows')
    .select('id')
    .where('follower_id', '=', userId)
    .where('trader_id', '=', traderId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!latest) throw new AppError('copy_follow_not_found');
  const res = await db
    .updateTable('copy_follows')
    .set({ status: 'cancelled', cancelled_at: now })
    .where('id', '=', latest.id)
    .where('follower_id', '=', userId)
    .where('status', '=', 'following')
    .executeTakeFirst();
  if (res.numUpdatedRows !== 1n) throw new AppError('copy_follow_not_active');
  return followById(db, userId, latest.id);
}

export async function followById(db: Db, userId: number, id: number): Promise<Follow> {
  const [f] = await followsOf(db, userId, { id });
  if (!f) throw new AppError('copy_follow_not_found');
  return f;
}

/** The user's follows with their open copies and realised P&L. */
export async function followsOf(
  db: Db,
  userId: number,
  filter: { id?: number; traderIds?: number[]; status?: 'following' | 'cancelled'; page?: number; limit?: number } = {},
): Promise<Follow[]> {
  let q = db
    .selectFrom('copy_follows as f')
    .innerJoin('copy_traders as t', 't.user_id', 'f.trader_id')
    .select((eb) => [
      'f.id',
      'f.trader_id',
      't.nickname',
      'f.type',
      'f.number',
      'f.status',
      'f.created_at',
      'f.cancelled_at',
      eb
        .selectFrom('copy_trades as c')
        .whereRef('c.follow_id', '=', 'f.id')
        .where('c.status', '=', 'open')
        .select((e) => e.fn.countAll<string>().as('n'))
        .as('open_copies'),
      eb
        .selectFrom('copy_trades as c')
        .innerJoin('lever_orders as o', 'o.id', 'c.follower_position_id')
        .whereRef('c.follow_id', '=', 'f.id')
        .where('o.status', '=', 'closed')
        .select(sql<string>`coalesce(sum(o.profit), 0)::text`.as('p'))
        .as('total_profit'),
    ])
    .where('f.follower_id', '=', userId);
  if (filter.id !== undefined) q = q.where('f.id', '=', filter.id);
  if (filter.traderIds) q = q.where('f.trader_id', 'in', filter.traderIds);
  if (filter.status) q = q.where('f.status', '=', filter.status);
  if (filter.limit) q = q.limit(filter.limit).offset(((filter.page ?? 1) - 1) * filter.limit);
  const rows = await q.orderBy('f.status', 'desc').orderBy('f.id', 'desc').execute();
  return rows.map((r) => ({
    id: r.id,
    trader_user_id: r.trader_id,
    trader_nickname: r.nickname,
    type: r.type as CopyType,
    number: new Decimal(r.number).toFixed(),
    status: r.status,
    created_at: r.created_at.getTime(),
    cancelled_at: r.cancelled_at?.getTime() ?? null,
    open_copies: Number(r.open_copies ?? 0),
    total_profit: new Decimal(r.total_profit ?? 0).toFixed(),
  }));
}

/** GET /follow/myFollows: live follows first, then cancelled ones. */
export async function myFollows(
  db: Db,
  userId: number,
  page: number,
  limit: number,
  status?: 'following' | 'cancelled',
): Promise<CopyPage<Follow>> {
  let c = db
    .selectFrom('copy_follows')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('follower_id', '=', userId);
  if (status) c = c.where('status', '=', status);
  const [list, count] = await Promise.all([
    followsOf(db, userId, { status, page, limit }),
    c.executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return { list, page, limit, total, has_more: page * limit < total };
}
