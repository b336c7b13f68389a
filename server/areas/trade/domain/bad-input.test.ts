/**
 * Bad input gets a clear, translated error and changes nothing: no order row, no journal row,
 * no balance moved. Also: someone else's order is not found, stocks refuse orders outside hours.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACCOUNT_TYPES, type SpotOrder } from '../../../../core';
import { createKit, type Kit } from '../../../testing/trade-kit';

const USDT = 4;
const BTC = 1;
let k: Kit;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
let aliceOrder: SpotOrder;

async function snapshot() {
  const r = await sql<{ t: string }>`
    SELECT (SELECT count(*) FROM spot_orders)::text || '/' || (SELECT count(*) FROM lever_orders)::text || '/' ||
           (SELECT count(*) FROM seconds_orders)::text || '/' || (SELECT count(*) FROM journal)::text || '/' ||
           (SELECT coalesce(sum(available), 0) + coalesce(sum(frozen), 0) FROM accounts)::text ||
           (SELECT string_agg(status, ',' ORDER BY id) FROM spot_orders) AS t`.execute(k.app.db);
  return r.rows[0].t;
}

beforeAll(async () => {
  k = await createKit();
  alice = await k.user('alice@example.com');
  bob = await k.user('bob@example.com');
  await k.fund(alice.id, USDT, ACCOUNT_TYPES.change, '1000');
  await k.fund(alice.id, USDT, ACCOUNT_TYPES.lever, '1000');
  await k.fund(alice.id, USDT, ACCOUNT_TYPES.micro, '1000');
  await k.tick('BTC/USDT', '50000');
  await k.tick('AAPL/USDT', '200');
  aliceOrder = (
    await k.call('POST', '/api/coin/trade', alice.token, {
      amount: '0.001',
      target_price: '40000',
      currency_id: BTC,
      legal_id: USDT,
      type: 'buy',
    })
  ).message as SpotOrder;
});
afterAll(async () => {
  await k.t.close();
});

const spot = (over: Record<string, string | number>) => ({
  amount: '0.01',
  currency_id: BTC,
  legal_id: USDT,
  type: 'buy',
  ...over,
});

describe('bad input changes nothing', () => {
  const cases: [string, string, string, Record<string, string | number>, string][] = [
    ['non-numeric amount', 'POST', '/api/coin/trade', spot({ amount: 'abc' }), 'Please enter a correct quantity'],
    ['negative amount', 'POST', '/api/coin/trade', spot({ amount: '-1' }), 'Please enter a correct quantity'],
    ['too many decimals', 'POST', '/api/coin/trade', spot({ amount: '0.0000001' }), 'At most 6 decimal places'],
    ['below the minimum', 'POST', '/api/coin/trade', spot({ amount: '0.00001' }), 'The minimum is 0.0001'],
    [
      'price with too many decimals',
      'POST',
      '/api/coin/trade',
      spot({ target_price: '100.123' }),
      'At most 2 decimal places',
    ],
    ['unknown pair', 'POST', '/api/coin/trade', spot({ currency_id: 999 }), 'Unknown trading pair'],
    ['unknown side', 'POST', '/api/coin/trade', spot({ type: 'hold' }), 'Parameter error'],
    ['insufficient balance (spot)', 'POST', '/api/coin/trade', spot({ amount: '1' }), 'Insufficient balance'],
    [
      'insufficient balance (lever)',
      'POST',
      '/api/lever/submit',
      { currency_id: BTC, legal_id: USDT, type: 'long', share: '1000', multiple: 5 },
      'Insufficient balance',
    ],
    [
      'multiple not allowed',
      'POST',
      '/api/lever/submit',
      { currency_id: BTC, legal_id: USDT, type: 'long', share: '1', multiple: 7 },
      'This multiple is not available for this pair',
    ],
    [
      'fractional lots',
      'POST',
      '/api/lever/submit',
      { currency_id: BTC, legal_id: USDT, type: 'long', share: '1.5', multiple: 10 },
      'At most 0 decimal places',
    ],
    [
      'too many lots',
      'POST',
      '/api/lever/submit',
      { currency_id: BTC, legal_id: USDT, type: 'long', share: '1001', multiple: 10 },
      'The maximum is 1000',
    ],
    [
      'stop-loss above a long entry',
      'POST',
      '/api/lever/submit',
      { currency_id: BTC, legal_id: USDT, type: 'long', share: '1', multiple: 10, stop_loss_price: '51000' },
      'The take-profit or stop-loss price is on the wrong side of the price',
    ],
    [
      'seconds below minimum',
      'POST',
      '/api/microtrade/submit',
      { match_id: BTC, currency_id: USDT, type: 'up', seconds: 30, number: '5' },
      'The minimum is 10',
    ],
    [
      'seconds unknown period',
      'POST',
      '/api/microtrade/submit',
      { match_id: BTC, currency_id: USDT, type: 'up', seconds: 45, number: '50' },
      'This option period is not available',
    ],
    [
      'seconds stake in a coin that is not payable',
      'POST',
      '/api/microtrade/submit',
      { match_id: BTC, currency_id: BTC, type: 'up', seconds: 30, number: '50' },
      'This currency cannot be used for seconds options',
    ],
    [
      'seconds insufficient balance',
      'POST',
      '/api/microtrade/submit',
      { match_id: BTC, currency_id: USDT, type: 'up', seconds: 300, number: '5000' },
      'Insufficient balance',
    ],
  ];
  for (const [name, method, url, fields, message] of cases) {
    it(name, async () => {
      const before = await snapshot();
      const r = await k.call(method as 'POST', url, alice.token, fields);
      expect(r).toEqual({ type: 'error', code: 0, message });
      expect(await snapshot()).toBe(before);
    });
  }

  it("someone else's order id is not found (cancel, close, setstop, result)", async () => {
    const before = await snapshot();
    for (const [url, fields] of [
      ['/api/coin/cancel', { id: aliceOrder.id }],
      ['/api/lever/close', { id: 1 }],
      ['/api/lever/setstop', { id: 1, target_profit_price: '60000' }],
      ['/api/microtrade/get_result', { id: 1 }],
    ] as const) {
      expect(await k.call('POST', url, bob.token, fields)).toEqual({
        type: 'error',
        code: 0,
        message: 'Order not found',
      });
    }
    expect(await snapshot()).toBe(before);
    expect((await k.call('GET', '/api/coin/list', bob.token, {})).message).toEqual([]);
  });

  it('answers in the request language', async () => {
    const r = await k.app.inject({
      method: 'POST',
      url: '/api/coin/trade',
      payload: new URLSearchParams(
        Object.entries(spot({ amount: 'x' })).map(([a, b]): [string, string] => [a, String(b)]),
      ).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Bearer ${alice.token}`,
        lang: 'zh',
      },
    });
    expect(r.json()).toMatchObject({ type: 'error', message: '请输入正确的数量' });
  });
});

describe('stock market hours (Mon–Fri 14:30–21:00 UTC)', () => {
  const order = { amount: '1', currency_id: 101, legal_id: USDT, type: 'buy' };
  it('refuses stock orders on a Saturday and before the open, with the hours in the message', async () => {
    const before = await snapshot();
    k.clock.now = Date.UTC(2025, 0, 11, 15, 0); // Saturday
    expect(await k.call('POST', '/api/coin/trade', alice.token, order)).toEqual({
      type: 'error',
      code: 0,
      message: 'The stock market is closed. Orders are accepted Mon–Fri 14:30–21:00 UTC',
    });
    k.clock.now = Date.UTC(2025, 0, 6, 14, 29); // Monday 14:29
    expect(
      (
        await k.call('POST', '/api/lever/submit', alice.token, {
          currency_id: 101,
          legal_id: USDT,
          type: 'long',
          share: '1',
          multiple: 5,
        })
      ).type,
    ).toBe('error');
    expect(await snapshot()).toBe(before);
  });
  it('accepts them on a weekday inside the hours; crypto trades on Saturday', async () => {
    k.clock.now = Date.UTC(2025, 0, 6, 14, 30);
    expect((await k.call('POST', '/api/coin/trade', alice.token, order)).message).toMatchObject({
      status: 'filled',
      fill_price: '200',
      fee: '0.2',
    });
    k.clock.now = Date.UTC(2025, 0, 11, 15, 0);
    expect((await k.call('POST', '/api/coin/trade', alice.token, spot({ amount: '0.001' }))).message).toMatchObject({
      status: 'filled',
    });
    const settings = (await k.call('GET', '/api/coin/settings', alice.token)).message as {
      symbol: string;
      trading_open: boolean;
      multiples: number[];
      spot_fee_rate: string;
    }[];
    expect(settings.find((s) => s.symbol === 'AAPL/USDT')).toMatchObject({
      trading_open: false,
      multiples: [1, 2, 5, 10],
    });
    expect(settings.find((s) => s.symbol === 'BTC/USDT')).toMatchObject({
      trading_open: true,
      spot_fee_rate: '0',
      multiples: [5, 10, 20, 50, 100, 125],
    });
  });
});
