/**
 * Restarts in the middle of the loan timers: each unit happens exactly once. The job is stopped
 * after a committed unit ("crash"), the server is rebuilt on the same database, and the next pass
 * finishes the rest: a loan marked for liquidation is settled at the price it was marked at (even
 * though the price has recovered since), once; a charged loan-hour is never charged again.
 */
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp, type BuiltApp } from '../../app';
import { testConfig } from '../../config';
import { checkJournalConsistency } from '../../db/ledger';
import { createTestDb } from '../../testing/db';
import { balance, prices, user } from '../../testing/funds-kit';
import { BTC, BTC_USDT, HOUR, T0, bootLoans, grant, loan } from '../../testing/loans-kit';
import type { TestApp } from '../../testing/app';
import { dueNow, eventually, jobByKey, jobKeys } from '../../testing/jobs-kit';
import { loanInterestKey } from './domain/interest-job';
import { restartable } from '../../testing/restart-kit';

class Crash extends Error {}

it('a crash after the liquidation mark and after the first charged hour: each completes once after the restart', async () => {
  const handle = await createTestDb();
  const config = testConfig({
    rateLimits: {
      codesPerIpPerHour: 1000,
      codeIntervalSec: 0,
      loginPerIpPerMinute: 1000,
      globalPerIpPerMinute: 100_000,
    },
  });
  let built: BuiltApp = await buildApp(config, { db: handle });
  const clock = { now: T0 };
  const t = { app: built.app, handle, config } as unknown as TestApp;
  bootLoans(t, clock);
  prices(t, { BTC: '50000' });
  const restart = async () => {
    await built.close();
    built = await buildApp(config, { db: handle }); // its start-up pass runs on the real clock, before T0 and with no price: nothing due
    (t as { app: unknown }).app = built.app;
    bootLoans(t, clock);
  };
  const crashAfter = (kind: string) => (k: string) => {
    if (k === kind) throw new Crash(kind);
  };

  const users = [await user(t), await user(t)];
  const ids: number[] = [];
  for (const u of users) {
    await grant(t, u.id, BTC, '1');
    ids.push(
      ((await loan(t, 'borrow', u, { pair_id: BTC_USDT, amount: '3000', collateral: '0.1' })).message as { id: number })
        .id,
    );
  }

  // hours: crash after the first committed hour of the first loan
  clock.now = T0 + 2 * HOUR;
  await expect(built.app.loans.runOnce(crashAfter('loan_interest'))).rejects.toBeInstanceOf(Crash);
  await restart();
  prices(t, { BTC: '50000' });
  await built.app.loans.runOnce();
  await built.app.loans.runOnce();
  const hours = await sql<{
    loan_id: number;
    hour: number;
  }>`SELECT loan_id, hour FROM loan_events WHERE hour IS NOT NULL ORDER BY loan_id, hour`.execute(built.app.db);
  expect(hours.rows).toEqual([
    { loan_id: ids[0], hour: 1 },
    { loan_id: ids[0], hour: 2 },
    { loan_id: ids[1], hour: 1 },
    { loan_id: ids[1], hour: 2 },
  ]);

  // liquidation: crash right after the first loan was marked at 33,000
  prices(t, { BTC: '33000' });
  await expect(built.app.loans.runOnce(crashAfter('loan_liquidation_mark'))).rejects.toBeInstanceOf(Crash);
  const states = async () =>
    (
      await sql<{ s: string }>`SELECT status AS s FROM loans WHERE id IN (${ids[0]}, ${ids[1]}) ORDER BY id`.execute(
        built.app.db,
      )
    ).rows.map((r) => r.s);
  expect(await states()).toEqual(['liquidating', 'open']);
  // the price recovers before the restart, so the restarted server's first pass (whenever it runs) sees
  // 50,000, not the 33,000 its market would restore: the marked loan still settles at its mark
  prices(t, { BTC: '50000' });
  await restart();
  prices(t, { BTC: '50000' });
  await built.app.loans.runOnce();
  await built.app.loans.runOnce();
  expect(await states()).toEqual(['liquidated', 'open']);
  const liq = await sql<{
    n: number;
    price: string;
  }>`SELECT count(*)::int AS n, max(price)::text AS price FROM loan_events WHERE kind = 'liquidation'`.execute(
    built.app.db,
  );
  expect(liq.rows[0]).toMatchObject({ n: 1 });
  expect(Number(liq.rows[0].price)).toBe(33000);
  const j = await sql<{ n: number }>`SELECT count(*)::int AS n FROM journal WHERE reason = 'loan_liquidation'`.execute(
    built.app.db,
  );
  expect(j.rows[0].n).toBe(1);
  // debt 3000 + 2 h interest (0.0342) → penalty 60.000684 → sold floor(3060.034884 / 33000) = 0.09272832
  expect(await balance(t, users[0].id, BTC)).toEqual({ available: '0.90727168', frozen: '0' });
  expect(await balance(t, users[1].id, BTC)).toEqual({ available: '0.9', frozen: '0.1' });
  expect(await checkJournalConsistency(built.app.db)).toEqual([]);
  await built.close();
  await handle.close();
}, 120_000);

