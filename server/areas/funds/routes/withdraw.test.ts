import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkJournalConsistency } from '../../../db/ledger';
import type { TestApp } from '../../../testing/app';
import { balance, call, closeKit, kit, operator, prices, user, type TestUser } from '../../../testing/funds-kit';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await kit();
  op = await operator(t);
});
afterAll(() => closeKit(t));

const USDT = 4;
const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'; // a TRC20 address (USDT)
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

async function fund(u: TestUser, amount: string): Promise<void> {
  const r = await call(t, 'POST', '/admin/api/users/adjust', op, {
    user_id: u.id,
    currency_id: USDT,
    type: 2,
    amount,
    reason: 'test funding',
  });
  expect(r.type).toBe('ok');
}

function withdraw(u: TestUser, number: string, extra: Record<string, string> = {}) {
  return call(t, 'POST', '/api/wallet/out', u.token, {
    currency: USDT,
    number,
    address: ADDRESS,
    pay_password: 'paypass123',
    ...extra,
  });
}

describe('withdraw', () => {
  it('50 concurrent withdrawals racing for one balance never overdraw, and journal = balances', async () => {
    const u = await user(t, { level: 2, payPassword: 'paypass123' });
    await fund(u, '1000');
    // Each asks for 30 USDT: at most 33 fit in 1000.
    const results = await Promise.all(Array.from({ length: 50 }, () => withdraw(u, '30')));
    const okCount = results.filter((r) => r.type === 'ok').length;
    const refused = results.filter((r) => r.type !== 'ok');
    expect(okCount).toBe(33);
    expect(refused.every((r) => r.message === 'Insufficient balance')).toBe(true);
    const b = await balance(t, u.id, USDT);
    expect(b).toEqual({ available: '10', frozen: '990' });
    const rows = await t.app.db.selectFrom('withdrawals').select('id').where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(33);
    expect(await checkJournalConsistency(t.app.db)).toEqual([]);
  }, 60_000);

  it('a rejected withdrawal returns exactly the frozen amount, with the reason shown to the user', async () => {
    const u = await user(t, { level: 1, payPassword: 'paypass123' });
    await fund(u, '123.456789');
    const w = await withdraw(u, '100.123456789');
    expect(w.type).toBe('ok');
    const entry = w.message as { id: number; fee: string; received: string; status: string };
    expect(entry).toMatchObject({ fee: '1', received: '99.123456789', status: 'pending', network: 'TRC20' }); // the operator sends on the address's network
    expect(await balance(t, u.id, USDT)).toEqual({ available: '23.333332211', frozen: '100.123456789' });

    // a reason is mandatory to reject
    expect(
      (await call(t, 'POST', '/admin/api/withdrawals/review', op, { id: entry.id, approve: 0, reason: '' })).type,
    ).toBe('error');
    const r = await call(t, 'POST', '/admin/api/withdrawals/review', op, {
      id: entry.id,
      approve: 0,
      reason: 'address on a blocklist',
    });
    expect(r.type).toBe('ok');
    expect(await balance(t, u.id, USDT)).toEqual({ available: '123.456789', frozen: '0' });
    // reviewing twice changes nothing
    expect(
      (await call(t, 'POST', '/admin/api/withdrawals/review', op, { id: entry.id, approve: 1, reason: '' })).type,
    ).toBe('error');
    expect(await balance(t, u.id, USDT)).toEqual({ available: '123.456789', frozen: '0' });

    const list = (await call(t, 'GET', '/api/user/withdraw/list', u.token)).message as {
      list: { status: string; reason: string }[];
    };
    expect(list.list[0]).toMatchObject({ status: 'rejected', reason: 'address on a blocklist' });
    const journal = await t.app.db
      .selectFrom('journal')
      .select(['reason', 'delta_available', 'delta_frozen'])
      .where('user_id', '=', u.id)
      .orderBy('id')
      .execute();
    expect(journal.map((j) => j.reason)).toEqual(['adjust', 'withdraw_freeze', 'withdraw_refund']);
    expect(await checkJournalConsistency(t.app.db)).toEqual([]);
    const log = (await call(t, 'GET', '/admin/api/log', op)).message as {
      list: { action: string; reason: string; operator: string }[];
    };
    expect(log.list[0]).toMatchObject({ action: 'withdraw_reject', reason: 'address on a blocklist' });
  });

  it('an approved withdrawal spends the frozen amount', async () => {
    const u = await user(t, { level: 1, payPassword: 'paypass123' });
    await fund(u, '50');
    const w = (await withdraw(u, '20')).message as { id: number };
    expect(
      (await call(t, 'POST', '/admin/api/withdrawals/review', op, { id: w.id, approve: 1, reason: 'sent, tx 0xabc' }))
        .type,
    ).toBe('ok');
    expect(await balance(t, u.id, USDT)).toEqual({ available: '30', frozen: '0' });
  });

  it('refuses unverified users with the 998 envelope, and checks minimum, password, card and limit', async () => {
    const unverified = await user(t, { payPassword: 'paypass123' });
    await fund(unverified, '100');
    const r998 = await withdraw(unverified, '20');
    expect(r998.type).toBe('998');

    const u = await user(t, { level: 1, payPassword: 'paypass123' });
    await fund(u, '100');
    expect((await withdraw(u, '5')).message).toBe('The minimum withdrawal is 10 USDT');
    expect((await withdraw(u, '20', { pay_password: 'wrong-pass' })).message).toBe('Incorrect payment password');
    expect((await withdraw(u, '20', { type: 'bank' })).message).toBe('Please add a bank card');
    expect((await withdraw(u, 'abc')).message).toBe('Please enter the correct amount');
    expect(await balance(t, u.id, USDT)).toEqual({ available: '100', frozen: '0' });

    // Level 1: 200 BTC in 24 h. BTC at 50 000 → 10 000 000 USDT; 1 BTC more than that is refused.
    const rich = await user(t, { level: 1, payPassword: 'paypass123' });
    const BTC = 1;
    await call(t, 'POST', '/admin/api/users/adjust', op, {
      user_id: rich.id,
      currency_id: BTC,
      type: 2,
      amount: '300',
      reason: 'test funding',
    });
    const first = await call(t, 'POST', '/api/wallet/out', rich.token, {
      currency: BTC,
      number: '150',
      address: BTC_ADDRESS,
      pay_password: 'paypass123',
    });
    expect(first.type).toBe('ok');
    const over = await call(t, 'POST', '/api/wallet/out', rich.token, {
      currency: BTC,
      number: '51',
      address: BTC_ADDRESS,
      pay_password: 'paypass123',
    });
    expect(over.message).toBe('This exceeds your 24-hour withdrawal limit of 200 BTC; raise your verification level');
    const fits = await call(t, 'POST', '/api/wallet/out', rich.token, {
      currency: BTC,
      number: '50',
      address: BTC_ADDRESS,
      pay_password: 'paypass123',
    });
    expect(fits.type).toBe('ok');
    const info = (await call(t, 'GET', '/api/wallet/out_info', rich.token, { currency: BTC })).message as {
      limits: { withdraw_24h_btc: string; withdraw_24h_used_btc: string };
    };
    expect(info.limits).toMatchObject({ withdraw_24h_btc: '200', withdraw_24h_used_btc: '200' });
    expect(await checkJournalConsistency(t.app.db)).toEqual([]);
  });

  it('counts the 24 h limit exactly when the USDT value needs more than 20 digits', async () => {
    const u = await user(t, { level: 1, payPassword: 'paypass123' });
    const BTC = 1;
    await call(t, 'POST', '/admin/api/users/adjust', op, {
      user_id: u.id,
      currency_id: BTC,
      type: 2,
      amount: '300',
      reason: 'test funding',
    });
    prices(t, { BTC: '50000.12345678' });
    try {
      const out = (number: string) =>
        call(t, 'POST', '/api/wallet/out', u.token, {
          currency: BTC,
          number,
          address: BTC_ADDRESS,
          pay_password: 'paypass123',
        });
      expect((await out('150.1234567892')).type).toBe('ok');
      // 150.1234567892 × 50000.12345678 = 7506191.373218577663770776 USDT (25 digits) ÷ the BTC price is
      // exactly 150.1234567892 again; rounded to 20 digits first, it came back as 150.123456789200000001
      const info = (await call(t, 'GET', '/api/wallet/out_info', u.token, { currency: BTC })).message as {
        limits: { withdraw_24h_used_btc: string };
      };
      expect(info.limits.withdraw_24h_used_btc).toBe('150.1234567892');
      expect((await out('49.8765432108')).type).toBe('ok'); // exactly up to the 200 BTC limit
      expect((await out('1')).message).toBe(
        'This exceeds your 24-hour withdrawal limit of 200 BTC; raise your verification level',
      );
    } finally {
      prices(t, { BTC: '50000' });
    }
  });
});
