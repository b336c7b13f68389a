import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, envelope, post, registerAndLogin, type TestApp } from '../testing/app';
import { balance, call, operator } from '../testing/funds-kit';
import { withIdempotency } from './idempotency';
import { ok, AppError } from './envelope';

let t: TestApp;
let userId: number;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await registerAndLogin(t.app, 'idem@example.com');
  userId = (
    await t.app.db.selectFrom('users').select('id').where('email', '=', 'idem@example.com').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t?.close();
});

/** Just the parts of a request withIdempotency reads. */
function fakeRequest(key?: string): FastifyRequest {
  return { headers: key ? { 'idempotency-key': key } : {}, userId, server: t.app } as unknown as FastifyRequest;
}

describe('withIdempotency', () => {
  it('runs once per key, replays the stored answer, and forgets failed attempts', async () => {
    let runs = 0;
    const call = (key: string | undefined, route = 'test/route', fail = false) =>
      withIdempotency(fakeRequest(key), route, async () => {
        runs++;
        if (fail) throw new AppError('insufficient_balance');
        return ok({ n: runs });
      });
    await expect(call('k1', 'test/route', true)).rejects.toMatchObject({ key: 'insufficient_balance' });
    const first = await call('k1');
    expect(await call('k1')).toEqual(first);
    expect(runs).toBe(2);
    await expect(call('k1', 'other/route')).rejects.toMatchObject({ key: 'too_many_requests' });
    await call(undefined);
    await call(undefined);
    expect(runs).toBe(4);
  });
});

describe('a money-moving route replayed with the same Idempotency-Key', () => {
  const USDT = 4;
  const journalRows = async () =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM journal WHERE user_id = ${userId}`.execute(t.app.db))
      .rows[0].n;
  const transfer = (number: string, key: string) =>
    post(
      t.app,
      '/api/wallet/change',
      { currency_id: USDT, number, from_field: 'change', to_field: 'lever' },
      { authorization: token, 'idempotency-key': key },
    );

  it('moves the money once and answers the repeat with the first answer', async () => {
    const op = await operator(t);
    expect(
      (
        await call(t, 'POST', '/admin/api/users/adjust', op, {
          user_id: userId,
          currency_id: USDT,
          type: 2,
          amount: '100',
          reason: 'test funding',
        })
      ).type,
    ).toBe('ok');
    const rowsBefore = await journalRows();

    const first = envelope(await transfer('30', 'tap-1'));
    expect(first).toMatchObject({ type: 'ok', message: { number: '30', from_field: 'change', to_field: 'lever' } });
    const rowsAfterFirst = await journalRows();
    expect(rowsAfterFirst).toBeGreaterThan(rowsBefore);

    // the client lost the answer and sent the same call again, twice
    expect(envelope(await transfer('30', 'tap-1'))).toEqual(first);
    expect(envelope(await transfer('30', 'tap-1'))).toEqual(first);
    expect(await balance(t, userId, USDT, 2)).toEqual({ available: '70', frozen: '0' });
    expect(await balance(t, userId, USDT, 3)).toEqual({ available: '30', frozen: '0' });
    expect(await journalRows()).toBe(rowsAfterFirst);
    expect((await call(t, 'GET', '/api/wallet/hzhistory', token)).message).toMatchObject({ total: 1 });

    // a new tap is a new key, and moves money again
    expect(envelope(await transfer('30', 'tap-2')).type).toBe('ok');
    expect(await balance(t, userId, USDT, 2)).toEqual({ available: '40', frozen: '0' });
    expect((await call(t, 'GET', '/api/wallet/hzhistory', token)).message).toMatchObject({ total: 2 });
  });

  it('lets a refused attempt be retried with the same key once the user can pay', async () => {
    const refused = envelope(await transfer('1000', 'tap-3'));
    expect(refused).toMatchObject({ type: 'error', message: 'Insufficient balance' });
    const before = await balance(t, userId, USDT, 2);
    const again = envelope(await transfer('10', 'tap-3'));
    expect(again).toMatchObject({ type: 'ok', message: { number: '10' } });
    expect(await balance(t, userId, USDT, 2)).toEqual({
      available: String(Number(before.available) - 10),
      frozen: '0',
    });
  });
});
