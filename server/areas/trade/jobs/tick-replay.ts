/**
 * Restart replay: a level crossed by a durable tick just before a crash was seen by the
 * watcher but its fill / close may never have committed. At start, before live ticks are watched,
 * each resting spot limit order (through the matching engine: matching/replay.ts), entrusted contract entry and TP/SL position is checked against
 * the durable ticks after its watch_seq (ticks older than its current form never count): the
 * first crossing tick decides it, at that tick, exactly as the live watcher would have. Entries
 * go first (an entry filled at tick n may then hit its stop after n); then every account with
 * open positions gets its forced-close check at the last durable prices (the feed's resume point).
 * Each action re-checks its row's status in its transaction, so nothing fills or closes twice.
 */
import { sql } from 'kysely';
import type { LeverCloseReason } from '../../../../core';
import { closePosition, fillEntrusted, liquidateIfDue, type TickRef, type TradeContext } from '../domain';
import { replaySpotCross } from '../domain/matching/replay';
import { canon } from '../../../kernel/decimal';

interface Hit {
  id: number;
  userId: number;
  symbol: string;
  seq: string | number;
  price: string;
  ts: string | number;
}

const tickOf = (h: Hit): TickRef => ({ seq: Number(h.seq), price: canon(h.price), ts: Number(h.ts) });

/** The first durable tick after o.watch_seq that satisfies `cond` (SQL over o and t), per open row. */
function firstCrossing(
  table: 'spot_orders' | 'lever_orders',
  statuses: readonly string[],
  cond: ReturnType<typeof sql>,
  extra = sql``,
) {
  return sql<Hit & { reason?: LeverCloseReason }>`
    SELECT o.id, o.user_id AS "userId", o.symbol, t.seq, t.price::text AS price, t.ts ${extra}
    FROM ${sql.table(table)} o
    JOIN LATERAL (
      SELECT seq, price, ts FROM market_ticks t
      WHERE t.symbol = o.symbol AND t.seq > o.watch_seq AND (${cond})
      ORDER BY t.seq LIMIT 1
    ) t ON true
    WHERE o.status IN (${sql.join(statuses)}) AND o.watch_seq IS NOT NULL
    ORDER BY t.seq`;
}

const SPOT = sql`(o.side = 'buy' AND t.price <= o.target_price) OR (o.side = 'sell' AND t.price >= o.target_price)`;
const ENTRY = sql`(o.side = 'long' AND t.price <= o.target_price) OR (o.side = 'short' AND t.price >= o.target_price)`;
const TP = sql`(o.side = 'long' AND t.price >= o.target_profit_price) OR (o.side = 'short' AND t.price <= o.target_profit_price)`;
const SL = sql`(o.side = 'long' AND t.price <= o.stop_loss_price) OR (o.side = 'short' AND t.price >= o.stop_loss_price)`;

export async function replayDurableTicks(
  ctx: TradeContext,
): Promise<{ filled: number; closed: number; liquidated: number }> {
  let filled = 0;
  let closed = 0;
  for (const h of (await firstCrossing('spot_orders', ['open', 'partially_filled'], SPOT).execute(ctx.db)).rows)
    if (await replaySpotCross(ctx, h, tickOf(h))) filled++;
  for (const h of (await firstCrossing('lever_orders', ['entrusted'], ENTRY).execute(ctx.db)).rows)
    if (await fillEntrusted(ctx, h, tickOf(h))) filled++;
  // a tick that crosses both levels (a gap) closes as the live watcher does: take-profit first
  const stops = firstCrossing(
    'lever_orders',
    ['position'],
    sql`${TP} OR ${SL}`,
    sql`, CASE WHEN ${TP} THEN 'take_profit' ELSE 'stop_loss' END AS reason`,
  );
  for (const h of (await stops.execute(ctx.db)).rows)
    if (await closePosition(ctx, h.userId, h.id, h.reason ?? 'stop_loss', tickOf(h))) closed++;
  let liquidated = 0;
  for (const userId of ctx.books.lever.users()) liquidated += (await liquidateIfDue(ctx, userId)).length;
  return { filled, closed, liquidated };
}
