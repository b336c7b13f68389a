/**
 * concurrent money requests of one user never answer 5xx. On PostgreSQL two
 * opposite transfers used to lock the same two account rows in opposite orders and one died of
 * "deadlock detected"; exchange and spot orders mixed with transfers likewise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkJournalConsistency } from '../../../db/ledger';
import { envelope, post, type TestApp } from '../../../testing/app';
import { auth, balance, call, closeKit, kit, operator, user } from '../../../testing/funds-kit';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await kit();
  op = await operator(t);
});
afterAll(() => closeKit(t));

const USDT = 4;
const BTC = 1;

async function fund(userId: number, currencyId: number, type: number, amount: string): Promise<void> {
  const r = await call(t, 'POST', '/admin/api/users/adjust', op, {
    user_id: userId,
    currency_id: currencyId,
    type,
    amount,
    reason: 'test funding',
  });
  expect(r.type).toBe('ok');
}

type Req = [url: string, fields: Record<string, string | number>];

/** Fires all requests at once; returns status codes and envelope types. */
async function burst(token: string, reqs: Req[]): Promise<{ status: number; type: string; message: unknown }[]> {
  const res = await Promise.all(reqs.map(([url, fields]) => post(t.app, url, fields, auth(token))));
  return res.map((r) => ({
    status: r.statusCode,
    type: r.statusCode === 200 ? envelope(r).type : 'fault',
    message: r.statusCode === 200 ? envelope(r).message : r.body,
  }));
}

describe('concurrent money requests of one user', () => {
  it('40 opposite transfers (change→lever and lever→change) at once: no 5xx, all done, balances = journal', async () => {
    const u = await user(t);
    await fund(u.id, USDT, 2, '1000');
    await fund(u.id, USDT, 3, '1000');
    const reqs: Req[] = Array.from({ length: 40 }, (_, i) => [
      '/api/wallet/change',
      { currency_id: USDT, number: '1', from_field: i % 2 ? 'change' : 'lever', to_field: i % 2 ? 'lever' : 'change' },
    ]);
    const out = await burst(u.token, reqs);
    expect(out.filter((r) => r.status >= 500)).toEqual([]);
    expect(out.filter((r) => r.type !== 'ok')).toEqual([]);
    expect(await balance(t, u.id, USDT, 2)).toEqual({ available: '1000', frozen: '0' });
    expect(await balance(t, u.id, USDT, 3)).toEqual({ available: '1000', frozen: '0' });
    expect(await checkJournalConsistency(t.app.db)).toEqual([]);
  });

  it('exchanges both ways, spot buys and sells and transfers at once: no 5xx, balances = journal', async () => {
    const u = await user(t);
    await fund(u.id, USDT, 2, '100000');
    await fund(u.id, BTC, 2, '10');
    await fund(u.id, USDT, 3, '1000');
    const kinds: Req[] = [
      ['/api/user/Transfer', { number: '100', from_currency_id: USDT, to_currency_id: BTC }],
      ['/api/user/Transfer', { number: '0.01', from_currency_id: BTC, to_currency_id: USDT }],
      ['/api/coin/trade', { amount: '0.01', currency_id: BTC, legal_id: USDT, type: 'buy' }],
      ['/api/coin/trade', { amount: '0.01', currency_id: BTC, legal_id: USDT, type: 'sell' }],
      ['/api/wallet/change', { currency_id: USDT, number: '1', from_field: 'lever', to_field: 'change' }],
      ['/api/wallet/change', { currency_id: USDT, number: '1', from_field: 'change', to_field: 'lever' }],
    ];
    const reqs = Array.from({ length: 48 }, (_, i) => kinds[i % kinds.length]);
    const out = await burst(u.token, reqs);
    expect(out.filter((r) => r.status >= 500)).toEqual([]);
    expect(out.filter((r) => r.type !== 'ok')).toEqual([]);
    expect(await balance(t, u.id, USDT, 3)).toEqual({ available: '1000', frozen: '0' });
    expect(await checkJournalConsistency(t.app.db)).toEqual([]);
  });

  it('50 exchanges of 100 USDT on a balance of 1,000: exactly ten pass, each whole with its record, no 5xx', async () => {
    const u = await user(t);
    await fund(u.id, USDT, 2, '1000');
    const reqs: Req[] = Array.from({ length: 50 }, () => [
      '/api/user/Transfer',
      { number: '100', from_currency_id: USDT, to_currency_id: BTC },
    ]);
    const out = await burst(u.token, reqs);
    expect(out.filter((r) => r.status >= 500)).toEqual([]);
    const done = out.filter((r) => r.type === 'ok');
    expect(done).toHaveLength(10);
    expect(out.filter((r) => r.type !== 'ok').map((r) => r.message)).toEqual(Array(40).fill('Insufficient balance'));
    // 100 USDT → 0.002 BTC gross at 50 000, less the 0.2 % fee rounded up to 6 decimals
    expect(done.map((r) => r.message)).toEqual(
      Array(10).fill(expect.objectContaining({ number: '100', received: '0.001996' })),
    );
    expect(await balance(t, u.id, USDT)).toEqual({ available: '0', frozen: '0' });
    expect(await balance(t, u.id, BTC)).toEqual({ available: '0.01996', frozen: '0' });
    const rows = await t.app.db.selectFrom('exchanges').select('id').where('user_id', '=', u.id).execute();
    expect(rows.map((r) => r.id).sort()).toEqual(done.map((r) => (r.message as { id: number }).id).sort());
    expect(await checkJournalConsistency(t.app.db)).toEqual([]);
  });

  it('one exchange sent 10 times at once with one Idempotency-Key: done once, every answer the first one', async () => {
    const u = await user(t);
    await fund(u.id, USDT, 2, '1000');
    const send = () =>
      post(
        t.app,
        '/api/user/Transfer',
        { number: '100', from_currency_id: USDT, to_currency_id: BTC },
        {
          ...auth(u.token),
          'idempotency-key': 'swap-1',
        },
      );
    const out = (await Promise.all(Array.from({ length: 10 }, send))).map((r) => ({
      status: r.statusCode,
      ...envelope(r),
    }));
    expect(out.filter((r) => r.status >= 500)).toEqual([]);
    const done = out.filter((r) => r.type === 'ok');
    expect(done.length).toBeGreaterThanOrEqual(1);
    // the late retry: the answer rebuilt from the committed record, the same as the first
    const again = envelope(await send());
    for (const r of done) expect(r.message).toEqual(again.message);
    const rows = await t.app.db.selectFrom('exchanges').select('id').where('user_id', '=', u.id).execute();
    expect(rows.map((r) => r.id)).toEqual([(again.message as { id: number }).id]);
    expect(await balance(t, u.id, USDT)).toEqual({ available: '900', frozen: '0' });
    expect(await checkJournalConsistency(t.app.db)).toEqual([]);
  });
});
