/**
 * Mirroring: when a trader's own contract position opens, every live follow gets a copy in the
 * follower's lever account — through the lever engine's submitLever (margin frozen and fee charged
 * by the ledger, market price, the trader's leverage), each follower in their own transaction,
 * which also writes the copy_trades row. (follow_id, trader_position_id) is unique, so a repeated
 * event, a sweep and a second process can never open a copy twice. When the balance cannot cover
 * margin + fee (or the sized lots are out of range, or the market has no price) the copy is
 * recorded as skipped and the follower gets a notice. When the trader's position closes, the
 * copies still open close at market; a copy is claimed (status open → closed) before its close so
 * a concurrent self-hold either wins entirely or is refused.
 */
import { sql, type Kysely } from 'kysely';
import {
  ExactDecimal,
  openingFee,
  positionMargin,
  type CopyNotice,
  type CopyPage,
  type CopySkipReason,
  type CopyTrade,
  type CopyType,
} from '../../../../core';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors';
import { translate, type MessageKey } from '../../../i18n/messages';
import { addNotice } from '../../../db/notices';
import {
  accountView,
  closePosition,
  submitLever,
  type LeverRow,
  type PairSettings,
  type TradeContext,
} from '../../trade/domain';
import { followerLots } from './sizing';
import { inTransaction, isUniqueViolation } from '../../../db/tx';
import { canon, shownMoney } from '../../../kernel/decimal';

type Db = Kysely<Database>;

function copyNotice(kind: CopyNotice['kind'], key: MessageKey, params: Record<string, string>, id: number): CopyNotice {
  return { kind, key, params, text: translate(key, 'en', params), ref: { type: 'copy', id } };
}

const SKIP_BY_ERROR: Record<string, CopySkipReason> = {
  insufficient_balance: 'insufficient_balance',
  trade_market_closed: 'market_closed',
  trade_no_price: 'no_price',
};

async function traderName(db: Db, traderId: number): Promise<string> {
  const t = await db.selectFrom('copy_traders').select('nickname').where('user_id', '=', traderId).executeTakeFirst();
  return t?.nickname ?? `#${traderId}`;
}

/** Records a skipped copy once (the unique key keeps it once) and tells the follower. */
async function skip(
  ctx: TradeContext,
  f: { id: number; follower_id: number; trader_id: number },
  pos: LeverRow,
  reason: CopySkipReason,
  params: Record<string, string>,
): Promise<void> {
  const row = await ctx.db
    .insertInto('copy_trades')
    .values({
      follow_id: f.id,
      follower_id: f.follower_id,
      trader_id: f.trader_id,
      trader_position_id: pos.id,
      status: 'skipped',
      skip_reason: reason,
      lots: params.lots ?? null,
    })
    .onConflict((oc) => oc.columns(['follow_id', 'trader_position_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return;
  const base = { trader: await traderName(ctx.db, f.trader_id), symbol: pos.symbol };
  const body: MessageKey =
    reason === 'insufficient_balance'
      ? 'notice_copy_skipped_balance'
      : reason === 'lots_too_small' || reason === 'lots_too_large'
        ? 'notice_copy_skipped_lots'
        : 'notice_copy_skipped_other';
  const p = { ...base, ...params, why: params.why ?? reason };
  await addNotice(ctx.db, {
    userId: f.follower_id,
    kind: 'copytrade',
    title: 'notice_copy_skipped_title',
    body,
    params: p,
  });
  ctx.market.emitToUser(f.follower_id, 'notice', copyNotice('copy_skipped', body, p, row.id));
}

/** Mirrors one trader position for every live follow that does not have it yet. Returns copies opened. */
export async function mirrorOpened(ctx: TradeContext, pos: LeverRow): Promise<number> {
  if (pos.copied || pos.status !== 'position' || !pos.opened_at) return 0;
  // a self-held copy is the follower's own now, but it is not mirrored onwards (no copy chains)
  const wasCopy = await ctx.db
    .selectFrom('copy_trades')
    .select('id')
    .where('follower_position_id', '=', pos.id)
    .executeTakeFirst();
  if (wasCopy) return 0;
  const follows = await followsWithoutCopy(ctx.db, pos, pos.opened_at);
  const pair = ctx.settings.get(pos.symbol);
  if (!pair) return 0;
  let opened = 0;
  for (const f of follows) if (await mirrorOne(ctx, pos, pair, f)) opened++;
  return opened;
}

/** The trader's follows made by the position's opening that have no copy (opened or skipped) of it. */
async function followsWithoutCopy(db: Db, pos: LeverRow, openedAt: Date) {
  return db
    .selectFrom('copy_follows as f')
    .select(['f.id', 'f.follower_id', 'f.trader_id', 'f.type', 'f.number'])
    .where('f.trader_id', '=', pos.user_id)
    .where('f.status', '=', 'following')
    .where('f.created_at', '<=', openedAt)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('copy_trades as c')
            .select('c.id')
            .whereRef('c.follow_id', '=', 'f.id')
            .where('c.trader_position_id', '=', pos.id),
        ),
      ),
    )
    .orderBy('f.id')
    .execute();
}

