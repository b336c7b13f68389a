/**
 * Restart safety of seconds settlement: an order that expires while the server is down is settled
 * at the next start, with the last tick at or before its expiry (the feed's last recorded tick —
 * no tick happens while the feed is down), not with any price seen after the restart.
 */
import { expect, it } from 'vitest';
import { ACCOUNT_TYPES, type SecondsOrder } from '../../../../core';
import { buildApp } from '../../../app';
import { testConfig } from '../../../config';
import { checkJournalConsistency, credit } from '../../../db/ledger';
import { ScriptedFeed } from '../../../market';
import { BookService } from '../../../market/books/service';
import { createTradeContext, settleSeconds } from '../domain';
import { createTestDb } from '../../../testing/db';
import { envelope, get, post, registerAndLogin } from '../../../testing/app';

// Each test starts the app twice on one database: 120 s, as the other restart tests (30 s ran out at load 27).
it('settles on start an order that expired while the server was down, from the recorded last tick', async () => {
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
  const T = Date.now() - 60_000;
  first.app.trade.ctx.now = () => T;
  const token = await registerAndLogin(first.app, 'restart@example.com');
  const user = await first.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'restart@example.com')
    .executeTakeFirstOrThrow();
  await first.app.db
    .transaction()
    .execute((trx) =>
      credit(trx, { userId: user.id, currencyId: 4, type: ACCOUNT_TYPES.micro, amount: '100', reason: 'test_grant' }),
    );
  const feed = first.app.market.feed as ScriptedFeed;
  feed.push('BTC/USDT', '50000', '1', T - 100);
  const auth = { authorization: `Bearer ${token}` };
  const placed = envelope(
    await post(
      first.app,
      '/api/microtrade/submit',
      { match_id: 1, currency_id: 4, type: 'up', seconds: 30, number: '100' },
      auth,
    ),
  ).message as SecondsOrder;
  expect(placed.expires_at).toBe(T + 30_000);
  const last = feed.push('BTC/USDT', '50500', '1', T + 10_000);
  await first.close(); // the server stops before the expiry; the feed's last tick is recorded

  const second = await buildApp(config, { db: handle }); // now > expiry: settled during start
  await second.app.trade.idle();
  (second.app.market.feed as ScriptedFeed).push('BTC/USDT', '1', '1'); // a later price must not matter
  await second.app.trade.idle();
  const done = envelope(await get(second.app, `/api/microtrade/get_result?id=${placed.id}`, auth))
    .message as SecondsOrder;
  expect(done).toMatchObject({ status: 3, result: 'win', end_price: '50500', end_seq: last.seq, payout: '115' });
  expect(await checkJournalConsistency(second.app.db)).toEqual([]);
  await second.close();
  await handle.close();
}, 120_000);

it('after a crash, settles from the last durable tick before expiry, not from ticks the restarted feed produced first', async () => {
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
  const T = Date.now() - 60_000;
  first.app.trade.ctx.now = () => T;
  const token = await registerAndLogin(first.app, 'crash@example.com');
  const user = await first.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'crash@example.com')
    .executeTakeFirstOrThrow();
  await first.app.db
    .transaction()
    .execute((trx) =>
      credit(trx, { userId: user.id, currencyId: 4, type: ACCOUNT_TYPES.micro, amount: '100', reason: 'test_grant' }),
    );
  const feed = first.app.market.feed as ScriptedFeed;
  feed.push('BTC/USDT', '50000', '1', T - 100);
  const auth = { authorization: `Bearer ${token}` };
  const placed = envelope(
    await post(
      first.app,
      '/api/microtrade/submit',
      { match_id: 1, currency_id: 4, type: 'down', seconds: 30, number: '100' },
      auth,
    ),
  ).message as SecondsOrder;
  feed.push('BTC/USDT', '49000', '1', T + 5_000);
  const last = feed.push('BTC/USDT', '49500', '1', T + 20_000); // the last tick before expiry
  await first.app.market.flush(); // its batch committed before the kill
  await first.close();

  // The restarted feed has already produced a tick (after the expiry) when the book is loaded.
  const afterRestart = { price: '60000', seq: last.seq + 1, ts: T + 61_000 };
  const books = new BookService({ feed: new ScriptedFeed(), now: () => T + 61_000 });
  const ctx = await createTradeContext(
    handle.db,
    { lastPrice: () => afterRestart, emitToUser() {}, books },
    () => T + 61_000,
  );
  const [entry] = ctx.books.seconds.all();
  expect(entry.mark).toEqual({ price: '49500', seq: last.seq, ts: T + 20_000 });
  const done = await settleSeconds(ctx, entry, entry.mark);
  expect(done).toMatchObject({ status: 3, result: 'win', end_price: '49500', end_seq: last.seq, payout: '115' });
  expect(done?.id).toBe(placed.id);
  expect(await checkJournalConsistency(handle.db)).toEqual([]);
  await handle.close();
}, 120_000);
