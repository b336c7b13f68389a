import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkJournalConsistency, credit } from '../../../db/ledger';
import { inTransaction } from '../../../db/tx';
import { lastCode, type TestApp } from '../../../testing/app';
import { balance, call, closeKit, kit, controlClock, operator, totp, upload, user } from '../../../testing/funds-kit';
import type { AssetsOverview } from '../../../../core';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await kit();
  op = await operator(t);
});
afterAll(() => closeKit(t));

const USDT = 4;
const BTC = 1;
const ETH = 2;

describe('identity verification', () => {
  it('is refused until email and phone are bound; binding by code revokes other sessions', async () => {
    const u = await user(t);
    expect(
      (
        await call(t, 'POST', '/api/user/real', u.token, {
          real_type: 1,
          id_type: 'passport',
          name: 'Ana Li',
          card_id: 'E12345678',
        })
      ).message,
    ).toBe('Bind both your email and your phone before identity verification');
    const other = (await call(t, 'POST', '/api/user/login', undefined, { user_string: u.email, password: 'secret123' }))
      .message as string;
    expect((await call(t, 'POST', '/api/sms_send', u.token, { mobile: '13912345678', area_code: '86' })).type).toBe(
      'ok',
    );
    const code = await lastCode(t.app, '+86 13912345678');
    expect(
      (
        await call(t, 'POST', '/api/safe/mobile', u.token, {
          mobile: '13912345678',
          code: '000000' === code ? '111111' : '000000',
        })
      ).type,
    ).toBe('error');
    expect((await call(t, 'POST', '/api/safe/mobile', u.token, { mobile: '13912345678', code })).type).toBe('ok');
    expect((await call(t, 'GET', '/api/user/profile', other)).type).toBe('999');
    expect((await call(t, 'GET', '/api/user/profile', u.token)).message).toMatchObject({ mobile: '13912345678' });
  });

  it("accepts the spec's numeric id_type (0 ID card, 1 passport, 2 driver licence) as well as the name", async () => {
    const bad = await user(t, { mobile: true });
    expect(
      (
        await call(t, 'POST', '/api/user/real', bad.token, {
          real_type: 1,
          id_type: 3,
          name: 'Ana Li',
          card_id: 'E12345678',
        })
      ).message,
    ).toBe('Parameter error');
    const u = await user(t, { mobile: true });
    const r = await call(t, 'POST', '/api/user/real', u.token, {
      real_type: 1,
      id_type: 1,
      name: 'Ana Li',
      card_id: 'E12345678',
    });
    expect(r.message).toMatchObject({ review_status: 1, id_type: 'passport' });
    const v = await user(t, { mobile: true });
    expect(
      (
        await call(t, 'POST', '/api/user/real', v.token, {
          real_type: 1,
          id_type: '2',
          name: 'Bo Chen',
          card_id: 'D1234567',
        })
      ).message,
    ).toMatchObject({ id_type: 'driver_licence' });
  });

  it('level 1 → operator approves → level 2 photos → operator rejects with a reason → user sees failed and why', async () => {
    const u = await user(t, { mobile: true });
    const s1 = await call(t, 'POST', '/api/user/real', u.token, {
      real_type: 1,
      id_type: 'id_card',
      name: '李安',
      card_id: '110101199003071234',
    });
    expect(s1.message).toMatchObject({ review_status: 1, advanced_review_status: 0, level: 0 });
    expect(
      (
        await call(t, 'POST', '/api/user/real', u.token, {
          real_type: 1,
          id_type: 'id_card',
          name: '李安',
          card_id: '110101199003071234',
        })
      ).message,
    ).toBe('Your verification is under review');
    expect(
      (await call(t, 'POST', '/api/user/real', u.token, { real_type: 2, front_pic: 'x', reverse_pic: 'y' })).message,
    ).toBe('Please complete basic verification first');

    const queue = (await call(t, 'GET', '/admin/api/kyc', op, { status: 'pending' })).message as {
      list: { id: number; user_id: number; card_id: string }[];
    };
    const item = queue.list.find((i) => i.user_id === u.id);
    expect(item?.card_id).toBe('110101199003071234');
    expect(
      (await call(t, 'POST', '/admin/api/kyc/review', op, { id: item?.id, approve: 1, reason: 'documents match' }))
        .type,
    ).toBe('ok');
    const st = (await call(t, 'GET', '/api/real/state', u.token)).message;
    expect(st).toMatchObject({
      level: 1,
      level_name: 'basic',
      review_status: 2,
      advanced_review_status: 0,
      card_id: '1101**********1234',
      limits: { withdraw_24h_btc: '200', fiat_order_usdt: '2000' },
    });

    const front = await upload(t, u.token);
    const back = await upload(t, u.token);
    const s2 = await call(t, 'POST', '/api/user/real', u.token, { real_type: 2, front_pic: front, reverse_pic: back });
    expect(s2.message).toMatchObject({ advanced_review_status: 1 });
    const q2 = (await call(t, 'GET', '/admin/api/kyc', op, { status: 'pending' })).message as {
      list: { id: number; user_id: number; front_pic_url: string }[];
    };
    const it2 = q2.list.find((i) => i.user_id === u.id);
    // the operator can open the ID photo through the signed link
    const photo = await t.app.inject({ method: 'GET', url: it2?.front_pic_url ?? '' });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(
      (await call(t, 'POST', '/admin/api/kyc/review', op, { id: it2?.id, approve: 0, reason: 'photo is blurred' }))
        .type,
    ).toBe('ok');
    expect((await call(t, 'GET', '/api/real/state', u.token, {})).message).toMatchObject({
      level: 1,
      advanced_review_status: 3,
      reason: 'photo is blurred',
    });
    const notices = (await call(t, 'GET', '/api/user/notices', u.token)).message as {
      list: { title: string; body: string }[];
    };
    expect(notices.list[0]).toMatchObject({ title: 'Identity verification failed', body: 'Reason: photo is blurred' });
    const zh = await t.app.inject({
      method: 'GET',
      url: '/api/user/notices',
      headers: { authorization: u.token, lang: 'zh' },
    });
    expect((zh.json() as { message: { list: { body: string }[] } }).message.list[1].body).toBe('您的初级认证已通过。');
  });
});

