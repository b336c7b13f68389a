/**
 * The trading engines driven by the scripted feed: what a user would notice — when an order fills,
 * what it cost, when a position closes and what is left, how a seconds order settles.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_TYPES, type LeverPosition, type SecondsOrder, type SpotOrder } from '../../../../core';
import { checkJournalConsistency } from '../../../db/ledger';
import { createKit, type Kit } from '../../../testing/trade-kit';

const { change: CHANGE, lever: LEVER, micro: MICRO } = ACCOUNT_TYPES;
const USDT = 4;
const BTC = 1;
const ETH = 2;

let k: Kit;
/** lever/my_trade's positions: the paginator under message.message (WIRE.md) */
const myTrade = async (token: string, status: string) =>
  ((await k.call('POST', '/api/lever/my_trade', token, { status })).message as { message: { data: LeverPosition[] } })
    .message.data;
beforeAll(async () => {
  k = await createKit();
});
afterAll(async () => {
  expect(await checkJournalConsistency(k.app.db)).toEqual([]);
  await k.t.close();
});

describe('spot', () => {
  it('a limit buy fills exactly when the price crosses its limit, not before, at its limit price', async () => {
    const u = await k.user('spot1@example.com');
    await k.fund(u.id, USDT, CHANGE, '100000');
    await k.tick('BTC/USDT', '50000');
    const placed = await k.call('POST', '/api/coin/trade', u.token, {
      amount: '0.5',
      target_price: '49000',
      currency_id: BTC,
      legal_id: USDT,
      type: 'buy',
    });
    expect(placed.type).toBe('ok');
    const o = placed.message as SpotOrder;
    expect(o).toMatchObject({ status: 'open', kind: 'limit', frozen: '24500', fee: '0' });
    expect(await k.balance(u.id, USDT, CHANGE)).toEqual({ available: '75500', frozen: '24500' });

    await k.tick('BTC/USDT', '49500');
    await k.tick('BTC/USDT', '49000.01');
    let list = (await k.call('GET', '/api/coin/list', u.token, { status: 'progress' })).message as SpotOrder[];
    expect(list.map((x) => x.id)).toEqual([o.id]);

    await k.tick('BTC/USDT', '48999.5');
    list = (await k.call('GET', '/api/coin/list', u.token, { status: 'complete' })).message as SpotOrder[];
    expect(list[0]).toMatchObject({
      id: o.id,
      status: 'filled',
      fill_price: '49000',
      total: '24500',
      fee: '0',
      fill_seq: k.app.market.books.book('BTC/USDT').source.seq,
      frozen: '0',
    });
    expect(await k.balance(u.id, USDT, CHANGE)).toEqual({ available: '75500', frozen: '0' });
    expect(await k.balance(u.id, BTC, CHANGE)).toEqual({ available: '0.5', frozen: '0' });
  });

  it('BTC spot charges no fee; ETH spot charges its 0.1 % pair fee', async () => {
    const u = await k.user('spot2@example.com');
    await k.fund(u.id, USDT, CHANGE, '10000');
    await k.tick('BTC/USDT', '60000');
    await k.tick('ETH/USDT', '3000');
    const btc = (
      await k.call('POST', '/api/coin/trade', u.token, { amount: '0.1', currency_id: BTC, legal_id: USDT, type: 'buy' })
    ).message as SpotOrder;
    expect(btc).toMatchObject({
      status: 'filled',
      kind: 'market',
      fill_price: '60000',
      total: '6000',
      fee: '0',
      fee_rate: '0',
    });
    const eth = (
      await k.call('POST', '/api/coin/trade', u.token, { amount: '1', currency_id: ETH, legal_id: USDT, type: 'buy' })
    ).message as SpotOrder;
    expect(eth).toMatchObject({ status: 'filled', total: '3000', fee: '3' });
    expect((await k.balance(u.id, USDT, CHANGE)).available).toBe('997'); // 10000 − 6000 − 3000 − 3
    const sell = (
      await k.call('POST', '/api/coin/trade', u.token, {
        amount: '0.1',
        currency_id: BTC,
        legal_id: USDT,
        type: 'sell',
      })
    ).message as SpotOrder;
    expect(sell).toMatchObject({ status: 'filled', fee: '0' });
    expect((await k.balance(u.id, USDT, CHANGE)).available).toBe('6997');
  });

  it('cancel unfreezes a limit sell; a second cancel is refused', async () => {
    const u = await k.user('spot3@example.com');
    await k.fund(u.id, ETH, CHANGE, '2');
    await k.tick('ETH/USDT', '3000');
    const o = (
      await k.call('POST', '/api/coin/trade', u.token, {
        amount: '1.5',
        target_price: '3500',
        currency_id: ETH,
        legal_id: USDT,
        type: 'sell',
      })
    ).message as SpotOrder;
    expect(await k.balance(u.id, ETH, CHANGE)).toEqual({ available: '0.5', frozen: '1.5' });
    expect((await k.call('POST', '/api/coin/cancel', u.token, { id: o.id })).message).toMatchObject({
      status: 'cancelled',
    });
    expect(await k.balance(u.id, ETH, CHANGE)).toEqual({ available: '2', frozen: '0' });
    expect(await k.call('POST', '/api/coin/cancel', u.token, { id: o.id })).toMatchObject({
      type: 'error',
      message: 'The order is already filled, closed or cancelled',
    });
    await k.tick('ETH/USDT', '3600'); // the cancelled order does not fill
    expect(await k.balance(u.id, ETH, CHANGE)).toEqual({ available: '2', frozen: '0' });
  });
});

