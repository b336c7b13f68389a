/**
 * Seconds expiry on the durable queue: every option gets a `seconds.settle` job in its
 * own transaction. When the engine's in-memory settlement is lost (here: the entry dropped from
 * its book, as a process that died between expiry and settlement would lose it), the job settles
 * the order by the durable tick log — the last tick at or before expiry — exactly once. When the
 * engine settled first, the job finds nothing to do and pays nothing twice. A refused submit
 * leaves no job.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACCOUNT_TYPES, type SecondsOrder } from '../../../../core';
import { buildApp, type BuiltApp } from '../../../app';
import { testConfig } from '../../../config';
import { checkJournalConsistency, credit } from '../../../db/ledger';
import { ScriptedFeed } from '../../../market';
import { createTestDb } from '../../../testing/db';
import { envelope, get, post, registerAndLogin } from '../../../testing/app';
import { dueNow, eventually, jobByKey, jobKeys } from '../../../testing/jobs-kit';
import { secondsSettleKey } from '../domain/seconds-queue';

let built: BuiltApp;
let handle: Awaited<ReturnType<typeof createTestDb>>;
let auth: { authorization: string };
let T = 0;

beforeAll(async () => {
  handle = await createTestDb();
  built = await buildApp(
    testConfig({
      rateLimits: {
        codesPerIpPerHour: 1000,
        codeIntervalSec: 0,
        loginPerIpPerMinute: 1000,
        globalPerIpPerMinute: 100_000,
      },
    }),
    { db: handle },
  );
  T = Date.now();
  built.app.trade.ctx.now = () => T;
  const token = await registerAndLogin(built.app, 'backstop@example.com');
  const user = await built.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'backstop@example.com')
    .executeTakeFirstOrThrow();
  await built.app.db
    .transaction()
    .execute((trx) =>
      credit(trx, { userId: user.id, currencyId: 4, type: ACCOUNT_TYPES.micro, amount: '300', reason: 'test_grant' }),
    );
  auth = { authorization: `Bearer ${token}` };
});

afterAll(async () => {
  await built.close();
  await handle.close();
});

const feed = () => built.app.market.feed as ScriptedFeed;
const submit = async (type: 'up' | 'down', number = '100') =>
  envelope(
    await post(built.app, '/api/microtrade/submit', { match_id: 1, currency_id: 4, type, seconds: 30, number }, auth),
  );
const result = async (id: number) =>
  envelope(await get(built.app, `/api/microtrade/get_result?id=${id}`, auth)).message as SecondsOrder;
const micro = async () =>
  await built.app.db
    .selectFrom('accounts')
    .innerJoin('users', 'users.id', 'accounts.user_id')
    .select(['available', 'frozen'])
    .where('users.email', '=', 'backstop@example.com')
    .where('type', '=', ACCOUNT_TYPES.micro)
    .where('currency_id', '=', 4)
    .executeTakeFirstOrThrow();

it('an option the engine lost is settled by its queued job from the durable ticks, once', async () => {
  feed().push('BTC/USDT', '50000', '1', T);
  const wallBefore = Date.now();
  const placed = (await submit('up')).message as SecondsOrder;
  const key = secondsSettleKey(placed.id);
  const job = await jobByKey(built.app.db, key);
  expect(job?.task).toBe('seconds.settle');
  // committed with the order, due a few seconds after the expiry: the 30 s and the backstop's 3 s on
  // from the submit's instant (bounded below by the instant before it, however slow the machine)
  expect(job!.run_at.getTime()).toBeGreaterThanOrEqual(wallBefore + 33_000);

  // the engine loses it (as a process dying between the expiry and its settlement would)
  built.app.trade.ctx.books.seconds.remove('BTC/USDT', placed.id);
  const last = feed().push('BTC/USDT', '50400', '1', T + 20_000); // the last tick before the expiry
  feed().push('BTC/USDT', '49000', '1', T + 31_000); // after it: must not decide
  await built.app.market.flush();
  T += 40_000;
  built.app.trade.settleDueSeconds(); // nothing in the book: the engine does nothing
  await built.app.trade.idle();
  expect((await result(placed.id)).status).not.toBe(3);

  await dueNow(built.app.db, key);
  const done = await eventually(async () => {
    const r = await result(placed.id);
    return r.status === 3 && r;
  });
  expect(done).toMatchObject({ result: 'win', end_price: '50400', end_seq: last.seq, payout: '115' });
  await eventually(async () => (await jobByKey(built.app.db, key)) === undefined);
  const after = await micro();
  expect([Number(after.available), Number(after.frozen)]).toEqual([315, 0]);
  expect(await checkJournalConsistency(built.app.db)).toEqual([]);
});

it('when the engine settled first, the job pays nothing twice', async () => {
  feed().push('BTC/USDT', '50000', '1', T);
  const placed = (await submit('down')).message as SecondsOrder;
  feed().push('BTC/USDT', '49000', '1', T + 10_000);
  T += 31_000;
  built.app.trade.settleDueSeconds();
  await built.app.trade.idle();
  expect(await result(placed.id)).toMatchObject({ status: 3, result: 'win', payout: '115' });
  const before = await micro();
  const key = secondsSettleKey(placed.id);
  await dueNow(built.app.db, key);
  await eventually(async () => (await jobByKey(built.app.db, key)) === undefined);
  expect(await micro()).toEqual(before);
  expect(await checkJournalConsistency(built.app.db)).toEqual([]);
});

it('a refused option leaves no job behind', async () => {
  const before = await jobKeys(built.app.db, 'seconds.settle:');
  const refused = await submit('up', '100000'); // more than the balance
  expect(refused.code).not.toBe(1);
  expect(await jobKeys(built.app.db, 'seconds.settle:')).toEqual(before);
});
