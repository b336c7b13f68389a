/**
 * Tick pruning: ticks past the retention window go, except the ones an order refers to
 * (the user's proof of its prices), the ones a pending seconds order may still need, and each
 * symbol's newest (the feed's resume point after a restart).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, registerAndLogin, type TestApp } from '../../../testing/app';
import { pruneTicks, TICK_RETENTION_MS } from './tick-prune';

let t: TestApp;
let userId: number;
const NOW = 10_000_000_000;
const OLD = NOW - TICK_RETENTION_MS - 60_000;
beforeAll(async () => {
  t = await createTestApp();
  await registerAndLogin(t.app, 'prune@example.com');
  userId = (
    await t.app.db.selectFrom('users').select('id').where('email', '=', 'prune@example.com').executeTakeFirstOrThrow()
  ).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const seqs = async (symbol: string) =>
  (
    await t.app.db
      .selectFrom('market_ticks')
      .select('seq')
      .where('symbol', '=', symbol)
      .where('seq', '>=', 1_000_000)
      .orderBy('seq')
      .execute()
  ).map((r) => Number(r.seq));

it('deletes old unreferenced ticks and keeps referenced ones, recent ones and each symbol newest', async () => {
  const S = 'ETH/USDT';
  const base = 1_000_000;
  const rows = Array.from({ length: 8 }, (_, i) => ({ symbol: S, seq: base + i, price: '3000', ts: OLD + i }));
  rows.push({ symbol: S, seq: base + 8, price: '3000', ts: NOW - 1000 }); // recent
  await t.app.db.deleteFrom('market_ticks').where('symbol', '=', S).execute();
  await t.app.db.insertInto('market_ticks').values(rows).execute();
  // an old settled seconds order (buy base+1, end base+2), a spot fill (base+3), a contract opened at base+4 and closed at base+5
  await sql`INSERT INTO seconds_orders (user_id, symbol, currency_id, type, seconds, number, profit_ratio, status, buy_price, buy_seq, buy_ts, end_price, end_seq, end_ts, expires_at)
            VALUES (${userId}, ${S}, 4, 'up', 30, 10, 0.15, 'settled', 3000, ${base + 1}, ${OLD + 1}, 3000, ${base + 2}, ${OLD + 2}, ${OLD + 30_000})`.execute(
    t.app.db,
  );
  const spot = await sql<{
    id: number;
  }>`INSERT INTO spot_orders (user_id, symbol, side, kind, status, amount, filled, fee_rate, target_price, fill_price, fill_seq)
            VALUES (${userId}, ${S}, 'buy', 'limit', 'filled', 1, 1, 0, 3000, 3000, 7) RETURNING id`.execute(t.app.db);
  // a resting order filled by a venue tick: its fill names that tick (fill_seq is the book's seq)
  await sql`INSERT INTO spot_fills (order_id, user_id, symbol, side, role, price, qty, total, fee, book_seq, tick_seq)
            VALUES (${spot.rows[0].id}, ${userId}, ${S}, 'buy', 'maker', 3000, 1, 3000, 0, 7, ${base + 3})`.execute(
    t.app.db,
  );
  await sql`INSERT INTO lever_orders (user_id, symbol, side, price_type, status, lots, lot_size, multiple, open_price, open_seq, close_price, close_seq, margin, fee)
            VALUES (${userId}, ${S}, 'long', 'market', 'closed', 1, 0.01, 10, 3000, ${base + 4}, 3000, ${base + 5}, 3, 0)`.execute(
    t.app.db,
  );

  const deleted = await pruneTicks(t.app.db, NOW);
  expect(deleted).toBe(3); // base+0, base+6, base+7
  expect(await seqs(S)).toEqual([base + 1, base + 2, base + 3, base + 4, base + 5, base + 8]);

  // With nothing recent, the newest old tick stays: the feed resumes after it.
  await t.app.db
    .deleteFrom('market_ticks')
    .where('seq', '=', base + 8)
    .execute();
  await t.app.db.deleteFrom('lever_orders').execute();
  await pruneTicks(t.app.db, NOW);
  expect(await seqs(S)).toEqual([base + 1, base + 2, base + 3, base + 5]);
});

it('keeps the tick a dual order settled at, for as long as the order is kept', async () => {
  const S = 'BTC/USDT';
  const base = 2_000_000;
  await t.app.db
    .insertInto('market_ticks')
    .values([0, 1, 2].map((i) => ({ symbol: S, seq: base + i, price: '60000', ts: OLD + i })))
    .execute();
  const product = await t.app.db.selectFrom('dual_products').select('id').executeTakeFirstOrThrow();
  await sql`INSERT INTO dual_orders (user_id, product_id, type, currency_id, quote_id, invest_currency_id, num, per_price, amount, apr, linked_price, days, status, maturity_at, settle_price, settle_symbol, settle_seq, settle_ts)
            VALUES (${userId}, ${product.id}, 'call', 1, 4, 1, 1, 0.001, 0.001, 0.365, 61000, 1, 'success', ${new Date(OLD + 1)}, 60000, ${S}, ${base + 1}, ${OLD + 1})`.execute(
    t.app.db,
  );
  await pruneTicks(t.app.db, NOW);
  const left = (
    await t.app.db
      .selectFrom('market_ticks')
      .select('seq')
      .where('symbol', '=', S)
      .where('seq', '>=', base)
      .where('seq', '<', base + 3)
      .orderBy('seq')
      .execute()
  ).map((r) => Number(r.seq));
  // base+1 settled the order; base+2 is the newest (the resume point) unless newer ticks exist
  expect(left).toContain(base + 1);
  expect(left).not.toContain(base);
});
