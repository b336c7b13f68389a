/**
 * Traders: a user applies (nickname + introduction), an operator approves or rejects in the back
 * office (logged with a reason by the caller), and approved traders are listed with figures the
 * hourly job computes from real closed positions (recomputeTraderStats).
 */
import Decimal from 'decimal.js';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  traderPerformance,
  type AdminTraderItem,
  type CopyPage,
  type Follow,
  type FollowState,
  type Lang,
  type MyTraderState,
  type TraderCard,
  type TraderDetail,
  type TraderPosition,
  type TraderStatus,
} from '../../../../core';
import type { Database } from '../../../db/schema';
import type { CopyTradersTable } from '../tables';
import { AppError } from '../../../errors';
import { addNotice } from '../../../db/notices';
import { followsOf } from './follows';
import { inTransaction } from '../../../db/tx';
import { canon } from '../../../kernel/decimal';
import { localised } from '../../../kernel/localised';

type Db = Kysely<Database>;
type TraderRow = Selectable<CopyTradersTable>;

const ms = (d: Date | null): number | null => (d ? d.getTime() : null);
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
    reviewed_at: ms(row.reviewed_at),
    card: row.status === 'approved' ? cardOf(row, null) : null,
  };
}

function cardOf(
  r: TraderRow,
  mine: { state: FollowState; follow: Follow | null } | null,
  lang: Lang = 'en',
): TraderCard {
  return {
    trader_user_id: r.user_id,
    nickname: r.nickname,
    avatar: null,
    introduction: localised(r.introduction, r.introductions, lang),
    demo: r.demo,
    total_profit: canon(r.total_profit),
    accuracy: new Decimal(r.accuracy).toFixed(2),
    follow_amount: canon(r.follow_amount),
    multiple: r.multiple,
    follower_count: r.follower_count,
    closed_count: r.closed_count,
    win_count: r.win_count,
    roi: new Decimal(r.roi).toFixed(2),
    pnl_curve: r.pnl_curve,
    stats_at: ms(r.stats_at),
    my_state: mine?.state ?? 'none',
    my_follow: mine?.follow ?? null,
  };
}

/** The viewer's follow of each trader: the live one, else the latest cancelled one. */
async function viewerFollows(
  db: Db,
  viewerId: number,
  traderIds: number[],
): Promise<Map<number, { state: FollowState; follow: Follow }>> {
  const out = new Map<number, { state: FollowState; follow: Follow }>();
  if (!viewerId || !traderIds.length) return out;
  const follows = await followsOf(db, viewerId, { traderIds });
  for (const f of follows) {
    const prev = out.get(f.trader_user_id);
    if (!prev || (prev.state === 'cancelled' && (f.status === 'following' || f.id > prev.follow.id)))
      out.set(f.trader_user_id, { state: f.status, follow: f });
  }
  return out;
}

async function approvedTrader(db: Db, traderId: number): Promise<TraderRow> {
  const row = await db
    .selectFrom('copy_traders')
    .selectAll()
    .where('user_id', '=', traderId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  if (!row) throw new AppError('copy_trader_not_found');
  return row;
}

/** GET /follow/index: approved traders, best total profit first. */
export async function listTraders(
  db: Db,
  viewerId: number,
  page: number,
  limit: number,
  lang: Lang = 'en',
): Promise<CopyPage<TraderCard>> {
  const base = db.selectFrom('copy_traders').where('status', '=', 'approved');
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('total_profit', 'desc')
      .orderBy('follower_count', 'desc')
      .orderBy('user_id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const mine = await viewerFollows(
    db,
    viewerId,
    rows.map((r) => r.user_id),
  );
  const total = Number(count.n);
  return {
    list: rows.map((r) => cardOf(r, mine.get(r.user_id) ?? null, lang)),
    page,
    limit,
    total,
    has_more: page * limit < total,
  };
}

function positionOf(r: {
  id: number;
  symbol: string;
  side: 'long' | 'short';
  lots: string;
  multiple: number;
  open_price: string | null;
  close_price: string | null;
  profit: string | null;
  opened_at: Date | null;
  closed_at: Date | null;
}): TraderPosition {
  return {
    id: r.id,
    symbol: r.symbol,
    side: r.side,
    lots: canon(r.lots),
    multiple: r.multiple,
    open_price: r.open_price === null ? null : canon(r.open_price),
    close_price: r.close_price === null ? null : canon(r.close_price),
    profit: r.profit === null ? null : canon(r.profit),
    opened_at: ms(r.opened_at),
    closed_at: ms(r.closed_at),
  };
}

/** The trader's own positions: not mirrors of someone else's (copied now or once). */
function ownPositions(db: Db, traderId: number) {
  return db
    .selectFrom('lever_orders as o')
    .select([
      'o.id',
      'o.symbol',
      'o.side',
      'o.lots',
      'o.multiple',
      'o.open_price',
      'o.close_price',
      'o.profit',
      'o.opened_at',
      'o.closed_at',
    ])
    .where('o.user_id', '=', traderId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('copy_trades as c').select('c.id').whereRef('c.follower_position_id', '=', 'o.id'))),
    );
}