describe('recharge', () => {
  it('request with a voucher → operator approves → balance credited through the ledger', async () => {
    const u = await user(t);
    expect((await call(t, 'POST', '/api/wallet/get_in_address', u.token, { currency: USDT })).message).toBe(
      'Please contact customer service before recharging',
    );
    const publish = (network: string, address: string, min_deposit = '5') =>
      call(t, 'POST', '/admin/api/settings/deposit-network', op, {
        currency_id: USDT,
        network,
        address,
        min_deposit,
        reason: 'platform wallet',
      });
    // an address of another network's shape is refused: deposits sent to it would be lost
    expect((await publish('ERC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).message).toBe(
      'Please enter a correct address',
    );
    expect((await publish('BEP20', '0x52908400098527886E0F7030069857D2E4169EE7')).message).toBe(
      'This coin is not available on that network',
    );
    expect((await publish('TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).type).toBe('ok');
    // ERC20 has none yet: asked for it, the user is told; asked for nothing, they get the one that exists
    expect(
      (await call(t, 'POST', '/api/wallet/get_in_address', u.token, { currency: USDT, type: 'ERC20' })).message,
    ).toBe('Please contact customer service before recharging');
    expect((await call(t, 'POST', '/api/wallet/get_in_address', u.token, { currency: USDT })).message).toMatchObject({
      network: 'TRC20',
    });
    expect((await publish('ERC20', '0x52908400098527886E0F7030069857D2E4169EE7', '20')).type).toBe('ok');
    const addr = (await call(t, 'POST', '/api/wallet/get_in_address', u.token, { currency: USDT, type: 'TRC20' }))
      .message as { address: string; qr: string; network: string };
    expect(addr).toMatchObject({ address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', network: 'TRC20', min_deposit: '5' });
    expect(addr.qr.startsWith('data:image/png;base64,')).toBe(true);
    expect(
      (await call(t, 'POST', '/api/wallet/get_in_address', u.token, { currency: USDT, type: 'ERC20' })).message,
    ).toMatchObject({ address: '0x52908400098527886E0F7030069857D2E4169EE7', min_deposit: '20' });
    const info = (await call(t, 'POST', '/api/wallet/get_info', u.token, { currency: USDT })).message as {
      deposit_networks: unknown[];
    };
    expect(info.deposit_networks).toEqual([
      { network: 'ERC20', min_deposit: '20', has_address: true },
      { network: 'TRC20', min_deposit: '5', has_address: true },
    ]);
    const settings = (await call(t, 'GET', '/admin/api/settings', op)).message as {
      deposit_networks: { currency_id: number; network: string; address: string }[];
    };
    expect(settings.deposit_networks.filter((n) => n.currency_id === USDT).map((n) => [n.network, n.address])).toEqual([
      ['ERC20', '0x52908400098527886E0F7030069857D2E4169EE7'],
      ['TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'],
    ]);

    expect(
      (await call(t, 'POST', '/api/wallet/charge_req', u.token, { currency: USDT, amount: '250.5' })).message,
    ).toBe('Please upload the payment voucher');
    const voucher = await upload(t, u.token);
    // below the network's minimum, or on a network the coin doesn't have: refused, nothing filed
    expect(
      (
        await call(t, 'POST', '/api/wallet/charge_req', u.token, {
          currency: USDT,
          amount: '10',
          type: 'ERC20',
          voucher,
        })
      ).message,
    ).toBe('The minimum deposit is 20 USDT; smaller deposits are not credited');
    expect(
      (
        await call(t, 'POST', '/api/wallet/charge_req', u.token, {
          currency: USDT,
          amount: '10',
          type: 'BEP20',
          voucher,
        })
      ).message,
    ).toBe('This coin is not available on that network');
    expect(((await call(t, 'GET', '/api/recharge/log', u.token)).message as { total: number }).total).toBe(0);
    const req = await call(t, 'POST', '/api/wallet/charge_req', u.token, {
      currency: USDT,
      amount: '250.5',
      type: 'TRC20',
      voucher,
    });
    expect(req.message).toMatchObject({ amount: '250.5', status: 'pending' });
    const id = (req.message as { id: number }).id;
    expect(await balance(t, u.id, USDT)).toEqual({ available: '0', frozen: '0' });
    expect(
      (await call(t, 'POST', '/admin/api/recharges/review', op, { id, approve: 1, reason: 'voucher matches tx' })).type,
    ).toBe('ok');
    expect(await balance(t, u.id, USDT)).toEqual({ available: '250.5', frozen: '0' });
    const log = (await call(t, 'GET', '/api/recharge/log', u.token)).message as { list: { status: string }[] };
    expect(log.list[0].status).toBe('approved');
    const bill = (await call(t, 'POST', '/api/wallet/legal_log', u.token, { currency: USDT, type: 2 })).message as {
      list: { reason: string; delta_available: string; ref_id: string }[];
    };
    expect(bill.list[0]).toMatchObject({ reason: 'recharge', delta_available: '250.5', ref_id: String(id) });

    // switched off by the setting, with the spec's message
    await call(t, 'POST', '/admin/api/settings', op, { key: 'recharge_enabled', value: '0', reason: 'maintenance' });
    expect(
      (await call(t, 'POST', '/api/wallet/charge_req', u.token, { currency: USDT, amount: '1', voucher })).message,
    ).toBe('Recharge is not enabled, please contact the administrator');
    await call(t, 'POST', '/admin/api/settings', op, {
      key: 'recharge_enabled',
      value: '1',
      reason: 'maintenance over',
    });
  });
});

describe('transfer and exchange', () => {
  it('moves funds between account types and shows it in the history', async () => {
    const u = await user(t);
    await call(t, 'POST', '/admin/api/users/adjust', op, {
      user_id: u.id,
      currency_id: USDT,
      type: 2,
      amount: '100',
      reason: 'test funding',
    });
    const r = await call(t, 'POST', '/api/wallet/change', u.token, {
      currency_id: USDT,
      number: '40.25',
      from_field: 'change',
      to_field: 'lever',
    });
    expect(r.message).toMatchObject({ number: '40.25', from_field: 'change', to_field: 'lever' });
    expect(await balance(t, u.id, USDT, 2)).toEqual({ available: '59.75', frozen: '0' });
    expect(await balance(t, u.id, USDT, 3)).toEqual({ available: '40.25', frozen: '0' });
    expect(
      (
        await call(t, 'POST', '/api/wallet/change', u.token, {
          currency_id: USDT,
          number: '60',
          from_field: 'change',
          to_field: 'micro',
        })
      ).message,
    ).toBe('Insufficient balance');
    expect(
      (
        await call(t, 'POST', '/api/wallet/change', u.token, {
          currency_id: USDT,
          number: '1',
          from_field: 2,
          to_field: 2,
        })
      ).message,
    ).toBe('The source and target accounts must differ');
    const h = (await call(t, 'GET', '/api/wallet/hzhistory', u.token)).message as { total: number };
    expect(h.total).toBe(1);
    const overview = (await call(t, 'POST', '/api/wallet/list', u.token)).message as AssetsOverview;
    expect(overview.total_usdt).toBe('100');
    expect(overview.lever_wallet.usdt_totle).toBe('40.25');
  });

  it('answers a transfer as its history shows it; a coin funds may not move is refused and nothing moves', async () => {
    const u = await user(t);
    await call(t, 'POST', '/admin/api/users/adjust', op, {
      user_id: u.id,
      currency_id: USDT,
      type: 2,
      amount: '10',
      reason: 'test funding',
    });
    const r = await call(t, 'POST', '/api/wallet/change', u.token, {
      currency_id: USDT,
      number: '2.50',
      from_field: 'change',
      to_field: 'lever',
    });
    const h = (await call(t, 'GET', '/api/wallet/hzhistory', u.token)).message as { list: unknown[] };
    expect(r.message).toEqual(h.list[0]);
    expect(r.message).toMatchObject({ currency_id: USDT, currency: 'USDT', number: '2.5' });

    // a disabled coin the user holds, and a coin that does not exist: refused, nothing written
    await t.app.db
      .insertInto('currencies')
      .values({ id: 9301, name: 'OFFCOIN', market: 'crypto', price_decimals: 4, qty_decimals: 8, status: 0 } as never)
      .execute();
    await inTransaction(t.app.db, (trx) =>
      credit(trx, { userId: u.id, currencyId: 9301, type: 2, amount: '5', reason: 'test_grant' }),
    );
    for (const currency_id of [9301, 9302]) {
      const refused = await call(t, 'POST', '/api/wallet/change', u.token, {
        currency_id,
        number: '1',
        from_field: 'change',
        to_field: 'lever',
      });
      expect(refused).toMatchObject({ type: 'error', message: 'This currency is not supported' });
    }
    expect(await balance(t, u.id, 9301, 2)).toEqual({ available: '5', frozen: '0' });
    expect(((await call(t, 'GET', '/api/wallet/hzhistory', u.token)).message as { total: number }).total).toBe(1);
  });

  it('values an 18-decimal balance exactly (more than 20 significant digits)', async () => {
    const u = await user(t);
    await call(t, 'POST', '/admin/api/users/adjust', op, {
      user_id: u.id,
      currency_id: ETH,
      type: 2,
      amount: '1234.123456789012345678',
      reason: 'test funding',
    });
    const overview = (await call(t, 'POST', '/api/wallet/list', u.token)).message as AssetsOverview;
    const change = overview.change_wallet;
    // 1234.123456789012345678 × 2500; with decimal.js's default 20 digits it was 3085308.64197253086425
    expect(change.balance.find((b) => b.currency === ETH)).toMatchObject({
      usdt_value: '3085308.641972530864195',
      change_balance: '1234.123456789012345678',
      lock_change_balance: '0',
    });
    expect(change.usdt_totle).toBe('3085308.641972530864195');
    expect(overview.total_usdt).toBe('3085308.641972530864195');
    const detail = (await call(t, 'POST', '/api/wallet/detail', u.token, { currency: ETH, type: 2 })).message as {
      usdt_value: string;
    };
    expect(detail.usdt_value).toBe('3085308.641972530864195');
  });

  it("the journal filters by coin, kind and date, and only ever shows the caller's entries", async () => {
    const u = await user(t);
    const other = await user(t);
    for (const who of [u, other])
      await call(t, 'POST', '/admin/api/users/adjust', op, {
        user_id: who.id,
        currency_id: USDT,
        type: 2,
        amount: '100',
        reason: 'test funding',
      });
    await call(t, 'POST', '/api/wallet/change', u.token, {
      currency_id: USDT,
      number: '10',
      from_field: 'change',
      to_field: 'lever',
    });
    await call(t, 'POST', '/api/user/Transfer', u.token, { number: '50', from_currency_id: USDT, to_currency_id: ETH });
    type J = { total: number; list: { reason: string; currency: string }[] };
    const log = async (f: Record<string, string | number>) =>
      (await call(t, 'GET', '/api/user/bill', u.token, f)).message as J;
    expect((await log({})).total).toBe(5); // adjust, transfer out/in, exchange out/in
    expect((await log({ kind: 'transfer' })).list.map((r) => r.reason).sort()).toEqual(['transfer_in', 'transfer_out']);
    expect((await log({ kind: 'exchange', currency: ETH })).list.map((r) => [r.reason, r.currency])).toEqual([
      ['exchange_in', 'ETH'],
    ]);
    expect((await log({ kind: 'deposit' })).total).toBe(0);
    const now = Date.now();
    expect((await log({ from: now - 60_000 })).total).toBe(5);
    expect((await log({ from: now + 60_000 })).total).toBe(0);
    expect((await log({ to: now - 60_000 })).total).toBe(0);
    // a kind that doesn't exist is a parameter error, not an empty page
    expect((await call(t, 'GET', '/api/user/bill', u.token, { kind: 'everything' })).message).toBe('Parameter error');
  });

  it('exchanges at the feed price with the fee', async () => {
    const u = await user(t);
    await call(t, 'POST', '/admin/api/users/adjust', op, {
      user_id: u.id,
      currency_id: ETH,
      type: 2,
      amount: '2',
      reason: 'test funding',
    });
    const fee = (
      await call(t, 'POST', '/api/user/getTransferFee', u.token, { from_currency_id: ETH, to_currency_id: USDT })
    ).message;
    expect(fee).toMatchObject({ rate: '2500', fee: '0.002', form_price: '2500', to_price: '1' });
    const r = await call(t, 'POST', '/api/user/Transfer', u.token, {
      number: '1.5',
      from_currency_id: ETH,
      to_currency_id: USDT,
    });
    // 1.5 × 2500 = 3750; fee 0.2 % = 7.5; received 3742.5
    expect(r.message).toMatchObject({ number: '1.5', rate: '2500', fee: '7.5', received: '3742.5' });
    expect(await balance(t, u.id, ETH)).toEqual({ available: '0.5', frozen: '0' });
    expect(await balance(t, u.id, USDT)).toEqual({ available: '3742.5', frozen: '0' });
    // USDT → BTC at 50 000: 100 USDT → 0.002 BTC gross, fee rounded up to 6 decimals 0.000004
    const r2 = await call(t, 'POST', '/api/user/Transfer', u.token, {
      number: '100',
      from_currency_id: USDT,
      to_currency_id: BTC,
    });
    expect(r2.message).toMatchObject({ fee: '0.000004', received: '0.001996' });
    expect(
      (
        await call(t, 'POST', '/api/user/Transfer', u.token, {
          number: '10',
          from_currency_id: ETH,
          to_currency_id: USDT,
        })
      ).message,
    ).toBe('Insufficient balance');
    expect(await checkJournalConsistency(t.app.db)).toEqual([]);
  });

  it('answers an exchange as its history shows it, key for key', async () => {
    const u = await user(t);
    await call(t, 'POST', '/admin/api/users/adjust', op, {
      user_id: u.id,
      currency_id: ETH,
      type: 2,
      amount: '1',
      reason: 'test funding',
    });
    const r = await call(t, 'POST', '/api/user/Transfer', u.token, {
      number: '0.25000',
      from_currency_id: ETH,
      to_currency_id: BTC,
    });
    const h = (await call(t, 'GET', '/api/user/exchange/list', u.token)).message as { list: unknown[] };
    // the answer is built from the commit, the history read from the row: one JSON text
    expect(JSON.stringify(r.message)).toBe(JSON.stringify(h.list[0]));
    expect(r.message).toMatchObject({ from_currency: 'ETH', to_currency: 'BTC', number: '0.25', rate: '0.05' });
  });
});

describe('security', () => {
  it('binds Google authenticator with a code from the secret; withdrawals then need a fresh code', async () => {
    // The app's clock, not the wall's: binding and the replayed code fall in one 30 s step by construction.
    const step = 30_000;
    const clock = controlClock(t, Math.ceil(Date.now() / step) * step + 1000);
    try {
      const u = await user(t, { level: 1, payPassword: 'paypass123' });
      const setup = (await call(t, 'GET', '/api/user/getUseGa', u.token)).message as {
        bound: boolean;
        secret: string;
        otpauth_url: string;
        qr: string;
      };
      expect(setup.bound).toBe(false);
      expect(setup.otpauth_url).toContain(`secret=${setup.secret}`);
      expect(setup.qr.startsWith('data:image/png;base64,')).toBe(true);
      // the same pending secret until bound (a scanned QR stays valid)
      expect(((await call(t, 'GET', '/api/user/getUseGa', u.token)).message as { secret: string }).secret).toBe(
        setup.secret,
      );
      const bindCode = await totp(setup.secret, 0, clock.now());
      const wrong = bindCode === '000000' ? '111111' : '000000';
      expect((await call(t, 'POST', '/api/user/saveUserga', u.token, { gasercert: wrong })).message).toBe(
        'Incorrect Google authenticator code',
      );
      expect((await call(t, 'POST', '/api/user/saveUserga', u.token, { gasercert: bindCode })).type).toBe('ok');
      expect((await call(t, 'GET', '/api/user/getUseGa', u.token)).message).toMatchObject({ bound: true, secret: '' });

      await call(t, 'POST', '/admin/api/users/adjust', op, {
        user_id: u.id,
        currency_id: USDT,
        type: 2,
        amount: '100',
        reason: 'test funding',
      });
      const base = {
        currency: USDT,
        number: '20',
        address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
        pay_password: 'paypass123',
      };
      expect((await call(t, 'POST', '/api/wallet/out', u.token, base)).message).toBe(
        'Please enter the Google authenticator code',
      );
      // the binding code's step is spent: the same code cannot be replayed
      expect((await call(t, 'POST', '/api/wallet/out', u.token, { ...base, gasercert: bindCode })).message).toBe(
        'Incorrect Google authenticator code',
      );
      // the next step's code, once the clock reaches it
      clock.advance(step);
      expect(
        (
          await call(t, 'POST', '/api/wallet/out', u.token, {
            ...base,
            gasercert: await totp(setup.secret, 0, clock.now()),
          })
        ).type,
      ).toBe('ok');
    } finally {
      clock.restore();
    }
  });

  it('payment password: first set with the login password, then changed with the old one; other sessions end', async () => {
    const u = await user(t);
    const other = (await call(t, 'POST', '/api/user/login', undefined, { user_string: u.email, password: 'secret123' }))
      .message as string;
    expect(
      (
        await call(t, 'POST', '/api/safe/update_password', u.token, {
          password: 'paypass123',
          re_password: 'paypass123',
          oldPasswd: 'nope',
        })
      ).message,
    ).toBe('The old password is incorrect');
    expect(
      (
        await call(t, 'POST', '/api/safe/update_password', u.token, {
          password: 'paypass123',
          re_password: 'paypass124',
          oldPasswd: 'secret123',
        })
      ).type,
    ).toBe('error');
    expect(
      (
        await call(t, 'POST', '/api/safe/update_password', u.token, {
          password: 'paypass123',
          re_password: 'paypass123',
          oldPasswd: 'secret123',
        })
      ).type,
    ).toBe('ok');
    expect((await call(t, 'GET', '/api/user/profile', other)).type).toBe('999');
    expect((await call(t, 'GET', '/api/user/profile', u.token)).message).toMatchObject({ has_pay_password: true });
    expect(
      (
        await call(t, 'POST', '/api/safe/update_password', u.token, {
          password: 'newpay1234',
          re_password: 'newpay1234',
          oldPasswd: 'secret123',
        })
      ).message,
    ).toBe('The old password is incorrect');
    expect(
      (
        await call(t, 'POST', '/api/safe/update_password', u.token, {
          password: 'newpay1234',
          re_password: 'newpay1234',
          oldPasswd: 'paypass123',
        })
      ).type,
    ).toBe('ok');
  });
});

describe('profile', () => {
  it('nickname, signature, avatar, fiat and invite code', async () => {
    const u = await user(t);
    expect((await call(t, 'POST', '/api/user/editNickname', u.token, { nickname: 'a' })).message).toBe(
      'The nickname must be 2–10 letters, digits or Chinese characters',
    );
    expect((await call(t, 'POST', '/api/user/editNickname', u.token, { nickname: 'bad<name>' })).type).toBe('error');
    expect((await call(t, 'POST', '/api/user/editNickname', u.token, { signature: 'x'.repeat(31) })).type).toBe(
      'error',
    );
    const p = await call(t, 'POST', '/api/user/editNickname', u.token, {
      nickname: '小明Tom1',
      signature: '长期持有BTC',
    });
    expect(p.message).toMatchObject({ nickname: '小明Tom1', signature: '长期持有BTC' });
    const avatar = await upload(t, u.token);
    const withAvatar = (await call(t, 'POST', '/api/user/uploadHeadPortrait', u.token, { head_portrait: avatar }))
      .message as { avatar_url: string };
    // avatars are public
    expect((await t.app.inject({ method: 'GET', url: withAvatar.avatar_url })).statusCode).toBe(200);
    expect((await call(t, 'POST', '/api/user/fiat', u.token, { currency_code: 'CNY' })).message).toMatchObject({
      currency_code: 'CNY',
      rate: '7.2',
    });
    expect((await call(t, 'POST', '/api/user/fiat', u.token, { currency_code: 'XXX' })).type).toBe('error');
    await call(t, 'POST', '/admin/api/users/adjust', op, {
      user_id: u.id,
      currency_id: USDT,
      type: 2,
      amount: '10',
      reason: 'test funding',
    });
    expect((await call(t, 'POST', '/api/wallet/list', u.token)).message).toMatchObject({
      total_usdt: '10',
      total_fiat: '72.00',
      fiat: { currency_code: 'CNY' },
    });
    // spec §7 GET /wallet/getRateCurrency {id}: one ETH (2500 USDT) in CNY (rmb, as the spec's client reads) and in the user's fiat
    expect((await call(t, 'GET', '/api/wallet/getRateCurrency', u.token, { id: ETH })).message).toMatchObject({
      id: ETH,
      name: 'ETH',
      price_usdt: '2500',
      rmb: '18000',
      currency_code: 'CNY',
      fiat_price: '18000',
    });
    expect((await call(t, 'POST', '/api/user/fiat', u.token, { currency_code: 'USD' })).type).toBe('ok');
    expect((await call(t, 'GET', '/api/wallet/getRateCurrency', u.token, { id: BTC })).message).toMatchObject({
      rmb: '360000',
      currency_code: 'USD',
      fiat_price: '50000',
    });
    expect((await call(t, 'GET', '/api/wallet/getRateCurrency', u.token, { id: 'x' })).message).toBe('Parameter error');
    const inv = (await call(t, 'GET', '/api/user/invite', u.token)).message as {
      invite_code: string;
      link: string;
      qr: string;
    };
    expect(inv.link).toContain(`invite_code=${inv.invite_code}`);
    expect(inv.qr.startsWith('data:image/png')).toBe(true);
  });

  it('saves wallet addresses and bank cards with every field required', async () => {
    const u = await user(t);
    const qr = await upload(t, u.token);
    expect(
      (
        await call(t, 'POST', '/api/user/wallet/save', u.token, {
          currency: USDT,
          name: 'Ledger',
          address: '',
          qrcode: qr,
        })
      ).message,
    ).toBe('All are required');
    const a = await call(t, 'POST', '/api/user/wallet/save', u.token, {
      currency: USDT,
      name: 'Ledger',
      address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      qrcode: qr,
    });
    expect(a.message).toMatchObject({ currency: 'USDT', name: 'Ledger', network: 'TRC20' }); // the network its shape fits
    // an address on no network of the coin, or not on the network chosen, is refused before it can receive a withdrawal
    expect(
      (
        await call(t, 'POST', '/api/user/wallet/save', u.token, {
          currency: USDT,
          name: 'Typo',
          address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLS',
          qrcode: await upload(t, u.token),
        })
      ).message,
    ).toBe('Please enter a correct address');
    expect(
      (
        await call(t, 'POST', '/api/user/wallet/save', u.token, {
          currency: USDT,
          name: 'Wrong',
          address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
          network: 'ERC20',
          qrcode: await upload(t, u.token),
        })
      ).message,
    ).toBe('Please enter a correct address');
    const evm = await call(t, 'POST', '/api/user/wallet/save', u.token, {
      currency: USDT,
      name: 'MetaMask',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      network: 'ERC20',
      qrcode: await upload(t, u.token),
    });
    expect(evm.message).toMatchObject({ network: 'ERC20' });
    expect(((await call(t, 'GET', '/api/user/wallet/list', u.token)).message as { total: number }).total).toBe(2);
    const card = {
      real_name: 'Ana Li',
      bank_account: '6222020200112233445',
      bank_name: 'ICBC',
      bank_network: 'Haidian',
      bank_dizhi: 'Beijing',
      phone: '13912345678',
    };
    expect((await call(t, 'POST', '/api/user/cash_save', u.token, { ...card, bank_name: '' })).message).toBe(
      'All are required',
    );
    expect((await call(t, 'POST', '/api/user/cash_save', u.token, card)).message).toMatchObject({
      kind: 'domestic',
      bank_name: 'ICBC',
    });
    expect((await call(t, 'POST', '/api/user/cash_save_international', u.token, card)).message).toBe(
      'All are required',
    );
    const intl = { ...card, aba_number: '021000021', swift_code: 'chasus33', address: '1 Main St, New York' };
    expect((await call(t, 'POST', '/api/user/cash_save_international', u.token, intl)).message).toMatchObject({
      kind: 'international',
      swift_code: 'CHASUS33',
    });
    expect((await call(t, 'POST', '/api/user/cash_info', u.token)).message).toMatchObject({
      bank_account: '6222020200112233445',
    });
  });
});
