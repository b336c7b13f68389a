/** The traders' figures, recomputed hourly from real closed positions (core traderPerformance). */
import Decimal from 'decimal.js';
import { sql, type Kysely } from 'kysely';
import { traderPerformance } from '../../../../core';
import type { Database } from '../../../db/schema';
import { inTransaction } from '../../../db/tx';
import { canon } from '../../../kernel/decimal';

type Db = Kysely<Database>;

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