/** GET /follow/traderDetail: the card, positions open now and the latest closes. */
export async function traderDetail(
  db: Db,
  viewerId: number,
  traderId: number,
  lang: Lang = 'en',
): Promise<TraderDetail> {
  const row = await approvedTrader(db, traderId);
  const [mine, open, closed] = await Promise.all([
    viewerFollows(db, viewerId, [traderId]),
    ownPositions(db, traderId).where('o.status', '=', 'position').orderBy('o.id', 'desc').limit(20).execute(),
    ownPositions(db, traderId)
      .where('o.status', '=', 'closed')
      .orderBy('o.closed_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(10)
      .execute(),
  ]);
  return {
    ...cardOf(row, mine.get(traderId) ?? null, lang),
    open_positions: open.map(positionOf),
    recent_closed: closed.map(positionOf),
  };
}

/**
 * The hourly figures of every approved trader, from real closed positions (spec §9 "refreshed
 * hourly"): total profit = Σ realised P&L of the trader's own closed positions; accuracy = winning
 * (P&L > 0) closed / all closed, percent, 2 decimals rounded down; multiple = the leverage used
 * most often (ties → the higher); follow amount = Σ margin of every mirror followers opened;
 * follower count = live follows. Returns how many traders were updated.
 */
export async function recomputeTraderStats(db: Db, now: Date = new Date()): Promise<number> {
  const traders = await db.selectFrom('copy_traders').select('user_id').where('status', '=', 'approved').execute();
  if (!traders.length) return 0;
  const ids = traders.map((t) => t.user_id);
  const own = sql`NOT EXISTS (SELECT 1 FROM copy_trades c WHERE c.follower_position_id = o.id)`;
  const [closed, modes, amounts, followers, days] = await Promise.all([
    sql<{ user_id: number; total: string; n: number; wins: number }>`
      SELECT o.user_id, coalesce(sum(o.profit), 0)::text AS total, count(*)::int AS n, count(*) FILTER (WHERE o.profit > 0)::int AS wins
      FROM lever_orders o WHERE o.status = 'closed' AND o.user_id IN (${sql.join(ids)}) AND ${own} GROUP BY o.user_id`.execute(
      db,
    ),
    sql<{ user_id: number; multiple: number }>`
      SELECT DISTINCT ON (user_id) user_id, multiple FROM (
        SELECT o.user_id, o.multiple, count(*) AS n FROM lever_orders o
        WHERE o.status = 'closed' AND o.user_id IN (${sql.join(ids)}) AND ${own} GROUP BY o.user_id, o.multiple) m
      ORDER BY user_id, n DESC, multiple DESC`.execute(db),
    sql<{ trader_id: number; amount: string }>`
      SELECT c.trader_id, coalesce(sum(o.margin), 0)::text AS amount FROM copy_trades c JOIN lever_orders o ON o.id = c.follower_position_id
      WHERE c.trader_id IN (${sql.join(ids)}) GROUP BY c.trader_id`.execute(db),
    sql<{ trader_id: number; n: number }>`
      SELECT trader_id, count(*)::int AS n FROM copy_follows WHERE status = 'following' AND trader_id IN (${sql.join(ids)}) GROUP BY trader_id`.execute(
      db,
    ),
    // per trader and UTC day: the sums traderPerformance needs (each of its figures is a sum)
    sql<{ user_id: number; day: string; profit: string; fee: string; overnight: string; margin: string }>`
      SELECT o.user_id, (extract(epoch FROM date_trunc('day', o.closed_at AT TIME ZONE 'UTC')) * 1000)::bigint::text AS day,
        coalesce(sum(o.profit), 0)::text AS profit, sum(o.fee)::text AS fee, sum(o.overnight_fee)::text AS overnight, sum(o.margin)::text AS margin
      FROM lever_orders o WHERE o.status = 'closed' AND o.user_id IN (${sql.join(ids)}) AND ${own} GROUP BY 1, 2 ORDER BY 1, 2`.execute(
      db,
    ),
  ]);
  const perf = new Map<
    number,
    { closedAt: number; profit: string; openingFee: string; overnightFees: string; margin: string }[]
  >();
  for (const d of days.rows) {
    const list = perf.get(d.user_id) ?? [];
    list.push({
      closedAt: Number(d.day),
      profit: d.profit,
      openingFee: d.fee,
      overnightFees: d.overnight,
      margin: d.margin,
    });
    perf.set(d.user_id, list);
  }
  const by = <T extends object, K extends keyof T>(rows: T[], key: K) =>
    new Map(rows.map((r) => [r[key] as unknown as number, r]));
  const c = by(closed.rows, 'user_id');
  const m = by(modes.rows, 'user_id');
  const a = by(amounts.rows, 'trader_id');
  const f = by(followers.rows, 'trader_id');
  await inTransaction(db, async (trx) => {
    for (const id of ids) {
      const cl = c.get(id);
      const n = cl?.n ?? 0;
      const wins = cl?.wins ?? 0;
      const p = traderPerformance(perf.get(id) ?? [], now.getTime());
      await trx
        .updateTable('copy_traders')
        .set({
          total_profit: canon(cl?.total),
          closed_count: n,
          win_count: wins,
          accuracy: n ? new Decimal(wins).div(n).times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed() : '0',
          multiple: m.get(id)?.multiple ?? 0,
          follow_amount: canon(a.get(id)?.amount),
          follower_count: f.get(id)?.n ?? 0,
          roi: p.roi,
          pnl_curve: JSON.stringify(p.curve),
          stats_at: now,
        })
        .where('user_id', '=', id)
        .execute();
    }
  });
  return ids.length;
}

// ───────────────────────────── back office ─────────────────────────────

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
    reviewed_at: ms(r.reviewed_at),
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
