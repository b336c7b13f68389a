/**
 * Spot orders raced through the route: the orders a symbol's queue takes together are one engine
 * step, and the steps share a statement of the group commit (spot-commit.ts, migration 054). What a
 * user would notice: no 5xx, a balance that never goes below zero, one Idempotency-Key placing one
 * order, and in a crossing burst each fill applied once and no money made or lost between users.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES, ExactDecimal, type SpotOrder } from '../../../../core';
import { envelope, post } from '../../../testing/app';
import { createKit, type Kit } from '../../../testing/trade-kit';
import { journalSound, oks, quickUsers, race } from '../../../testing/race-kit';
import { mulberry32 } from '../../../market/feed/prng';
import { buyFrozen } from './matching/fees';

const CHANGE = ACCOUNT_TYPES.change;
const USDT = 4;
const D = (v: string | number) => new ExactDecimal(v);

let k: Kit;
beforeAll(async () => {
  k = await createKit();
  // a venue book far from the users' prices: their orders meet each other only
  for (const s of ['LTC/USDT', 'SOL/USDT', 'BNB/USDT']) {
    await k.tick(s, '100');
    k.feed.setBook(s, { asks: [['1000', '1']], bids: [['1', '1']] });
  }
});
afterAll(async () => {
  await k.t.close();
});

const trade = (token: string, fields: Record<string, string | number>, headers: Record<string, string> = {}) =>
  post(
    k.app,
    '/api/coin/trade',
    { legal_id: USDT, ...fields },
    { authorization: `Bearer ${token}`, lang: 'en', ...headers },
  );

/** Per spot order of `users`: its journal rows, and those that froze its funds. */
async function freezesPerOrder(users: number[]) {
  const r = await sql<{ id: number; n: number; freeze: number }>`
    SELECT o.id, count(j.id)::int AS n,
      count(j.id) FILTER (WHERE j.reason = 'spot_order_freeze' AND j.delta_frozen = o.frozen AND j.delta_available = -o.frozen)::int AS freeze
    FROM spot_orders o LEFT JOIN journal j ON j.ref_type = 'spot_order' AND j.ref_id = o.id::text
    WHERE o.user_id IN (${sql.join(users)}) GROUP BY o.id`.execute(k.app.db);
  return r.rows;
}

describe('spot orders at once', () => {
  it('50 limit buys on a balance for 10: exactly ten rest, each with its freeze, the rest refused', async () => {
    const [u] = await quickUsers(k.t, 1);
    const cost = buyFrozen('1', '99', '0.001'); // 99 + its fee, held while it rests
    await k.fund(u.id, USDT, CHANGE, D(cost).times(10).plus('50').toFixed()); // an eleventh does not fit
    const out = await race(
      Array.from(
        { length: 50 },
        () => () => trade(u.token, { currency_id: 5, type: 'buy', amount: '1', target_price: '99' }),
      ),
    );
    expect(oks(out)).toBe(10);
    expect(out.filter((a) => a.type !== 'ok').map((a) => a.message)).toEqual(Array(40).fill('Insufficient balance'));
    expect(await k.balance(u.id, USDT, CHANGE)).toEqual({ available: '50', frozen: D(cost).times(10).toFixed() });
    const rows = await freezesPerOrder([u.id]);
    const placed = out.filter((a) => a.type === 'ok').map((a) => (a.message as SpotOrder).id);
    expect(rows.map((r) => r.id).sort()).toEqual(placed.sort());
    for (const r of rows) expect(r, `order ${r.id}`).toMatchObject({ n: 1, freeze: 1 });
    const book = k.app.trade.ctx.market.books.book('LTC/USDT');
    expect(
      book
        .resting('bid')
        .map((o) => o.id)
        .sort(),
    ).toEqual(placed.sort());
    await journalSound(k.app.db);
  });

  it('one order sent 10 times at once with one Idempotency-Key: one order, every answer the first one', async () => {
    const [u] = await quickUsers(k.t, 1);
    await k.fund(u.id, USDT, CHANGE, '1000');
    const send = () =>
      trade(u.token, { currency_id: 7, type: 'buy', amount: '1', target_price: '99' }, { 'idempotency-key': 'spot-1' });
    const out = (await Promise.all(Array.from({ length: 10 }, send))).map((r) => ({
      status: r.statusCode,
      ...envelope(r),
    }));
    expect(out.filter((r) => r.status >= 500)).toEqual([]);
    const done = out.filter((r) => r.type === 'ok');
    expect(done.length).toBeGreaterThanOrEqual(1);
    const again = envelope(await send()); // the late retry: the stored answer
    expect(again.type).toBe('ok');
    for (const r of done) expect(r.message).toEqual(again.message);
    const rows = await freezesPerOrder([u.id]);
    expect(rows.map((r) => r.id)).toEqual([(again.message as SpotOrder).id]);
    expect(rows[0]).toMatchObject({ n: 1, freeze: 1 });
    const cost = buyFrozen('1', '99', '0.001');
    expect(await k.balance(u.id, USDT, CHANGE)).toEqual({ available: D(1000).minus(cost).toFixed(), frozen: cost });
    const key = await k.app.db
      .selectFrom('idempotency_keys')
      .select(['committed_ref'])
      .where('user_id', '=', u.id)
      .where('key', '=', 'spot-1')
      .executeTakeFirstOrThrow();
    expect(key.committed_ref).toEqual({ type: 'spot_order', id: rows[0].id });
    await journalSound(k.app.db);
  });
});

