/**
 * Exactly-once across a restart in the middle of a run: each job (dual settlement, lock dividends
 * and expiry, IEO allotment) is stopped after its first committed unit of work ("crash"), the
 * server is rebuilt on the same database, and the start-up pass finishes the rest. Every payout,
 * dividend, principal, token credit and refund then exists exactly once in the journal, and the
 * balances equal the hand-computed totals.
 */
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { checkJournalConsistency, credit } from '../../../db/ledger';
import type { ScriptedFeed } from '../../../market';
import { restartable } from '../../../testing/restart-kit';
import { envelope, get, post, registerAndLogin } from '../../../testing/app';
import type { DualIndexAnswer, IeoProjectRow, LockConfigRow, Page } from '../../../../core';

const DAY = 86_400_000;

class Crash extends Error {}

it('a crash mid dual settlement, then a restart: the start-up pass finishes all three jobs, everything paid exactly once', async () => {
  const server = await restartable((a) => a.products.pauseTimer());
  let app = server.app();
  // Everything happens 20 days ago, so "now" after the restart (the real clock) is past all of it.
  const T0 = Math.floor((Date.now() - 20 * DAY) / DAY) * DAY + 9 * 3_600_000; // 09:00 UTC
  app.products.now = () => T0;

  const users: { id: number; auth: Record<string, string> }[] = [];
  for (const name of ['r1', 'r2']) {
    const token = await registerAndLogin(app, `${name}@example.com`);
    const u = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', `${name}@example.com`)
      .executeTakeFirstOrThrow();
    await app.db.transaction().execute(async (trx) => {
      await credit(trx, { userId: u.id, currencyId: 1, type: 2, amount: '1', reason: 'test_grant' });
      await credit(trx, { userId: u.id, currencyId: 4, type: 2, amount: '5000', reason: 'test_grant' });
    });
    users.push({ id: u.id, auth: { authorization: `Bearer ${token}` } });
  }

  // dual: two demo call orders of 2 shares (0.002 BTC each), maturing at T0 + 120 s
  const feed = app.market.feed as ScriptedFeed;
  const demo = (
    envelope(await get(app, '/api/dual/index?currency_id=1')).message as DualIndexAnswer
  ).dual_currencys.find((p) => p.demo)!;
  for (const u of users)
    expect(envelope(await post(app, '/api/dual/buyDual', { id: demo.id, num: 2 }, u.auth)).type).toBe('ok');
  const below = String(Number(demo.exercise_price) - 50);
  feed.push('BTC/USDT', below, '1', T0 + 30_000);

  // lock: 1000 USDT each in the 7-day lock
  const cfg = (envelope(await get(app, '/api/lh/deposit/config?kind=lock')).message as LockConfigRow[]).find(
    (c) => c.day === 7,
  )!;
  for (const u of users)
    expect(envelope(await post(app, '/api/lh/deposit', { config_id: cfg.id, amount: '1000' }, u.auth)).type).toBe('ok');

  // IEO: the seeded live project, opened at T0 (it was seeded on the real clock)
  const seeded = await app.db
    .selectFrom('ieo_projects')
    .select('id')
    .where('seed_key', '=', 'ieo-live')
    .executeTakeFirstOrThrow();
  await sql`UPDATE ieo_projects SET start_at = ${new Date(T0 - DAY)} WHERE id = ${seeded.id}`.execute(app.db);
  const live = (envelope(await get(app, '/api/project')).message as Page<IeoProjectRow>).list.find(
    (p) => p.id === seeded.id,
  )!;
  expect(live.time_status).toBe(2);
  for (const u of users)
    expect(
      envelope(
        await post(
          app,
          '/api/project/order',
          { project_id: live.id, amount: '1000', pay_currency: 4, price: live.issue_price },
          u.auth,
        ),
      ).type,
    ).toBe('ok');
  await sql`UPDATE ieo_projects SET end_at = ${new Date(T0 + 60_000)} WHERE id = ${live.id}`.execute(app.db);

  const runUntilCrash = async (kind: string) => {
    app.products.now = () => Date.now();
    const crash = (k: string) => {
      if (k === kind) throw new Crash(kind);
    };
    await expect(app.products.runOnce(crash)).rejects.toBeInstanceOf(Crash);
  };
  const restart = async () => {
    await server.restart(); // its start-up pass runs on the real clock
    app = server.app();
  };

  await runUntilCrash('dual_settling'); // first dual order has its settle price, nothing paid yet
  expect(
    (await app.db.selectFrom('dual_orders').select('status').orderBy('id').execute()).map((o) => o.status),
  ).toEqual(['settling', 'purchased']);
  await restart();
  await app.products.runOnce();
  // the start-up pass and this one finished everything; one more pass changes nothing
  const journalBefore = await app.db
    .selectFrom('journal')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  await restart();
  await app.products.runOnce();
  const journalAfter = await app.db
    .selectFrom('journal')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  expect(journalAfter.n).toBe(journalBefore.n); // a pass over finished work writes nothing

  const count = async (reason: string) =>
    Number(
      (
        await app.db
          .selectFrom('journal')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('reason', '=', reason)
          .executeTakeFirstOrThrow()
      ).n,
    );
  expect(await count('dual_payout')).toBe(2);
  expect(await count('lock_dividend')).toBe(14);
  expect(await count('lock_principal_return')).toBe(2);
  expect(await count('ieo_tokens')).toBe(2);
  expect(await count('ieo_refund')).toBe(0); // 2 × 1000 of 1 000 000 tokens: nothing oversubscribed
  const dual = await app.db.selectFrom('dual_orders').select(['status', 'settle_price', 'payout_amount']).execute();
  // 0.002 BTC × (1 + 1 × 0.365 / 365), settled at the tick before maturity (one order from the
  // price recorded before the crash, the other from the candles after the restart)
  for (const o of dual)
    expect({ status: o.status, settle_price: Number(o.settle_price), payout: Number(o.payout_amount) }).toEqual({
      status: 'success',
      settle_price: Number(below),
      payout: 0.002002,
    });
  expect(await checkJournalConsistency(app.db)).toEqual([]);
  await server.close();
}, 120_000);

