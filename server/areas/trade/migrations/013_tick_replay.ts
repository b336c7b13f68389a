import { sql, type Kysely } from 'kysely';

/**
 * Crash safety, part 2: spot limit orders, entrusted contract entries and positions
 * (TP/SL) remember `watch_seq`, the feed's seq when they started being watched in their current
 * form (placement, opening, the last stops change). After a restart, the first durable tick after
 * it that crosses their level decides them (jobs/tick-replay.ts), never an older one. The ticks
 * that filled or closed them are kept by the pruner (indexes below), like seconds orders': a spot
 * maker fill names the venue tick that crossed it (spot_fills.tick_seq; its fill_seq is the
 * matching engine's book seq, migration 012).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: ReturnType<typeof sql>) => q.execute(db);
  await run(sql`ALTER TABLE spot_orders ADD COLUMN watch_seq BIGINT`);
  await run(sql`ALTER TABLE lever_orders ADD COLUMN watch_seq BIGINT`);
  await run(sql`ALTER TABLE spot_fills ADD COLUMN tick_seq BIGINT`);
  await run(sql`CREATE INDEX spot_fills_tick ON spot_fills (symbol, tick_seq)`);
  await run(sql`CREATE INDEX lever_orders_open_tick ON lever_orders (symbol, open_seq)`);
  await run(sql`CREATE INDEX lever_orders_close_tick ON lever_orders (symbol, close_seq)`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS lever_orders_close_tick`.execute(db);
  await sql`DROP INDEX IF EXISTS lever_orders_open_tick`.execute(db);
  await sql`DROP INDEX IF EXISTS spot_fills_tick`.execute(db);
  await sql`ALTER TABLE spot_fills DROP COLUMN IF EXISTS tick_seq`.execute(db);
  await sql`ALTER TABLE lever_orders DROP COLUMN IF EXISTS watch_seq`.execute(db);
  await sql`ALTER TABLE spot_orders DROP COLUMN IF EXISTS watch_seq`.execute(db);
}
