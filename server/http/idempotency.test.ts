import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from '../testing/app';
import { withIdempotency } from './idempotency';
import { ok, AppError } from './envelope';

let t: TestApp;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  await registerAndLogin(t.app, 'idem@example.com');
  userId = (await t.app.db.selectFrom('users').select('id').where('email', '=', 'idem@example.com').executeTakeFirstOrThrow()).id;
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
