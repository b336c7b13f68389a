/**
 * Restart replay meets the matching engine: a venue trade whose quantity a cross
 * run gave to a better-priced resting order is on record with that fill (spot_fills.tick_seq,
 * market_ticks), and the worse-priced order it also crossed is marked as checked up to it
 * (watch_seq), so a restart does not fill that order from the same trade a second time.
 */
import { expect, it } from 'vitest';
import { ACCOUNT_TYPES, type SpotOrder } from '../../../../core';
import { buildApp } from '../../../app';
import { testConfig } from '../../../config';
import { checkJournalConsistency, credit } from '../../../db/ledger';
import { ScriptedFeed } from '../../../market';
import { createTestDb } from '../../../testing/db';
import { envelope, post, registerAndLogin } from '../../../testing/app';

const USDT = 4;
const ETH = 2;
const SYM = 'ETH/USDT';

it('a trade that filled the better resting buy is not replayed into the worse one after a restart', async () => {
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
  const token = await registerAndLogin(first.app, 'replay-spot@example.com');
  const { id: userId } = await first.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'replay-spot@example.com')
    .executeTakeFirstOrThrow();
  await first.app.db
    .transaction()
    .execute((trx) =>
      credit(trx, { userId, currencyId: USDT, type: ACCOUNT_TYPES.change, amount: '10000', reason: 'test_grant' }),
    );
  const auth = { authorization: `Bearer ${token}`, lang: 'en' };
  const buy = async (price: string) =>
    envelope(
      await post(
        first.app,
        '/api/coin/trade',
        { amount: '1', target_price: price, currency_id: ETH, legal_id: USDT, type: 'buy' },
        auth,
      ),
    ).message as SpotOrder;
  const feed = first.app.market.feed as ScriptedFeed;
  feed.push(SYM, '3000', '1');
  feed.setBook(SYM, { bids: [['2990', '5']], asks: [['3010', '5']] });
  await first.app.trade.idle();
  const better = await buy('2950');
  const worse = await buy('2940');
  expect([better.status, worse.status]).toEqual(['open', 'open']);

  const trade = feed.push(SYM, '2930', '1'); // through both limits, but only 1 ETH: the 2950 buy takes it
  await first.app.trade.idle();
  const row = (id: number) =>
    handle.db.selectFrom('spot_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect((await row(better.id)).status).toBe('filled');
  expect((await row(worse.id)).status).toBe('open');
  const fill = await handle.db
    .selectFrom('spot_fills')
    .select(['role', 'price', 'tick_seq'])
    .where('order_id', '=', better.id)
    .executeTakeFirstOrThrow();
  expect([fill.role, Number(fill.price), Number(fill.tick_seq)]).toEqual(['maker', 2950, trade.seq]);
  const tick = await handle.db
    .selectFrom('market_ticks')
    .select('price')
    .where('symbol', '=', SYM)
    .where('seq', '=', trade.seq)
    .executeTakeFirst();
  expect(Number(tick?.price)).toBe(2930);
  await first.app.trade.stop();
  await first.app.market.flush();
  await first.close();

  const second = await buildApp(config, { db: handle });
  await second.app.trade.idle();
  const after = await row(worse.id);
  expect(after.status).toBe('open');
  expect(after.filled).toMatch(/^0(\.0+)?$/);
  await second.close();
  expect(await checkJournalConsistency(handle.db)).toEqual([]);
  await handle.close();
}, 120_000);