it("a loan's hourly interest is a durable job from the borrow (none for a refused one): after a restart it charges each due hour once and moves on to the next", async () => {
  const server = await restartable();
  const app = server.app;
  const clock = { now: T0 };
  const t = server.t();
  bootLoans(t, clock);
  prices(t, { BTC: '50000' });
  const u = await user(t);
  await grant(t, u.id, BTC, '1');
  const id = (
    (await loan(t, 'borrow', u, { pair_id: BTC_USDT, amount: '3000', collateral: '0.1' })).message as { id: number }
  ).id;
  expect((await loan(t, 'borrow', u, { pair_id: BTC_USDT, amount: '3000', collateral: '5' })).type).toBe('error'); // more BTC than held
  expect(await jobKeys(app().db, 'loan.interest:')).toEqual([loanInterestKey(id)]);
  expect((await jobByKey(app().db, loanInterestKey(id)))!.run_at.getTime() - Date.now()).toBeGreaterThan(HOUR - 60_000); // the first hour's end

  await server.restart(); // its start-up sweep runs on the real clock, before T0: nothing due
  (t as { app: unknown }).app = app();
  await app().loans.runOnce(); // after that sweep, which re-enqueued the job
  bootLoans(t, clock);
  clock.now = T0 + 2 * HOUR + 60_000;
  await dueNow(app().db, loanInterestKey(id));
  const hours = async () =>
    (
      await sql<{
        hour: number;
      }>`SELECT hour FROM loan_events WHERE hour IS NOT NULL AND loan_id = ${id} ORDER BY hour`.execute(app().db)
    ).rows.map((r) => r.hour);
  await eventually(async () => (await hours()).length === 2);
  // the next run is the third hour's end, 59 minutes on
  const next = await eventually(async () => {
    const j = await jobByKey(app().db, loanInterestKey(id));
    return j && !j.locked && j.run_at.getTime() > Date.now() + 50 * 60_000 ? j : undefined;
  });
  expect(next.run_at.getTime() - Date.now()).toBeLessThan(HOUR);
  // run early: nothing more is charged, and the sweep finds nothing either
  await dueNow(app().db, loanInterestKey(id));
  await eventually(async () => {
    const j = await jobByKey(app().db, loanInterestKey(id));
    return j && !j.locked && j.run_at.getTime() > Date.now() + 50 * 60_000;
  });
  expect(await hours()).toEqual([1, 2]);
  expect((await app().loans.runOnce()).hours).toBe(0);
  const charged = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM loan_events WHERE kind = 'interest' AND loan_id = ${id}`.execute(app().db);
  expect(charged.rows[0].n).toBe(2);
  expect(await checkJournalConsistency(app().db)).toEqual([]);
  await server.close();
}, 120_000);
