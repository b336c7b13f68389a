/**
 * Restart replay (the rest): a level crossed by a durable tick just before a
 * crash — seen by the feed, never acted on — is decided at the next start from THAT tick: the
 * position closes at its price with its seq, the resting limit order fills at its limit through
 * the matching engine, recording the crossing tick, exactly once; ticks from before a level was
 * set never count.
 */
import { expect, it } from 'vitest';
import { ACCOUNT_TYPES, type LeverPosition, type SpotOrder } from '../../../../core';
import { buildApp } from '../../../app';
import { testConfig } from '../../../config';
import { checkJournalConsistency, credit } from '../../../db/ledger';
import { ScriptedFeed } from '../../../market';
import { createTestDb } from '../../../testing/db';
import { envelope, post, registerAndLogin } from '../../../testing/app';

const USDT = 4;
const BTC = 1;
const ETH = 2;

it('after a crash, closes at the recorded tick that crossed the stop-loss and fills the limit order the recorded tick crossed, once', async () => {
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
  const token = await registerAndLogin(first.app, 'replay@example.com');
  const { id: userId } = await first.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'replay@example.com')
    .executeTakeFirstOrThrow();
  await first.app.db.transaction().execute(async (trx) => {
    await credit(trx, { userId, currencyId: USDT, type: ACCOUNT_TYPES.lever, amount: '10000', reason: 'test_grant' });
    await credit(trx, { userId, currencyId: USDT, type: ACCOUNT_TYPES.change, amount: '100000', reason: 'test_grant' });
  });
  const auth = { authorization: `Bearer ${token}`, lang: 'en' };
  const call = async <T>(url: string, body: Record<string, string | number>) =>
    envelope(await post(first.app, url, body, auth)).message as T;
  const feed = first.app.market.feed as ScriptedFeed;
  feed.push('ETH/USDT', '3000', '1');
  feed.push('BTC/USDT', '50000', '1');
  const pos = await call<LeverPosition>('/api/lever/submit', {
    currency_id: ETH,
    legal_id: USDT,
    type: 'long',
    share: '100',
    multiple: 10,
    stop_loss_price: '2900',
  });
  feed.push('ETH/USDT', '2850', '1'); // crosses 2900 live: closes now
  await first.app.trade.idle();
  // A second position whose stop is set after a dip: the dip is older than the stop and never counts.
  feed.push('ETH/USDT', '3000', '1');
  const pos2 = await call<LeverPosition>('/api/lever/submit', {
    currency_id: ETH,
    legal_id: USDT,
    type: 'long',
    share: '100',
    multiple: 10,
  });
  feed.push('ETH/USDT', '2700', '1');
  feed.push('ETH/USDT', '3000', '1');
  await first.app.trade.idle();
  await call('/api/lever/setstop', { id: pos2.id, stop_loss_price: '2800' });
  const pos3 = await call<LeverPosition>('/api/lever/submit', {
    currency_id: ETH,
    legal_id: USDT,
    type: 'long',
    share: '100',
    multiple: 10,
    stop_loss_price: '2900',
  });
  const order = await call<SpotOrder>('/api/coin/trade', {
    amount: '1',
    target_price: '48000',
    currency_id: BTC,
    legal_id: USDT,
    type: 'buy',
  });
  expect(order.status).toBe('open');
  expect(
    (await first.app.db.selectFrom('lever_orders').select('status').where('id', '=', pos.id).executeTakeFirstOrThrow())
      .status,
  ).toBe('closed');

  // The process stops acting (the kill lands here) while the feed still records these ticks.
  await first.app.trade.stop();
  const sl = feed.push('ETH/USDT', '2890', '1'); // crosses pos3's stop (2900), not pos2's (2800)
  feed.push('ETH/USDT', '2950', '1');
  feed.push('BTC/USDT', '48500', '1');
  const fill = feed.push('BTC/USDT', '47990', '1'); // crosses the limit buy
  feed.push('BTC/USDT', '47000', '1');
  await first.app.market.flush();
  await first.close();

  const second = await buildApp(config, { db: handle });
  await second.app.trade.idle();
  (second.app.market.feed as ScriptedFeed).push('ETH/USDT', '9999', '1'); // later prices must not matter
  await second.app.trade.idle();
  const rows = await handle.db
    .selectFrom('lever_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  expect(byId.get(pos3.id)).toMatchObject({ status: 'closed', close_reason: 'stop_loss' });
  expect(Number(byId.get(pos3.id)?.close_seq)).toBe(sl.seq);
  expect(Number(byId.get(pos3.id)?.close_price)).toBe(2890);
  expect(byId.get(pos2.id)?.status).toBe('position'); // the 2700 dip came before its stop was set
  const spot = await handle.db
    .selectFrom('spot_orders')
    .selectAll()
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
  expect(spot.status).toBe('filled');
  expect(Number(spot.fill_price)).toBe(48000);
  // the matching engine's fill (maker, at its own price); the crossing tick is on record with it
  const fills = await handle.db
    .selectFrom('spot_fills')
    .select(['role', 'price', 'qty'])
    .where('order_id', '=', order.id)
    .execute();
  expect(fills.map((f) => [f.role, Number(f.price), Number(f.qty)])).toEqual([['maker', 48000, 1]]);
  const crossing = await handle.db
    .selectFrom('market_ticks')
    .select('price')
    .where('symbol', '=', 'BTC/USDT')
    .where('seq', '=', fill.seq)
    .executeTakeFirst();
  expect(Number(crossing?.price)).toBe(47990);
  const tick = await handle.db
    .selectFrom('market_ticks')
    .select('price')
    .where('symbol', '=', 'ETH/USDT')
    .where('seq', '=', sl.seq)
    .executeTakeFirst();
  expect(Number(tick?.price)).toBe(2890);
  await second.close();

  // Exactly once: a further restart changes nothing.
  const journal = async () =>
    (
      await handle.db
        .selectFrom('journal')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n;
  const before = await journal();
  const third = await buildApp(config, { db: handle });
  await third.app.trade.idle();
  await third.close();
  expect(await journal()).toBe(before);
  expect(await checkJournalConsistency(handle.db)).toEqual([]);
  await handle.close();
}, 120_000);