it('lock job: a crash after the first order, then a restart, leaves each dividend paid once', async () => {
  const server = await restartable((a) => a.products.pauseTimer());
  const T0 = Math.floor((Date.now() - 20 * DAY) / DAY) * DAY + 9 * 3_600_000;
  server.app().products.now = () => T0;
  const ids: number[] = [];
  for (const name of ['l1', 'l2', 'l3']) {
    const token = await registerAndLogin(server.app(), `${name}@example.com`);
    const u = await server
      .app()
      .db.selectFrom('users')
      .select('id')
      .where('email', '=', `${name}@example.com`)
      .executeTakeFirstOrThrow();
    await server
      .app()
      .db.transaction()
      .execute((trx) => credit(trx, { userId: u.id, currencyId: 4, type: 2, amount: '1000', reason: 'test_grant' }));
    const cfg = (envelope(await get(server.app(), '/api/lh/deposit/config?kind=defi')).message as LockConfigRow[]).find(
      (c) => c.day === 15,
    )!;
    expect(
      envelope(
        await post(
          server.app(),
          '/api/lh/deposit',
          { config_id: cfg.id, amount: '1000' },
          { authorization: `Bearer ${token}` },
        ),
      ).type,
    ).toBe('ok');
    ids.push(u.id);
  }
  server.app().products.now = () => T0 + 5 * DAY; // five dividends due per order
  let n = 0;
  await expect(
    server.app().products.runOnce((k) => {
      if (k === 'lock_order' && ++n === 1) throw new Crash('lock');
    }),
  ).rejects.toBeInstanceOf(Crash);
  expect(
    Number((await sql<{ n: number }>`SELECT count(*)::int n FROM lock_dividends`.execute(server.app().db)).rows[0].n),
  ).toBe(5);
  await server.restart(); // start-up pass on the real clock: T0 + 20 days → expired
  await server.app().products.runOnce();
  const rows = await sql<{
    order_id: number;
    n: number;
  }>`SELECT order_id, count(*)::int n FROM lock_dividends GROUP BY order_id ORDER BY order_id`.execute(server.app().db);
  expect(rows.rows.map((r) => r.n)).toEqual([15, 15, 15]);
  const paid = await sql<{ n: number }>`SELECT count(*)::int n FROM journal WHERE reason = 'lock_dividend'`.execute(
    server.app().db,
  );
  expect(paid.rows[0].n).toBe(45);
  for (const id of ids) {
    const sum = await sql<{ earned: string; available: string }>`
      SELECT (SELECT earned FROM lock_orders WHERE user_id = ${id})::text earned,
             (SELECT available FROM accounts WHERE user_id = ${id} AND currency_id = 4 AND type = 2)::text available`.execute(
      server.app().db,
    );
    const { earned, available } = sum.rows[0];
    expect(Number(available)).toBeCloseTo(1000 + Number(earned), 12);
    expect(Number(earned)).toBeGreaterThanOrEqual(1000 * 0.0035 * 15 - 1e-9);
  }
  expect(await checkJournalConsistency(server.app().db)).toEqual([]);
  await server.close();
}, 120_000);

