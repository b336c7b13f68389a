/**
 * The recorded ticks a round uses: the newest DURABLE tick (market_ticks) at or before an instant,
 * and no older than TICK_STALE_MS. Only durable ticks count, as for seconds options: a tick that
 * was only in memory when the process died never happened as far as outcomes go.
 */
import { sql } from 'kysely';
import type { GameTick } from '../../../../core';
import type { Db } from '../../../db/schema';
import { canon } from '../../../kernel/decimal';
import { TICK_STALE_MS } from './rules';

export async function tickAtOrBefore(db: Db, symbol: string, instantMs: number): Promise<GameTick | null> {
  const r = await sql<{ seq: string; price: string; ts: string }>`
    SELECT seq, price, ts FROM market_ticks
    WHERE symbol = ${symbol} AND ts <= ${instantMs}::bigint AND ts > ${instantMs - TICK_STALE_MS}::bigint
    ORDER BY ts DESC, seq DESC LIMIT 1`.execute(db);
  const t = r.rows[0];
  return t ? { price: canon(t.price), seq: Number(t.seq), ts: Number(t.ts) } : null;
}

/** The stored tick by its seq (the verify screen and the checker read the round's ticks back). */
export async function tickBySeq(db: Db, symbol: string, seq: string | number | null): Promise<GameTick | null> {
  if (seq === null) return null;
  const t = await db
    .selectFrom('market_ticks')
    .select(['seq', 'price', 'ts'])
    .where('symbol', '=', symbol)
    .where('seq', '=', Number(seq))
    .executeTakeFirst();
  return t ? { price: canon(t.price), seq: Number(t.seq), ts: Number(t.ts) } : null;
}