describe('lever', () => {
  it('take-profit triggers at its price and not before; stop-loss likewise', async () => {
    const u = await k.user('lever1@example.com');
    await k.fund(u.id, USDT, LEVER, '10000');
    await k.tick('ETH/USDT', '3000');
    // ETH: lot 0.01 ETH; 100 lots = 1 ETH; 10× → margin 300, fee 0.05 % of 3000 = 1.5
    const tp = (
      await k.call('POST', '/api/lever/submit', u.token, {
        currency_id: ETH,
        legal_id: USDT,
        type: 'long',
        share: '100',
        multiple: 10,
        target_profit_price: '3100',
        stop_loss_price: '2900',
      })
    ).message as LeverPosition;
    expect(tp).toMatchObject({
      status: 1,
      price: '3000',
      caution_money: '300',
      trade_fee: '1.5',
      share: '100',
      lot_size: '0.01',
      multiple: 10,
    });
    const sl = (
      await k.call('POST', '/api/lever/submit', u.token, {
        currency_id: ETH,
        legal_id: USDT,
        type: 'short',
        share: '100',
        multiple: 10,
        stop_loss_price: '3050',
      })
    ).message as LeverPosition;
    expect(await k.balance(u.id, USDT, LEVER)).toEqual({ available: '9397', frozen: '600' });

    await k.tick('ETH/USDT', '3049.99');
    const hit = await k.tick('ETH/USDT', '3050');
    let hist = { list: await myTrade(u.token, 'history') };
    expect(hist.list).toHaveLength(1);
    expect(hist.list[0]).toMatchObject({
      id: sl.id,
      status: 3,
      close_reason: 'stop_loss',
      close_price: '3050',
      close_seq: hit.seq,
      profits: '-50',
    });

    await k.tick('ETH/USDT', '3099.99');
    expect({ list: await myTrade(u.token, 'position') }.list.map((p) => p.id)).toEqual([tp.id]);
    await k.tick('ETH/USDT', '3100');
    hist = { list: await myTrade(u.token, 'history') };
    expect(hist.list.find((x) => x.id === tp.id)).toMatchObject({
      close_reason: 'take_profit',
      close_price: '3100',
      profits: '100',
    });
    // 10000 − 1.5 − 1.5 − 50 + 100
    expect(await k.balance(u.id, USDT, LEVER)).toEqual({ available: '10047', frozen: '0' });
  });

  it('a limit entry freezes margin and fee, opens when the price crosses, and a cancelled one unfreezes', async () => {
    const u = await k.user('lever2@example.com');
    await k.fund(u.id, USDT, LEVER, '1000');
    await k.tick('ETH/USDT', '3000');
    const e = (
      await k.call('POST', '/api/lever/submit', u.token, {
        currency_id: ETH,
        legal_id: USDT,
        type: 'long',
        status: 'limit',
        target_price: '2950',
        share: '10',
        multiple: 20,
      })
    ).message as LeverPosition;
    expect(e).toMatchObject({ status: 0, caution_money: '14.75', trade_fee: '0.1475' });
    expect(await k.balance(u.id, USDT, LEVER)).toEqual({ available: '985.1025', frozen: '14.8975' });
    await k.tick('ETH/USDT', '2950.01');
    const fill = await k.tick('ETH/USDT', '2949');
    const pos = { list: await myTrade(u.token, 'position') }.list[0];
    expect(pos).toMatchObject({ id: e.id, status: 1, price: '2950', open_seq: fill.seq });
    expect(await k.balance(u.id, USDT, LEVER)).toEqual({ available: '985.1025', frozen: '14.75' });

    const e2 = (
      await k.call('POST', '/api/lever/submit', u.token, {
        currency_id: ETH,
        legal_id: USDT,
        type: 'short',
        status: 'limit',
        target_price: '3200',
        share: '10',
        multiple: 20,
      })
    ).message as LeverPosition;
    expect((await k.call('POST', '/api/lever/close', u.token, { id: e2.id })).message).toMatchObject({ status: 4 });
    expect(await k.balance(u.id, USDT, LEVER)).toEqual({ available: '985.1025', frozen: '14.75' });
    const closed = (await k.call('POST', '/api/lever/batch_close', u.token, { type: 'long' })).message as {
      closed: number;
    };
    expect(closed.closed).toBe(1);
  });

  it('a 10× long whose price falls is force-closed when the risk rate reaches the line, not before', async () => {
    const u = await k.user('liq1@example.com');
    await k.fund(u.id, USDT, LEVER, '1000');
    await k.tick('BTC/USDT', '50000');
    // BTC: lot 0.001; 190 lots = 0.19 BTC = 9500 USDT; 10× → margin 950, fee 4.75
    const p = (
      await k.call('POST', '/api/lever/submit', u.token, {
        currency_id: BTC,
        legal_id: USDT,
        type: 'long',
        share: '190',
        multiple: 10,
      })
    ).message as LeverPosition;
    expect(p).toMatchObject({ caution_money: '950', trade_fee: '4.75' });
    // risk = (45.25 + 950 + P&L) / 950: 47300 → 50.76 %, 47200 → 48.76 % (line 50 %)
    await k.tick('BTC/USDT', '48000');
    await k.tick('BTC/USDT', '47300');
    const deal = (await k.call('POST', '/api/lever/deal', u.token, { currency_id: BTC, legal_id: USDT })).message as {
      account: { risk_rate: string };
      my_transaction: LeverPosition[];
    };
    expect(deal.account.risk_rate).toBe('50.76');
    expect(deal.my_transaction[0]).toMatchObject({ status: 1, risk_rate: '50.76' });
    const hit = await k.tick('BTC/USDT', '47200');
    const hist = { list: await myTrade(u.token, 'history') }.list;
    expect(hist[0]).toMatchObject({
      id: p.id,
      close_reason: 'liquidation',
      close_price: '47200',
      close_seq: hit.seq,
      profits: '-532',
      uncovered_loss: '0',
    });
    expect(await k.balance(u.id, USDT, LEVER)).toEqual({ available: '463.25', frozen: '0' });
  });

  // loss 1900 against what is held (balance − fee): that is taken, the rest absorbed. The second
  // case needs 21 digits (904.62654321098765432 with decimal.js's default 20).
  it.each([
    { email: 'liq2@example.com', funded: '1000', taken: '995.25', absorbed: '904.75' },
    {
      email: 'liq3@example.com',
      funded: '1000.123456789012345678',
      taken: '995.373456789012345678',
      absorbed: '904.626543210987654322',
    },
  ])(
    'a price gap past zero equity closes the position and leaves the balance at 0, never below (funded $funded)',
    async ({ email, funded, taken, absorbed }) => {
      const u = await k.user(email);
      await k.fund(u.id, USDT, LEVER, funded);
      await k.tick('BTC/USDT', '50000');
      await k.call('POST', '/api/lever/submit', u.token, {
        currency_id: BTC,
        legal_id: USDT,
        type: 'long',
        share: '190',
        multiple: 10,
      });
      await k.tick('BTC/USDT', '40000');
      const hist = { list: await myTrade(u.token, 'history') }.list;
      expect(hist[0]).toMatchObject({ close_reason: 'liquidation', profits: `-${taken}`, uncovered_loss: absorbed });
      expect(await k.balance(u.id, USDT, LEVER)).toEqual({ available: '0', frozen: '0' });
    },
  );

  it('the overnight fee is charged once per UTC day per position', async () => {
    const u = await k.user('night@example.com');
    await k.fund(u.id, USDT, LEVER, '10000');
    await k.tick('ETH/USDT', '3000');
    const day = Date.UTC(2025, 0, 6);
    k.clock.now = day + 10 * 3600_000;
    const p = (
      await k.call('POST', '/api/lever/submit', u.token, {
        currency_id: ETH,
        legal_id: USDT,
        type: 'long',
        share: '100',
        multiple: 10,
      })
    ).message as LeverPosition;
    const after = await k.balance(u.id, USDT, LEVER);
    const fees = async () =>
      (
        await k.app.db
          .selectFrom('journal')
          .select('delta_available')
          .where('reason', '=', 'lever_overnight_fee')
          .where('user_id', '=', u.id)
          .execute()
      ).map((r) => Number(r.delta_available));
    await k.app.trade.chargeOvernight(day + 12 * 3600_000); // same day as opened: nothing
    expect(await fees()).toEqual([]);
    await k.app.trade.chargeOvernight(day + 86_400_000 + 60_000);
    await k.app.trade.chargeOvernight(day + 86_400_000 + 23 * 3600_000);
    await Promise.all([
      k.app.trade.chargeOvernight(day + 86_400_000 + 5),
      k.app.trade.chargeOvernight(day + 86_400_000 + 7),
    ]);
    expect(await fees()).toEqual([-1.5]); // 3000 × 0.0005
    await k.app.trade.chargeOvernight(day + 2 * 86_400_000 + 1);
    expect(await fees()).toEqual([-1.5, -1.5]);
    const pos = { list: await myTrade(u.token, 'position') }.list.find((x) => x.id === p.id);
    expect(pos?.overnight_money).toBe('3');
    expect((await k.balance(u.id, USDT, LEVER)).available).toBe(String(Number(after.available) - 3));
    await k.call('POST', '/api/lever/batch_close', u.token, { type: 'all' });
  });
});

