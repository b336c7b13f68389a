/**
 * The engine lease on a real PostgreSQL: one holder at a time, a takeover only once the lease has
 * expired and always with a higher token, and the fence refusing — and rolling back — a deposed
 * holder's money transaction while the new holder's commits.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DbHandle } from '../db/connect';
import { inTransaction, setTxFence } from '../db/tx';
import { createTestDb } from '../testing/db';
import { acquire, FencedError, leaseFence, readLease, renew } from './lease';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { credit } from '../db/ledger';
import { translate } from '../i18n/messages';
import { envelope, get, post, registerAndLogin } from '../testing/app';
import { HEADERS, type DualIndexAnswer } from '../../core';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  setTxFence(h.db, undefined);
  await h.close();
});

const expire = () =>
  sql`UPDATE engine_lease SET expires_at = now() - interval '1 second' WHERE name = 'engine'`.execute(h.db);
const settingsRow = (key: string) =>
  h.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();

it('gives the lease to one node at a time, a takeover only after expiry with a higher token; a deposed holder writes nothing', async () => {
  const a = await acquire(h.db, 'engine', 'node-a', 'http://a');
  expect(a).toBe(1);
  expect(await acquire(h.db, 'engine', 'node-b', 'http://b')).toBeNull(); // still held
  expect(await renew(h.db, 'engine', 'node-a', 1)).toBe(true);
  expect(await readLease(h.db, 'engine')).toMatchObject({ holder: 'node-a', address: 'http://a', token: 1 });

  // a's fenced transaction commits while a holds the lease
  setTxFence(h.db, leaseFence('engine', 1));
  await inTransaction(h.db, (trx) => trx.insertInto('settings').values({ key: 'fence-a-1', value: 'x' }).execute());
  expect(await settingsRow('fence-a-1')).toEqual({ value: 'x' });

  // a pauses; the lease expires; b takes it over with token 2
  await expire();
  expect(await renew(h.db, 'engine', 'node-a', 1)).toBe(false);
  const b = await acquire(h.db, 'engine', 'node-b', 'http://b');
  expect(b).toBe(2);

  // a resumes with its old token: refused, nothing of the transaction stays
  await expect(
    inTransaction(h.db, (trx) => trx.insertInto('settings').values({ key: 'fence-a-2', value: 'late' }).execute()),
  ).rejects.toBeInstanceOf(FencedError);
  expect(await settingsRow('fence-a-2')).toBeUndefined();

  // b's own fence lets its writes through
  setTxFence(h.db, leaseFence('engine', 2));
  await inTransaction(h.db, (trx) => trx.insertInto('settings').values({ key: 'fence-b-2', value: 'y' }).execute());
  expect(await settingsRow('fence-b-2')).toEqual({ value: 'y' });
  setTxFence(h.db, undefined);
});

it("a deposed leader refuses a request-path write with engine_unavailable in the caller's language (not 500); the retry with the same key runs once", async () => {
  const config = testConfig({
    rateLimits: {
      codesPerIpPerHour: 1000,
      codeIntervalSec: 0,
      loginPerIpPerMinute: 1000,
      globalPerIpPerMinute: 100_000,
    },
  });
  const built = await buildApp(config, { db: h });
  try {
    const app = built.app;
    const token = await registerAndLogin(app, 'deposed@example.com');
    const { id: userId } = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'deposed@example.com')
      .executeTakeFirstOrThrow();
    await app.db
      .transaction()
      .execute((trx) => credit(trx, { userId, currencyId: 1, type: 2, amount: '1', reason: 'test_grant' }));
    const demo = (
      envelope(await get(app, '/api/dual/index?currency_id=1')).message as DualIndexAnswer
    ).dual_currencys.find((p) => p.demo)!;
    const headers = { authorization: `Bearer ${token}`, [HEADERS.idempotencyKey]: 'buy-1', [HEADERS.lang]: 'fra' };
    const holdings = async () => ({
      orders: (await app.db.selectFrom('dual_orders').select('id').where('user_id', '=', userId).execute()).length,
      balance: (
        await app.db
          .selectFrom('accounts')
          .select('available')
          .where('user_id', '=', userId)
          .where('currency_id', '=', 1)
          .where('type', '=', 2)
          .executeTakeFirstOrThrow()
      ).available,
    });
    const before = await holdings();

    // this node held token 2 and lost the lease to a node with token 3 while the request was on its way
    await expire();
    expect(await acquire(h.db, 'engine', 'node-c', 'http://c')).toBe(3);
    setTxFence(app.db, leaseFence('engine', 2));
    const refused = await post(app, '/api/dual/buyDual', { id: demo.id, num: 1 }, headers);
    expect(refused.statusCode).toBe(200);
    expect(envelope(refused)).toMatchObject({ type: 'error', message: translate('engine_unavailable', 'fra') });
    expect(await holdings()).toEqual(before); // nothing of it stayed

    // the client's retry with the same key reaches a node that may write: it runs, once
    setTxFence(app.db, undefined);
    const ok = envelope(await post(app, '/api/dual/buyDual', { id: demo.id, num: 1 }, headers));
    expect(ok.type).toBe('ok');
    const again = envelope(await post(app, '/api/dual/buyDual', { id: demo.id, num: 1 }, headers));
    expect(again.message).toEqual(ok.message);
    expect((await holdings()).orders).toBe(before.orders + 1);
  } finally {
    setTxFence(built.app.db, undefined);
    await built.close();
  }
}, 60_000);