/** Σ available + frozen of `users` on the change account, per currency. */
async function held(users: number[]): Promise<Map<number, string>> {
  const r = await sql<{ c: number; v: string }>`
    SELECT currency_id AS c, sum(available + frozen)::text AS v FROM accounts
    WHERE user_id IN (${sql.join(users)}) AND type = ${CHANGE} GROUP BY currency_id`.execute(k.app.db);
  return new Map(r.rows.map((x) => [x.c, D(x.v).toFixed()]));
}

describe('a crossing burst', () => {
  it('fills each order once, maker against taker, and moves no money in or out between the users but the fees', async () => {
    const BNB = 6;
    const users = await quickUsers(k.t, 20);
    for (const u of users) {
      await k.fund(u.id, USDT, CHANGE, '1000');
      await k.fund(u.id, BNB, CHANGE, '10');
    }
    const before = await held(users.map((u) => u.id));
    const rng = mulberry32(7);
    const out = await race(
      Array.from({ length: 120 }, () => {
        const u = users[Math.floor(rng.next() * users.length)];
        const side = rng.next() < 0.5 ? 'buy' : 'sell';
        const price = ['99.5', '100', '100.5'][Math.floor(rng.next() * 3)];
        const amount = ['0.5', '1', '1.5'][Math.floor(rng.next() * 3)];
        return () => trade(u.token, { currency_id: BNB, type: side, amount, target_price: price });
      }),
    );
    expect(out.filter((a) => a.type !== 'ok')).toEqual([]);
    const ids = users.map((u) => u.id);
    const fills = await sql<{ taker: string; maker: string; fees: string; venue: number; n: number }>`
      SELECT coalesce(sum(qty) FILTER (WHERE role = 'taker'), 0)::text AS taker,
        coalesce(sum(qty) FILTER (WHERE role = 'maker'), 0)::text AS maker, coalesce(sum(fee), 0)::text AS fees,
        count(*) FILTER (WHERE role = 'taker' AND counter_order_id IS NULL)::int AS venue, count(*)::int AS n
      FROM spot_fills WHERE symbol = 'BNB/USDT'`.execute(k.app.db);
    const f = fills.rows[0];
    expect(f.n, 'the burst crossed').toBeGreaterThan(10);
    expect(f.venue, 'no fill against the venue').toBe(0);
    expect(D(f.taker).eq(f.maker), 'each taker fill has its maker fill').toBe(true);
    // each order's filled quantity is its fills' (a fill applied twice would show), each fill journaled twice
    const odd = await sql<{ id: number }>`
      SELECT o.id FROM spot_orders o LEFT JOIN spot_fills x ON x.order_id = o.id
      WHERE o.symbol = 'BNB/USDT' GROUP BY o.id, o.filled HAVING o.filled <> coalesce(sum(x.qty), 0)
      UNION ALL
      SELECT x.id FROM spot_fills x LEFT JOIN journal j ON j.ref_type = 'spot_fill' AND j.ref_id = x.id::text
      WHERE x.symbol = 'BNB/USDT' GROUP BY x.id HAVING count(j.id) <> 2`.execute(k.app.db);
    expect(odd.rows).toEqual([]);
    // conservation: the coin moved between the users only; the quote too, less the fees
    const after = await held(ids);
    expect(after.get(BNB)).toBe(before.get(BNB));
    expect(
      D(after.get(USDT) as string)
        .plus(f.fees)
        .toFixed(),
    ).toBe(before.get(USDT));
    // what rests is exactly frozen, and the book in memory is the database's
    const open = await k.app.db
      .selectFrom('spot_orders')
      .selectAll()
      .where('symbol', '=', 'BNB/USDT')
      .where('status', 'in', ['open', 'partially_filled'])
      .execute();
    for (const o of open) {
      const left = D(o.amount).minus(o.filled).toFixed();
      const want = o.side === 'buy' ? buyFrozen(left, o.target_price as string, o.fee_rate) : left;
      expect(D(o.frozen).toFixed(), `order ${o.id}`).toBe(D(want).toFixed());
    }
    const book = k.app.trade.ctx.market.books.book('BNB/USDT');
    const mem = [...book.resting('bid'), ...book.resting('ask')].map((o) => `${o.id}:${o.remaining}`).sort();
    expect(mem).toEqual(open.map((o) => `${o.id}:${D(o.amount).minus(o.filled).toFixed()}`).sort());
    await journalSound(k.app.db);
  });
});