describe('seconds', () => {
  async function order(token: string, type: 'up' | 'down', matchId = BTC) {
    const r = await k.call('POST', '/api/microtrade/submit', token, {
      match_id: matchId,
      currency_id: USDT,
      type,
      seconds: 30,
      number: '100',
    });
    expect(r.type).toBe('ok');
    return r.message as SecondsOrder;
  }

  it('wins, loses and ties on the last tick at or before expiry, recording both prices and seqs', async () => {
    const u = await k.user('sec1@example.com');
    await k.fund(u.id, USDT, MICRO, '1000');
    const t0 = Date.UTC(2025, 0, 6, 16, 0, 0);
    k.clock.now = t0;
    const buy = await k.tick('BTC/USDT', '50000', t0 - 500);
    const up = await order(u.token, 'up');
    const down = await order(u.token, 'down');
    expect(up).toMatchObject({
      status: 1,
      open_price: '50000',
      remain_milli_seconds: 30_000,
      buy_seq: buy.seq,
      expires_at: t0 + 30_000,
      expected_profit: '15',
    });
    expect(await k.balance(u.id, USDT, MICRO)).toEqual({ available: '800', frozen: '200' });

    const end = await k.tick('BTC/USDT', '50100', t0 + 29_000);
    await k.tick('BTC/USDT', '40000', t0 + 30_000); // exactly at expiry: counts
    await k.tick('BTC/USDT', '60000', t0 + 30_001); // after expiry: ignored
    k.clock.now = t0 + 29_999;
    await k.settle();
    expect((await k.call('GET', '/api/microtrade/get_result', u.token, { id: up.id })).message).toMatchObject({
      status: 1,
    });
    k.clock.now = t0 + 30_000;
    await k.settle();
    const upDone = (await k.call('GET', '/api/microtrade/get_result', u.token, { id: up.id })).message as SecondsOrder;
    expect(upDone).toMatchObject({
      status: 3,
      result: 'lose',
      end_price: '40000',
      end_seq: end.seq + 1,
      payout: '0',
      fact_profits: '-100',
      remain_milli_seconds: 0,
    });
    const downDone = (await k.call('GET', '/api/microtrade/get_result', u.token, { id: down.id }))
      .message as SecondsOrder;
    expect(downDone).toMatchObject({ result: 'win', payout: '115', fact_profits: '15' });
    expect(await k.balance(u.id, USDT, MICRO)).toEqual({ available: '915', frozen: '0' });

    // a tie: no tick after the buy → the end price is the buy tick
    k.clock.now = t0 + 60_000;
    const tie = await order(u.token, 'up');
    k.clock.now += 30_000;
    await k.settle();
    expect((await k.call('GET', '/api/microtrade/get_result', u.token, { id: tie.id })).message).toMatchObject({
      result: 'tie',
      end_price: '60000',
      end_seq: tie.buy_seq,
      payout: '100',
      fact_profits: '0',
    });
    expect(await k.balance(u.id, USDT, MICRO)).toEqual({ available: '915', frozen: '0' });

    const list = (await k.call('GET', '/api/microtrade/lists', u.token, {})).message as {
      data: SecondsOrder[];
      per_page: number;
      total: number;
    };
    expect(list.per_page).toBe(5);
    expect(list.total).toBe(3);
  });

  it('the settlement timer settles an expired order within a second, by itself', async () => {
    const u = await k.user('sec2@example.com');
    await k.fund(u.id, USDT, MICRO, '1000');
    k.clock.now = Date.now();
    await k.tick('ETH/USDT', '3000', k.clock.now);
    const o = await order(u.token, 'up', ETH);
    await k.tick('ETH/USDT', '3001', k.clock.now + 1000);
    // due on the engine's clock; nobody calls settle: the settlement timer finds it by itself
    // (waited for as long as a loaded machine takes, not raced against a wall-clock second)
    k.clock.now = o.expires_at;
    const r = await vi.waitFor(
      async () => {
        const got = (await k.call('GET', '/api/microtrade/get_result', u.token, { id: o.id })).message as SecondsOrder;
        expect(got.status).toBe(3);
        return got;
      },
      { timeout: 20_000, interval: 20 },
    );
    expect(r).toMatchObject({ status: 3, result: 'win', end_price: '3001' });
    // within a second, on the engine's own record: settled at its expiry instant
    const row = await k.app.db
      .selectFrom('seconds_orders')
      .select('settled_at')
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(row.settled_at?.getTime()).toBe(o.expires_at);
  });
});
