/**
 * Seconds options raced through the API, on the ledger's group commit (domain/seconds-commit.ts):
 * 50 options at once on one balance never overdraw it and each placed one is whole — its stake
 * frozen and journaled, its row, its backstop job; one option sent 10 times with one
 * Idempotency-Key is placed once and every answer is the first one; and 50 options expiring
 * together, their engine settlement racing their backstop jobs and each other, are each paid once
 * by the rule.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES, type SecondsOrder } from '../../../core';
import { credit } from '../../db/ledger';
import { inTransaction } from '../../db/tx';
import { ScriptedFeed } from '../../market';
import { envelope, post, type TestApp } from '../../testing/app';
import { auth, balance, closeKit, kit } from '../../testing/funds-kit';
import { jobKeys } from '../../testing/jobs-kit';
import { journalSound, oks, postAs, quickUsers, race, step } from '../../testing/race-kit';
import { settleSeconds, settleSecondsJob } from './domain';
import { secondsSettleKey } from './domain/seconds-queue';

const USDT = 4;
const MICRO = ACCOUNT_TYPES.micro;
let t: TestApp;
let T = 0;

beforeAll(async () => {
  t = await kit();
  T = Date.now();
  t.app.trade.ctx.now = () => T;
});
afterAll(() => closeKit(t));

const feed = () => t.app.market.feed as ScriptedFeed;
const option = (type: 'up' | 'down' = 'up', number = '100') => ({
  match_id: 1,
  currency_id: USDT,
  type,
  seconds: 30,
  number,
});

async function fundMicro(userId: number, amount: string): Promise<void> {
  await inTransaction(t.app.db, (trx) =>
    credit(trx, { userId, currencyId: USDT, type: MICRO, amount, reason: 'test_grant' }),
  );
}

/** Each order of `userId` with what its write carries: the stake's journal row and its backstop job. */
async function placed(userId: number) {
  const rows = await t.app.db
    .selectFrom('seconds_orders')
    .select(['id', 'number', 'status'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const stakes = await sql<{ ref_id: string; n: number }>`
    SELECT ref_id, count(*)::int AS n FROM journal WHERE user_id = ${userId} AND reason = 'seconds_stake'
      AND delta_available = -100 AND delta_frozen = 100 GROUP BY ref_id`.execute(t.app.db);
  const jobs = new Set(await jobKeys(t.app.db, 'seconds.settle:'));
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    stakeRows: stakes.rows.find((s) => s.ref_id === String(r.id))?.n ?? 0,
    job: jobs.has(secondsSettleKey(r.id)),
  }));
}

describe('seconds options raced through the API', () => {
  it('50 options of 100 USDT on a micro balance of 1,000 at once: exactly ten, each whole, no 5xx', async () => {
    const [u] = await quickUsers(t, 1);
    await fundMicro(u.id, '1000');
    const out = await race(
      Array.from({ length: 50 }, () => () => postAs(t.app, '/api/microtrade/submit', u.token, option())),
    );
    expect(oks(out)).toBe(10);
    expect(out.filter((a) => a.type !== 'ok').map((a) => a.message)).toEqual(Array(40).fill('Insufficient balance'));
    expect(await balance(t, u.id, USDT, MICRO)).toEqual({ available: '0', frozen: '1000' });
    const rows = await placed(u.id);
    const ids = out.filter((a) => a.type === 'ok').map((a) => (a.message as SecondsOrder).id);
    expect(rows.map((r) => r.id)).toEqual([...ids].sort((a, b) => a - b));
    for (const r of rows) expect(r).toMatchObject({ status: 'pending', stakeRows: 1, job: true });
    await journalSound(t.app.db);
  });

  it('one option sent 10 times at once with one Idempotency-Key: placed once, every answer the first one', async () => {
    const [u] = await quickUsers(t, 1);
    await fundMicro(u.id, '1000');
    const send = () =>
      post(t.app, '/api/microtrade/submit', option('down'), { ...auth(u.token), 'idempotency-key': 'opt-1' });
    const out = await race(Array.from({ length: 10 }, () => send));
    const done = out.filter((a) => a.type === 'ok');
    expect(done.length).toBeGreaterThanOrEqual(1);
    // the late retry: the answer stored with the order, the same as the first
    const again = envelope(await send());
    expect(again.code).toBe(1);
    for (const a of done) expect(a.message).toEqual(again.message);
    const rows = await placed(u.id);
    expect(rows.map((r) => r.id)).toEqual([(again.message as SecondsOrder).id]);
    expect(rows[0]).toMatchObject({ stakeRows: 1, job: true });
    expect(await balance(t, u.id, USDT, MICRO)).toEqual({ available: '900', frozen: '100' });
    await journalSound(t.app.db);
  });

  it('50 options expiring together, the engine racing their backstop jobs: each paid once by the rule', async () => {
    const users = await quickUsers(t, 50);
    for (const u of users) await fundMicro(u.id, '1000');
    feed().push('BTC/USDT', '50000', '1', T);
    await t.app.market.flush();
    const out = await race(
      users.map((u, i) => () => postAs(t.app, '/api/microtrade/submit', u.token, option(i % 2 ? 'down' : 'up'))),
    );
    expect(oks(out)).toBe(50);
    const orders = out.map((a) => a.message as SecondsOrder);
    const end = feed().push('BTC/USDT', '50400', '1', T + 10_000); // up wins, down loses
    await t.app.market.flush();
    T += 31_000;
    const ctx = t.app.trade.ctx;
    // each order also settled twice more in one statement (both read it pending): its guard pays once
    const twice = orders.flatMap((o, i) => {
      const entry = { id: o.id, userId: users[i].id, symbol: 'BTC/USDT' };
      return [step(() => settleSeconds(ctx, entry, end)), step(() => settleSeconds(ctx, entry, end))];
    });
    await race([
      ...twice,
      step(async () => {
        t.app.trade.settleDueSeconds();
        await t.app.trade.idle();
      }),
      ...orders.map((o) => step(() => settleSecondsJob(ctx, o.id))),
    ]);
    for (const [i, u] of users.entries()) {
      // a win: the stake back with 15 % on it; a loss: nothing
      expect(await balance(t, u.id, USDT, MICRO), `user ${i}`).toEqual({
        available: i % 2 ? '900' : '1015',
        frozen: '0',
      });
    }
    const paid = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM journal WHERE reason = 'seconds_payout' AND ref_id IN (${sql.join(orders.map((o) => String(o.id)))})`.execute(
      t.app.db,
    );
    expect(paid.rows[0].n).toBe(25);
    await journalSound(t.app.db);
  });
});
