/**
 * Idempotency keys across a crash: a key left "in flight" by a process that
 * died must not answer "Too many requests" forever — an operation that never committed runs
 * once on the retry, and one that committed answers its original result without running again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, envelope, post, registerAndLogin, type TestApp } from '../testing/app';
import { balance, call, operator } from '../testing/funds-kit';

const USDT = 4;
let t: TestApp;
let userId: number;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await registerAndLogin(t.app, 'idem-crash@example.com');
  userId = (
    await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'idem-crash@example.com')
      .executeTakeFirstOrThrow()
  ).id;
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
});
afterAll(async () => {
  await t?.close();
});

const transfer = (number: string, key: string) =>
  post(
    t.app,
    '/api/wallet/change',
    { currency_id: USDT, number, from_field: 'change', to_field: 'lever' },
    { authorization: token, 'idempotency-key': key },
  );

it('runs once on retry an operation whose key a crashed process reserved but never committed', async () => {
  // What a process killed between reserving the key and committing leaves behind.
  await sql`INSERT INTO idempotency_keys (user_id, key, route, response, created_at) VALUES (${userId}, 'crashed-1', 'wallet/change', NULL, now() - interval '1 minute')`.execute(
    t.app.db,
  );
  const retry = envelope(await transfer('10', 'crashed-1'));
  expect(retry).toMatchObject({ type: 'ok', message: { number: '10', from_field: 'change', to_field: 'lever' } });
  expect(envelope(await transfer('10', 'crashed-1'))).toEqual(retry);
  expect(await balance(t, userId, USDT, 3)).toEqual({ available: '10', frozen: '0' });
});

it('answers the original result when the operation committed but its answer was lost in the crash', async () => {
  const first = envelope(await transfer('20', 'crashed-2'));
  expect(first.type).toBe('ok');
  // The process died after the commit and before the answer was stored.
  await sql`UPDATE idempotency_keys SET response = NULL, owner = 'a-process-that-died', created_at = now() - interval '1 minute' WHERE user_id = ${userId} AND key = 'crashed-2'`.execute(
    t.app.db,
  );
  expect(envelope(await transfer('20', 'crashed-2'))).toEqual(first);
  expect(await balance(t, userId, USDT, 3)).toEqual({ available: '30', frozen: '0' });
  expect(await balance(t, userId, USDT, 2)).toEqual({ available: '70', frozen: '0' });
});

it('still refuses a key reserved moments ago: its first attempt may still be running', async () => {
  await sql`INSERT INTO idempotency_keys (user_id, key, route, response) VALUES (${userId}, 'running-1', 'wallet/change', NULL)`.execute(
    t.app.db,
  );
  expect(envelope(await transfer('5', 'running-1'))).toMatchObject({
    type: 'error',
    message: 'Too many requests, please try again later',
  });
});
