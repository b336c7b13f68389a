/**
 * Dual settlement across a crash: an order that matured while the server was
 * down settles at the last durable tick at or before its maturity instant — not at the close of
 * the last whole 1-minute candle (an older price when maturity falls inside a minute), nor at a
 * price seen after it.
 */
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../../../app';
import { testConfig } from '../../../config';
import { checkJournalConsistency, credit } from '../../../db/ledger';
import type { ScriptedFeed } from '../../../market';
import { createTestDb } from '../../../testing/db';
import { envelope, get, post, registerAndLogin } from '../../../testing/app';
import type { DualOrder, DualIndexAnswer } from '../../../../core';

const DAY = 86_400_000;

it('after a crash, a matured dual order settles from the last durable tick at or before maturity', async () => {
  const handle = await createTestDb();
  const config = testConfig({
    rateLimits: {
      codesPerIpPerHour: 1000,
      codeIntervalSec: 0,
      loginPerIpPerMinute: 1000,
      globalPerIpPerMinute: 100_000,
    },
  });
  const first = await buildApp(config, { db: handle });
  first.app.products.pauseTimer();
  const T0 = Math.floor((Date.now() - 2 * DAY) / DAY) * DAY + 9 * 3_600_000; // 09:00 UTC two days ago
  first.app.products.now = () => T0;
  const token = await registerAndLogin(first.app, 'dual-crash@example.com');
  const { id: userId } = await first.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'dual-crash@example.com')
    .executeTakeFirstOrThrow();
  await first.app.db
    .transaction()
    .execute((trx) => credit(trx, { userId, currencyId: 1, type: 2, amount: '1', reason: 'test_grant' }));
  const auth = { authorization: `Bearer ${token}` };
  const demo = (
    envelope(await get(first.app, '/api/dual/index?currency_id=1')).message as DualIndexAnswer
  ).dual_currencys.find((p) => p.demo)!;
  const bought = envelope(await post(first.app, '/api/dual/buyDual', { id: demo.id, num: 2 }, auth))
    .message as DualOrder;
  const M = T0 + 90_000; // maturity inside a minute
  await sql`UPDATE dual_orders SET maturity_at = ${new Date(M)} WHERE id = ${bought.id}`.execute(first.app.db);
  const linked = Number(demo.exercise_price);
  const feed = first.app.market.feed as ScriptedFeed;
  feed.push('BTC/USDT', String(linked - 100), '1', T0 + 30_000); // the last whole minute's close
  feed.push('BTC/USDT', String(linked + 100), '1', T0 + 80_000); // the last tick at or before maturity
  feed.push('BTC/USDT', String(linked - 300), '1', T0 + 95_000); // after maturity: must not count
  await first.app.market.flush();
  await first.close(); // nothing settled: the clock is before maturity

  const second = await buildApp(config, { db: handle }); // its start pass runs on the real clock
  second.app.products.pauseTimer();
  await second.app.products.runOnce();
  const o = await second.app.db
    .selectFrom('dual_orders')
    .selectAll()
    .where('id', '=', bought.id)
    .executeTakeFirstOrThrow();
  expect(o.status).toBe('success');
  expect(Number(o.settle_price)).toBe(linked + 100);
  expect(await checkJournalConsistency(second.app.db)).toEqual([]);
  await second.close();
  await handle.close();
}, 120_000);