describe('a maker row changed behind the engine', () => {
  it('fails the crossing order whole: no fill, no order, no money moved', async () => {
    const SOL = 7;
    const [maker, taker] = await quickUsers(k.t, 2);
    await k.fund(maker.id, SOL, CHANGE, '2');
    await k.fund(taker.id, USDT, CHANGE, '1000');
    const sell = envelope(
      await trade(maker.token, { currency_id: SOL, type: 'sell', amount: '2', target_price: '100.5' }),
    );
    expect(sell.type).toBe('ok');
    const id = (sell.message as SpotOrder).id;
    // another writer fills part of it; the engine's cached row (its plan's) still says nothing filled
    await sql`UPDATE spot_orders SET filled = 1 WHERE id = ${id}`.execute(k.app.db);
    const buy = envelope(
      await trade(taker.token, { currency_id: SOL, type: 'buy', amount: '1', target_price: '100.5' }),
    );
    expect(buy.type).not.toBe('ok');
    const fills = await k.app.db.selectFrom('spot_fills').select('id').where('order_id', '=', id).execute();
    expect(fills).toEqual([]);
    const orders = await k.app.db.selectFrom('spot_orders').select('id').where('user_id', '=', taker.id).execute();
    expect(orders).toEqual([]);
    expect(await k.balance(taker.id, USDT, CHANGE)).toEqual({ available: '1000', frozen: '0' });
    expect(await k.balance(maker.id, SOL, CHANGE)).toEqual({ available: '0', frozen: '2' });
    await sql`UPDATE spot_orders SET filled = 0 WHERE id = ${id}`.execute(k.app.db);
    await journalSound(k.app.db);
  });
});

describe('the fill key (migration 075)', () => {
  it("refuses a fill whose user is not its order's, and one of an order that does not exist", async () => {
    const [a, b] = await quickUsers(k.t, 2);
    const order = await sql<{ id: number }>`
      INSERT INTO spot_orders (user_id, symbol, side, kind, status, amount, filled, fee_rate, target_price, fill_price, fill_seq)
        VALUES (${a.id}, 'LTC/USDT', 'buy', 'limit', 'filled', 1, 1, 0, 100, 100, 1) RETURNING id`.execute(k.app.db);
    const id = order.rows[0].id;
    const fill = (userId: number, orderId: number) =>
      sql`INSERT INTO spot_fills (order_id, user_id, symbol, side, role, price, qty, total, fee, book_seq)
            VALUES (${orderId}, ${userId}, 'LTC/USDT', 'buy', 'taker', 100, 1, 100, 0, 1)`.execute(k.app.db);
    await expect(fill(b.id, id)).rejects.toThrow(/spot_fills_order_user_fkey/);
    await expect(fill(a.id, id + 1_000_000)).rejects.toThrow(/spot_fills_order_user_fkey/);
    await fill(a.id, id); // its own user's fill goes in
    expect(await k.app.db.selectFrom('spot_fills').select('user_id').where('order_id', '=', id).execute()).toEqual([
      { user_id: a.id },
    ]);
  });
});
