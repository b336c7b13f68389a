/**
 * The durable tick record (market_ticks) from the trading side: a tick that decides something is
 * written in the deciding transaction (so what an order says about its ticks is always on record,
 * and the feed never reuses that seq after a crash), and a restart reads outcomes from it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { TickRef } from './books';
import type { Trx } from './context';
import { canon } from '../../../kernel/decimal';

export async function recordTick(trx: Trx, symbol: string, t: TickRef): Promise<void> {
  if (t.seq <= 0) return; // a price from candles (no tick yet since the very first start): nothing to record
  await trx
    .insertInto('market_ticks')
    .values({ symbol, seq: t.seq, price: t.price, ts: t.ts })
    .onConflict((oc) => oc.columns(['symbol', 'seq']).doNothing())
    .execute();
}

/** The newest durable tick of `symbol` with seq after `afterSeq` and time at or before `atOrBefore`. */
export async function lastDurableTick(
  db: Kysely<Database>,
  symbol: string,
  afterSeq: number,
  atOrBefore: number,
): Promise<TickRef | null> {
  const r = await db
    .selectFrom('market_ticks')
    .select(['seq', 'price', 'ts'])
    .where('symbol', '=', symbol)
    .where('seq', '>', afterSeq)
    .where('ts', '<=', atOrBefore)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r ? { seq: Number(r.seq), price: canon(r.price), ts: Number(r.ts) } : null;
}
