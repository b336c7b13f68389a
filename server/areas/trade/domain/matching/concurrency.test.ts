/**
 * 200 concurrent random spot orders (market and limit, buys and sells, cancels) from 20 users on
 * two symbols, while the venue re-quotes and trades: afterwards every balance equals its journal,
 * every resting order holds exactly its remainder's funds, each user's frozen balance is the sum
 * of their resting orders', and the in-memory books agree with the database.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACCOUNT_TYPES, ExactDecimal } from '../../../../../core';
import { checkJournalConsistency } from '../../../../db/ledger';
import { mulberry32 } from '../../../../market/feed/prng';
import { createKit, type Kit } from '../../../../testing/trade-kit';
import { buyFrozen } from './fees';

const CHANGE = ACCOUNT_TYPES.change;
const USDT = 4;
const COINS = [
  { symbol: 'ETH/USDT', id: 2 },
  { symbol: 'BTC/USDT', id: 1 },
];

let k: Kit;
beforeAll(async () => {
  k = await createKit();
});
afterAll(async () => {
  await k.t.close();
});

const ladder = (from: number, step: number, n: number): [string, string][] =>
  Array.from({ length: n }, (_, i) => [String(from + i * step), '2']);
const requote = (shift: number) => {
  for (const c of COINS)
    k.feed.setBook(c.symbol, { asks: ladder(100.5 + shift, 0.5, 20), bids: ladder(99.5 + shift, -0.5, 20) });
};

it('200 concurrent random orders × 20 users leave balances = journal and resting orders fully and exactly frozen', async () => {
  const rng = mulberry32(15);
  const users = [];
  for (let i = 0; i < 20; i++) {
    const u = await k.user(`load${i}@example.com`);
    await k.fund(u.id, USDT, CHANGE, '5000');
    for (const c of COINS) await k.fund(u.id, c.id, CHANGE, '20');
    users.push(u);
  }
  for (const c of COINS) await k.tick(c.symbol, '100');
  requote(0);
  const placed: Promise<{ type: string; message: unknown }>[] = [];
  for (let i = 0; i < 200; i++) {
    const u = users[Math.floor(rng.next() * users.length)];
    const c = COINS[Math.floor(rng.next() * COINS.length)];
    const side = rng.next() < 0.5 ? 'buy' : 'sell';
    const amount = (0.01 + Math.floor(rng.next() * 400) / 100).toFixed(2);
    const limit = rng.next() < 0.7 ? (95 + Math.floor(rng.next() * 21) / 2).toString() : undefined;
    placed.push(
      k.call('POST', '/api/coin/trade', u.token, {
        currency_id: c.id,
        legal_id: USDT,
        type: side,
        amount,
        target_price: limit,
      }),
    );
    if (i % 40 === 39) {
      requote(rng.next() * 4 - 2 > 0 ? 1 : -1);
      k.feed.push(c.symbol, rng.next() < 0.5 ? '98' : '102', '1');
    }
  }
  const results = await Promise.all(placed);
  // everything either went through or was refused with a clear business error, never a crash
  for (const r of results) if (r.type === 'error') expect(String(r.message)).toMatch(/balance|market order|book/i);
  expect(results.filter((r) => r.type === 'ok').length).toBeGreaterThan(100);
  // some cancels racing a re-quote
  const open = await k.app.db
    .selectFrom('spot_orders')
    .select(['id', 'user_id'])
    .where('status', 'in', ['open', 'partially_filled'])
    .execute();
  const outcome = results.map((r) => (r.type === 'ok' ? (r.message as { status: string }).status : String(r.message)));
  // The run must leave orders resting before the last re-quote, or it tested nothing; that re-quote and the
  // cancels may then fill or cancel any of them (all of them, now and then), which the checks below allow.
  expect(open.length, JSON.stringify(outcome)).toBeGreaterThan(0);
  const tokens = new Map(users.map((u) => [u.id, u.token]));
  requote(-1);
  await Promise.all(
    open.slice(0, 15).map((o) => k.call('POST', '/api/coin/cancel', tokens.get(o.user_id) as string, { id: o.id })),
  );
  await k.app.trade.idle();

  expect(await checkJournalConsistency(k.app.db)).toEqual([]);
  const resting = await k.app.db
    .selectFrom('spot_orders')
    .selectAll()
    .where('status', 'in', ['open', 'partially_filled'])
    .execute();
  const frozenBy = new Map<string, InstanceType<typeof ExactDecimal>>();
  for (const o of resting) {
    const left = new ExactDecimal(o.amount).minus(o.filled).toFixed();
    const want = o.side === 'buy' ? buyFrozen(left, o.target_price as string, o.fee_rate) : left;
    expect(new ExactDecimal(o.frozen).toFixed(), `order ${o.id}`).toBe(want);
    const coin = COINS.find((c) => c.symbol === o.symbol)!.id;
    const key = `${o.user_id}:${o.side === 'buy' ? USDT : coin}`;
    frozenBy.set(key, (frozenBy.get(key) ?? new ExactDecimal(0)).plus(want));
    expect(k.app.market.books.book(o.symbol).order(o.id)?.remaining, `book of order ${o.id}`).toBe(left);
  }
  for (const u of users) {
    for (const cur of [USDT, ...COINS.map((c) => c.id)]) {
      const b = await k.balance(u.id, cur, CHANGE);
      expect(b.frozen, `user ${u.id} currency ${cur}`).toBe(
        (frozenBy.get(`${u.id}:${cur}`) ?? new ExactDecimal(0)).toFixed(),
      );
      expect(new ExactDecimal(b.available).gte(0)).toBe(true);
    }
  }
  // no order was over-filled
  const over = await k.app.db.selectFrom('spot_orders').select('id').whereRef('filled', '>', 'amount').execute();
  expect(over).toEqual([]);
}, 240_000);