it('IEO job: a crash after the first allotment, then a restart, allots the rest once', async () => {
  const server = await restartable((a) => a.products.pauseTimer());
  const live = (envelope(await get(server.app(), '/api/project')).message as Page<IeoProjectRow>).list.find(
    (p) => p.time_status === 2,
  )!;
  // shrink the issuance so three subscriptions oversubscribe it: 600 tokens for 400 + 400 + 400
  await sql`UPDATE ieo_projects SET total_issuance = 600 WHERE id = ${live.id}`.execute(server.app().db);
  const ids: number[] = [];
  for (const name of ['i1', 'i2', 'i3']) {
    const token = await registerAndLogin(server.app(), `${name}@example.com`);
    const u = await server
      .app()
      .db.selectFrom('users')
      .select('id')
      .where('email', '=', `${name}@example.com`)
      .executeTakeFirstOrThrow();
    await server
      .app()
      .db.transaction()
      .execute((trx) => credit(trx, { userId: u.id, currencyId: 4, type: 2, amount: '100', reason: 'test_grant' }));
    expect(
      envelope(
        await post(
          server.app(),
          '/api/project/order',
          { project_id: live.id, amount: '400', pay_currency: 4, price: '0.1' },
          { authorization: `Bearer ${token}` },
        ),
      ).type,
    ).toBe('ok');
    ids.push(u.id);
  }
  await sql`UPDATE ieo_projects SET end_at = ${new Date(Date.now() - 1000)} WHERE id = ${live.id}`.execute(
    server.app().db,
  );
  let n = 0;
  await expect(
    server.app().products.runOnce((k) => {
      if (k === 'ieo_order' && ++n === 1) throw new Crash('ieo');
    }),
  ).rejects.toBeInstanceOf(Crash);
  expect(
    (await server.app().db.selectFrom('ieo_orders').select('status').orderBy('id').execute()).map((o) => o.status),
  ).toEqual(['passed', 'pending', 'pending']);
  await server.restart();
  await server.app().products.runOnce();
  await server.app().products.runOnce();
  const orders = await server
    .app()
    .db.selectFrom('ieo_orders')
    .select(['status', 'allotted', 'cost', 'refund'])
    .orderBy('id')
    .execute();
  // 400 × 600 / 1200 = 200 tokens each; cost 20 USDT of the 40 frozen, 20 back
  for (const o of orders)
    expect({ status: o.status, allotted: Number(o.allotted), cost: Number(o.cost), refund: Number(o.refund) }).toEqual({
      status: 'passed',
      allotted: 200,
      cost: 20,
      refund: 20,
    });
  const token = await server
    .app()
    .db.selectFrom('ieo_projects')
    .select('token_currency_id')
    .where('id', '=', live.id)
    .executeTakeFirstOrThrow();
  for (const id of ids) {
    const acc = await server
      .app()
      .db.selectFrom('accounts')
      .select(['currency_id', 'available', 'frozen'])
      .where('user_id', '=', id)
      .orderBy('currency_id')
      .execute();
    expect(acc.map((a) => [a.currency_id, Number(a.available), Number(a.frozen)])).toEqual([
      [4, 80, 0],
      [token.token_currency_id, 200, 0],
    ]);
  }
  const j = await sql<{
    reason: string;
    n: number;
  }>`SELECT reason, count(*)::int n FROM journal WHERE reason LIKE 'ieo_%' GROUP BY reason ORDER BY reason`.execute(
    server.app().db,
  );
  expect(j.rows).toEqual([
    { reason: 'ieo_payment', n: 3 },
    { reason: 'ieo_refund', n: 3 },
    { reason: 'ieo_subscribe', n: 3 },
    { reason: 'ieo_tokens', n: 3 },
  ]);
  expect(await checkJournalConsistency(server.app().db)).toEqual([]);
  await server.close();
}, 120_000);
