/**
 * Approved traders as followers see them: the list with its figures (computed hourly by
 * trader-stats.ts from real closed positions) and one trader's page with open positions.
 */
import Decimal from 'decimal.js';
import type { Kysely, Selectable } from 'kysely';
import type { CopyPage, Follow, FollowState, Lang, TraderCard, TraderDetail, TraderPosition } from '../../../../core';
import type { Database } from '../../../db/schema';
import type { CopyTradersTable } from '../tables';
import { AppError } from '../../../errors';
import { followsOf } from './follows';
import { canon, canonOrNull } from '../../../kernel/decimal';
import { localised } from '../../../kernel/localised';
import { epochMs } from '../../../kernel/time';

type Db = Kysely<Database>;
type TraderRow = Selectable<CopyTradersTable>;

/** A trader as a card in the list (and on their own page), with the viewer's follow when there is one. */
export function cardOf(
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
    stats_at: epochMs(r.stats_at),
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

/** A position row as the trader's page shows it: the row's times as Dates, the answer's as epoch ms. */
function positionOf(
  r: Omit<TraderPosition, 'opened_at' | 'closed_at'> & { opened_at: Date | null; closed_at: Date | null },
): TraderPosition {
  return {
    id: r.id,
    symbol: r.symbol,
    side: r.side,
    lots: canon(r.lots),
    multiple: r.multiple,
    open_price: canonOrNull(r.open_price),
    close_price: canonOrNull(r.close_price),
    profit: canonOrNull(r.profit),
    opened_at: epochMs(r.opened_at),
    closed_at: epochMs(r.closed_at),
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
