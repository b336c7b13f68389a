/**
 * The OTC payment deadline is a durable job: opening an order enqueues it in the same
 * transaction, keyed by the order. Across a restart it is still there, and when it comes due the new
 * process's worker cancels the unpaid order and returns the escrow exactly once; a paid order's job
 * does nothing; an order whose opening was refused (rolled back) leaves no job.
 */
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp, type BuiltApp } from '../../app';
import { testConfig } from '../../config';
import { checkJournalConsistency } from '../../db/ledger';
import { createTestDb } from '../../testing/db';
import { dueNow, eventually, jobByKey, jobKeys } from '../../testing/jobs-kit';
import {
  MIN,
  T0,
  USDT,
  balance,
  bootOtc,
  merchant,
  okOf,
  openOn,
  pay,
  postAd,
  prices,
  taker,
} from '../../testing/otc-kit';
import type { TestApp } from '../../testing/app';
import type { OtcOrder } from '../../../core';
import { otcExpireKey } from './domain/orders';

it('the deadline job outlives a restart and cancels the unpaid order once; the paid one is left alone', async () => {
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
  bootOtc(t, clock);
  prices(t, { BTC: '50000' });
  const m = await merchant(t, '200');
  const ad = await postAd(t, m, { total: '200' });
  const [b1, b2] = [await taker(t), await taker(t)];
  const unpaid = await okOf<OtcOrder>(openOn(t, b1, ad.id, '720'));
  const paid = await okOf<OtcOrder>(openOn(t, b2, ad.id, '720'));
  expect((await pay(t, b2, paid.id)).type).toBe('ok');
  // refused (over the ad's max): rolled back, so no order and no job
  expect((await openOn(t, b1, ad.id, '99999')).type).not.toBe('ok');
  expect(await jobKeys(built.app.db, 'otc.expire:')).toEqual([otcExpireKey(unpaid.id), otcExpireKey(paid.id)].sort());

  const job = await jobByKey(built.app.db, otcExpireKey(unpaid.id));
  expect(job?.task).toBe('otc.expire');
  // due 15 minutes after opening (the window), on the queue's clock
  expect(job!.run_at.getTime() - Date.now()).toBeGreaterThan(14 * MIN);

  await built.close(); // the server stops before the deadline
  clock.now = T0 + 16 * MIN;
  built = await buildApp(config, { db: handle }); // its start-up sweep runs on the real clock, before T0: nothing due
  (t as { app: unknown }).app = built.app;
  bootOtc(t, clock);
  expect(await balance(t, m.id, USDT)).toEqual({ available: '0', frozen: '200' });

  await dueNow(built.app.db, otcExpireKey(unpaid.id));
  await dueNow(built.app.db, otcExpireKey(paid.id));
  await eventually(
    async () =>
      !(await jobByKey(built.app.db, otcExpireKey(unpaid.id))) &&
      !(await jobByKey(built.app.db, otcExpireKey(paid.id))),
  );
  const status = async (id: number) =>
    (await built.app.db.selectFrom('otc_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;
  expect(await status(unpaid.id)).toBe('cancelled');
  expect(await status(paid.id)).toBe('paid');
  // the cancelled order's coin goes back onto the ad it came from (held there until the ad closes)
  expect(await balance(t, m.id, USDT)).toEqual({ available: '0', frozen: '200' });
  const left = await built.app.db
    .selectFrom('otc_ads')
    .select('remaining')
    .where('id', '=', ad.id)
    .executeTakeFirstOrThrow();
  expect(Number(left.remaining)).toBe(100);
  expect(await built.app.otc.runOnce()).toBe(0); // the sweep finds nothing left to do
  // once: one timeout on the order's timeline (the coin went back onto the ad, so no balance moved)
  const j = await sql<{ n: number }>`SELECT count(*)::int AS n FROM otc_order_events WHERE kind = 'timeout'`.execute(
    built.app.db,
  );
  expect(j.rows[0].n).toBe(1);
  expect(await checkJournalConsistency(built.app.db)).toEqual([]);
  await built.close();
  await handle.close();
}, 120_000);
