/**
 * Dual maturity and lock-up dividends are durable jobs: the purchase enqueues its job in
 * the same transaction, keyed by the order (a refused purchase leaves none). Across a restart the
 * jobs are still there; when they come due the new process's worker settles the dual order once and
 * pays the lock-up order's first dividend once, and that run enqueues the next dividend. A job that
 * comes early changes nothing and moves itself; the sweep then finds nothing left to do.
 */
import { expect, it } from 'vitest';
import { checkJournalConsistency, credit } from '../../../db/ledger';
import type { ScriptedFeed } from '../../../market';
import { restartable } from '../../../testing/restart-kit';
import { dueNow, eventually, jobByKey, jobKeys } from '../../../testing/jobs-kit';
import { envelope, get, post, registerAndLogin } from '../../../testing/app';
import { dualSettleKey, ieoFinaliseKey, lockRunKey, nextLockDue } from '../domain/queue';
import { createOperator, operatorLogin } from '../../../auth/operators';
import type { DualIndexAnswer, DualOrder, IeoProjectDetail, LockConfigRow } from '../../../../core';

const DAY = 86_400_000;
const MIN = 60_000;

it('the dual maturity and lock-up dividend jobs outlive a restart and each settle once; the lock-up run enqueues the next dividend', async () => {
  const server = await restartable();
  const app = server.app;
  // The rules' clock runs a day ahead of the real one: the start-up sweep (real clock) finds nothing due.
  const T0 = Date.now() + DAY;
  const clock = { now: T0 };
  app().products.pauseTimer();
  app().products.now = () => clock.now;

  const token = await registerAndLogin(app(), 'jobs@example.com');
  const { id: userId } = await app()
    .db.selectFrom('users')
    .select('id')
    .where('email', '=', 'jobs@example.com')
    .executeTakeFirstOrThrow();
  await app()
    .db.transaction()
    .execute(async (trx) => {
      await credit(trx, { userId, currencyId: 1, type: 2, amount: '1', reason: 'test_grant' });
      await credit(trx, { userId, currencyId: 4, type: 2, amount: '1500', reason: 'test_grant' });
    });
  const auth = { authorization: `Bearer ${token}` };

  // dual: a demo call order of 2 shares maturing at T0 + 2 min; a refused purchase (more BTC than held)
  const demo = (
    envelope(await get(app(), '/api/dual/index?currency_id=1')).message as DualIndexAnswer
  ).dual_currencys.find((p) => p.demo)!;
  const dual = envelope(await post(app(), '/api/dual/buyDual', { id: demo.id, num: 2 }, auth)).message as DualOrder;
  expect(envelope(await post(app(), '/api/dual/buyDual', { id: demo.id, num: 5000 }, auth)).type).toBe('error');
  // lock-up: 1000 USDT for 7 days; a refused deposit (more than is left)
  const cfg = (envelope(await get(app(), '/api/lh/deposit/config?kind=lock')).message as LockConfigRow[]).find(
    (c) => c.day === 7,
  )!;
  const deposited = envelope(await post(app(), '/api/lh/deposit', { config_id: cfg.id, amount: '1000' }, auth));
  expect(deposited.type).toBe('ok');
  expect(envelope(await post(app(), '/api/lh/deposit', { config_id: cfg.id, amount: '1000' }, auth)).type).toBe(
    'error',
  );
  const lock = await app()
    .db.selectFrom('lock_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();

  // one job per committed order, none for the refused ones, each due on the queue's clock
  expect(await jobKeys(app().db, 'dual.settle:')).toEqual([dualSettleKey(dual.id)]);
  expect(await jobKeys(app().db, 'lock.run:')).toEqual([lockRunKey(lock.id)]);
  const dualJob = (await jobByKey(app().db, dualSettleKey(dual.id)))!;
  expect(dualJob.task).toBe('dual.settle');
  expect(dualJob.run_at.getTime() - Date.now()).toBeGreaterThan(MIN); // two minutes after the purchase
  const firstDue = nextLockDue(lock);
  const lockJob = (await jobByKey(app().db, lockRunKey(lock.id)))!;
  expect(lockJob.run_at.getTime() - Date.now()).toBeGreaterThan(firstDue - T0 - MIN);

  // the price the dual order settles at: the last tick at or before its maturity, made durable
  const below = String(Number(demo.exercise_price) - 50);
  (app().market.feed as ScriptedFeed).push('BTC/USDT', below, '1', T0 + 30_000);
  await app().market.flush();

  await server.restart(); // the server stops before either is due
  app().products.pauseTimer();
  await app().products.runOnce(); // after its start-up sweep (real clock: nothing due), which re-enqueued both
  expect(await jobKeys(app().db, 'dual.settle:')).toEqual([dualSettleKey(dual.id)]);
  expect(await jobKeys(app().db, 'lock.run:')).toEqual([lockRunKey(lock.id)]);

  // time passes: both are due on the rules' clock and on the queue's
  clock.now = Math.max(T0 + 2 * MIN, firstDue) + MIN;
  app().products.now = () => clock.now;
  await dueNow(app().db, dualSettleKey(dual.id));
  await dueNow(app().db, lockRunKey(lock.id));
  await eventually(async () => !(await jobByKey(app().db, dualSettleKey(dual.id))));
  const next = await eventually(async () => {
    const j = await jobByKey(app().db, lockRunKey(lock.id));
    return j && !j.locked && j.run_at.getTime() > Date.now() + DAY - 2 * MIN ? j : undefined;
  }); // the dividend run enqueued the next one, a day later
  expect(next.attempts).toBe(0);

  const o = await app()
    .db.selectFrom('dual_orders')
    .select(['status', 'settle_price', 'payout_amount'])
    .where('id', '=', dual.id)
    .executeTakeFirstOrThrow();
  // 0.002 BTC × (1 + 1 × 0.365 / 365), settled at the tick before maturity
  expect({ status: o.status, settle_price: Number(o.settle_price), payout: Number(o.payout_amount) }).toEqual({
    status: 'success',
    settle_price: Number(below),
    payout: 0.002002,
  });
  const count = async (reason: string) =>
    Number(
      (
        await app()
          .db.selectFrom('journal')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('reason', '=', reason)
          .executeTakeFirstOrThrow()
      ).n,
    );
  expect(await count('dual_payout')).toBe(1);
  expect(await count('lock_dividend')).toBe(1);
  expect(
    (
      await app()
        .db.selectFrom('lock_orders')
        .select('dividends_paid')
        .where('id', '=', lock.id)
        .executeTakeFirstOrThrow()
    ).dividends_paid,
  ).toBe(1);

  // the next dividend's job, run early (the rules' clock has not reached it): nothing paid, it moves itself
  await dueNow(app().db, lockRunKey(lock.id));
  await eventually(async () => {
    const j = await jobByKey(app().db, lockRunKey(lock.id));
    return j && !j.locked && j.run_at.getTime() > Date.now() + DAY - 2 * MIN;
  });
  expect(await count('lock_dividend')).toBe(1);
  // and the sweep finds nothing left to do
  expect(await app().products.runOnce()).toEqual({ dual: 0, dividends: 0, expired: 0, ieo: 0 });
  expect(await checkJournalConsistency(app().db)).toEqual([]);
  await server.close();
}, 120_000);

it("an IEO project's end is a job from its creation (none for a refused one); after a restart it allots once", async () => {
  const server = await restartable();
  const app = server.app;
  app().products.pauseTimer();
  const now = Date.now();
  await createOperator(app().db, 'ieo-jobs', 'operator-password');
  const op = {
    authorization: `Bearer ${(await operatorLogin(app().db, { name: 'ieo-jobs', password: 'operator-password', ip: '127.0.0.1', caller: () => ({ source: 'ip:127.0.0.1', trusted: false, now: Date.now }) })).token}`,
  };
  const body = {
    name: 'Job Token',
    symbol: 'jbt',
    issue_price: '0.5',
    total_issuance: '1000',
    min_amount: '1',
    lock_days: 10,
    start_at: now - 1000,
    end_at: now + 3_600_000,
    listing_at: now + 7_200_000,
    website: 'https://example.com',
    reason: 'test',
  };
  const before = await jobKeys(app().db, 'ieo.finalise:'); // the seeded projects'
  expect(envelope(await post(app(), '/admin/api/ieo/projects', { ...body, end_at: now - 5000 }, op)).type).toBe(
    'error',
  );
  const p = envelope(await post(app(), '/admin/api/ieo/projects', body, op)).message as IeoProjectDetail;
  expect(await jobKeys(app().db, 'ieo.finalise:')).toEqual([...before, ieoFinaliseKey(p.id)].sort());
  expect((await jobByKey(app().db, ieoFinaliseKey(p.id)))!.run_at.getTime()).toBe(body.end_at); // at its end
  for (const [i, name] of ['i1', 'i2'].entries()) {
    const token = await registerAndLogin(app(), `${name}@example.com`);
    const u = await app()
      .db.selectFrom('users')
      .select('id')
      .where('email', '=', `${name}@example.com`)
      .executeTakeFirstOrThrow();
    await app()
      .db.transaction()
      .execute((trx) => credit(trx, { userId: u.id, currencyId: 4, type: 2, amount: '1000', reason: 'test_grant' }));
    const r = await post(
      app(),
      '/api/project/order',
      { project_id: p.id, amount: String(500 * (i + 1)), pay_currency: 4, price: '0.5' },
      { authorization: `Bearer ${token}` },
    );
    expect(envelope(r).type).toBe('ok');
  }

  await server.restart();
  app().products.pauseTimer();
  await app().products.runOnce(); // after the start-up sweep: not ended yet
  app().products.now = () => body.end_at + 60_000;
  await dueNow(app().db, ieoFinaliseKey(p.id));
  await eventually(
    async () =>
      (
        await app()
          .db.selectFrom('ieo_projects')
          .select('finalised_at')
          .where('id', '=', p.id)
          .executeTakeFirstOrThrow()
      ).finalised_at !== null,
  );
  await eventually(async () => !(await jobByKey(app().db, ieoFinaliseKey(p.id))));
  // 500 + 1000 applied for 1000 tokens: 333.3333 and 666.6666 (pro rata), each credited once
  const orders = await app()
    .db.selectFrom('ieo_orders')
    .select(['status', 'allotted'])
    .where('project_id', '=', p.id)
    .orderBy('id')
    .execute();
  expect(orders.map((o) => ({ status: o.status, allotted: String(Number(o.allotted)) }))).toEqual([
    { status: 'passed', allotted: '333.3333' },
    { status: 'passed', allotted: '666.6666' },
  ]);
  const tokens = await app()
    .db.selectFrom('journal')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('reason', '=', 'ieo_tokens')
    .executeTakeFirstOrThrow();
  expect(Number(tokens.n)).toBe(2);
  expect((await app().products.runOnce()).ieo).toBe(0);
  expect(await checkJournalConsistency(app().db)).toEqual([]);
  await server.close();
}, 120_000);