type LiveFollow = Awaited<ReturnType<typeof followsWithoutCopy>>[number];

/**
 * One follower's copy, in its own transaction (submitLever's, which also writes the copy row), and
 * the follower told; a copy that cannot open is recorded as skipped. True when a copy opened.
 */
async function mirrorOne(ctx: TradeContext, pos: LeverRow, pair: PairSettings, f: LiveFollow): Promise<boolean> {
  const sized = followerLots(f.type as CopyType, canon(f.number), canon(pos.lots), pair);
  if (!sized.ok) {
    await skip(ctx, f, pos, sized.reason, { lots: sized.lots, min: pair.minLots, max: pair.maxLots });
    return false;
  }
  let copyId = 0;
  try {
    const mirror = await submitLever(ctx, f.follower_id, {
      symbol: pos.symbol,
      side: pos.side,
      priceType: 'market',
      targetPrice: null,
      lots: sized.lots,
      multiple: pos.multiple,
      tp: null,
      sl: null,
      mirror: {
        record: async (trx, row) => {
          const c = await trx
            .insertInto('copy_trades')
            .values({
              follow_id: f.id,
              follower_id: f.follower_id,
              trader_id: f.trader_id,
              trader_position_id: pos.id,
              follower_position_id: row.id,
              status: 'open',
              lots: sized.lots,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          copyId = c.id;
        },
      },
    });
    const p = {
      trader: await traderName(ctx.db, f.trader_id),
      side: pos.side,
      symbol: mirror.symbol,
      lots: mirror.share,
      price: mirror.price ?? '',
    };
    ctx.market.emitToUser(f.follower_id, 'notice', copyNotice('copy_opened', 'notice_copy_opened', p, copyId));
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false; // another run copied it first
    if (!(err instanceof AppError)) throw err;
    await skipRefused(ctx, pos, pair, f, sized.lots, err);
    return false;
  }
}

/** The lever engine refused the copy: a skipped copy with what it would have needed (margin + fee at the last price). */
async function skipRefused(
  ctx: TradeContext,
  pos: LeverRow,
  pair: PairSettings,
  f: LiveFollow,
  lots: string,
  err: AppError,
): Promise<void> {
  const reason = SKIP_BY_ERROR[err.key] ?? 'error';
  const price = ctx.market.lastPrice(pos.symbol)?.price ?? canon(pos.open_price ?? '0');
  const contract = {
    side: pos.side,
    lots,
    lotSize: pair.lotSize,
    multiple: String(pos.multiple),
    openPrice: price,
  };
  const need = new ExactDecimal(positionMargin(contract)).plus(openingFee(contract, pair.leverFeeRate)).toFixed();
  await skip(ctx, f, pos, reason, { lots, need, why: translate(err.key, 'en', err.params) });
}

/**
 * The trader's position closed: each copy still open closes at market. A copy the follower
 * already closed by hand (or was liquidated) is just marked closed.
 */
export async function mirrorClosed(ctx: TradeContext, traderPositionId: number): Promise<number> {
  const copies = await ctx.db
    .selectFrom('copy_trades')
    .select(['id', 'follower_id', 'follower_position_id', 'trader_id'])
    .where('trader_position_id', '=', traderPositionId)
    .where('status', '=', 'open')
    .orderBy('id')
    .execute();
  let closed = 0;
  for (const c of copies) {
    const claimed = await ctx.db
      .updateTable('copy_trades')
      .set({ status: 'closed', closed_at: new Date(ctx.now()) })
      .where('id', '=', c.id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (claimed.numUpdatedRows !== 1n || c.follower_position_id === null) continue;
    let row: LeverRow | null;
    try {
      row = await closePosition(ctx, c.follower_id, c.follower_position_id, 'copy');
    } catch (err) {
      // no price right now: give the claim back so the sweep retries
      await ctx.db.updateTable('copy_trades').set({ status: 'open', closed_at: null }).where('id', '=', c.id).execute();
      throw err;
    }
    if (!row) continue;
    closed++;
    const p = {
      trader: await traderName(ctx.db, c.trader_id),
      symbol: row.symbol,
      profit: shownMoney(row.profit, row.symbol.split('/')[1] ?? 'USDT'),
    };
    ctx.market.emitToUser(c.follower_id, 'notice', copyNotice('copy_closed', 'notice_copy_closed', p, c.id));
  }
  return closed;
}

/** A follower's mirror closed by itself (by hand, TP/SL, a forced close): its copy is no longer open. */
export async function followerPositionClosed(ctx: TradeContext, positionId: number): Promise<void> {
  await ctx.db
    .updateTable('copy_trades')
    .set({ status: 'closed', closed_at: new Date(ctx.now()) })
    .where('follower_position_id', '=', positionId)
    .where('status', '=', 'open')
    .execute();
}

/** POST /follow/selfHolding: the copy becomes the follower's own position (no longer follows the trader's close). */
export async function selfHold(ctx: TradeContext, userId: number, positionId: number): Promise<CopyTrade> {
  const own = await ctx.db
    .selectFrom('lever_orders')
    .select(['user_id'])
    .where('id', '=', positionId)
    .executeTakeFirst();
  if (!own || own.user_id !== userId) throw new AppError('copy_position_not_found');
  const copyId = await inTransaction(ctx.db, async (trx) => {
    const c = await trx
      .updateTable('copy_trades')
      .set({ status: 'self_held', closed_at: new Date(ctx.now()) })
      .where('follower_position_id', '=', positionId)
      .where('follower_id', '=', userId)
      .where('status', '=', 'open')
      .returning('id')
      .executeTakeFirst();
    if (!c) throw new AppError('copy_not_copied');
    const r = await trx
      .updateTable('lever_orders')
      .set({ copied: false })
      .where('id', '=', positionId)
      .where('status', '=', 'position')
      .where('copied', '=', true)
      .executeTakeFirst();
    if (r.numUpdatedRows !== 1n) throw new AppError('copy_not_copied');
    return c.id;
  });
  const view = await accountView(ctx, userId);
  const row = await ctx.db
    .selectFrom('lever_orders')
    .selectAll()
    .where('id', '=', positionId)
    .executeTakeFirstOrThrow();
  ctx.market.emitToUser(userId, 'position', view.present(row));
  const [copy] = await copyRows(ctx.db, userId, { id: copyId });
  return copy;
}

async function copyRows(
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
    lots: r.lots === null ? null : canon(r.lots),
    open_price: r.open_price === null ? null : canon(r.open_price),
    close_price: r.close_price === null ? null : canon(r.close_price),
    margin: r.margin === null ? null : canon(r.margin),
    fee: r.fee === null ? null : canon(r.fee),
    profit: r.position_status === 'closed' && r.profit !== null ? canon(r.profit) : null,
    created_at: r.created_at.getTime(),
    closed_at: r.position_closed_at?.getTime() ?? r.closed_at?.getTime() ?? null,
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

/**
 * The backstop sweep (every few seconds, and at start): copies whose trader position has closed
 * are closed; copies whose own position has closed are marked; trader positions opened in the
 * last `window` ms that a live follow has no copy of are mirrored (events missed by a crash).
 */
export async function reconcile(ctx: TradeContext, windowMs = 30_000): Promise<void> {
  const stale = await ctx.db
    .selectFrom('copy_trades as c')
    .innerJoin('lever_orders as t', 't.id', 'c.trader_position_id')
    .select('c.trader_position_id')
    .distinct()
    .where('c.status', '=', 'open')
    .where('t.status', '=', 'closed')
    .execute();
  for (const s of stale) await mirrorClosed(ctx, s.trader_position_id);
  const gone = await ctx.db
    .selectFrom('copy_trades as c')
    .innerJoin('lever_orders as o', 'o.id', 'c.follower_position_id')
    .select('o.id')
    .where('c.status', '=', 'open')
    .where('o.status', '=', 'closed')
    .execute();
  for (const g of gone) await followerPositionClosed(ctx, g.id);
  const since = new Date(ctx.now() - windowMs);
  const missed = await sql<{ id: number }>`
    SELECT o.id FROM lever_orders o
    WHERE o.status = 'position' AND o.copied = false AND o.opened_at >= ${since}
      AND NOT EXISTS (SELECT 1 FROM copy_trades w WHERE w.follower_position_id = o.id)
      AND EXISTS (SELECT 1 FROM copy_follows f WHERE f.trader_id = o.user_id AND f.status = 'following' AND f.created_at <= o.opened_at
                  AND NOT EXISTS (SELECT 1 FROM copy_trades c WHERE c.follow_id = f.id AND c.trader_position_id = o.id))`.execute(
    ctx.db,
  );
  for (const m of missed.rows) {
    const p = await ctx.db.selectFrom('lever_orders').selectAll().where('id', '=', m.id).executeTakeFirst();
    if (p) await mirrorOpened(ctx, p);
  }
}
