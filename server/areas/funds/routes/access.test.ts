import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import { call, closeKit, kit, multipart, operator, upload, user, type TestUser } from '../../../testing/funds-kit';

let t: TestApp;
let op: string;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await kit();
  op = await operator(t);
  alice = await user(t, { level: 1, mobile: true, payPassword: 'paypass123' });
  bob = await user(t, { level: 1, mobile: true, payPassword: 'paypass123' });
});
afterAll(() => closeKit(t));

const CUSTOMER_ENDPOINTS: ['GET' | 'POST', string][] = [
  ['GET', '/api/user/profile'],
  ['POST', '/api/user/uploadHeadPortrait'],
  ['POST', '/api/user/editNickname'],
  ['POST', '/api/user/fiat'],
  ['POST', '/api/user/lang'],
  ['GET', '/api/user/invite'],
  ['GET', '/api/user/notices'],
  ['POST', '/api/user/notices/read'],
  ['GET', '/api/user/coupons'],
  ['POST', '/api/safe/update_password'],
  ['GET', '/api/user/getUseGa'],
  ['POST', '/api/user/saveUserga'],
  ['POST', '/api/sms_send'],
  ['POST', '/api/safe/email_send'],
  ['POST', '/api/safe/mobile'],
  ['POST', '/api/safe/email'],
  ['GET', '/api/real/state'],
  ['POST', '/api/user/real'],
  ['POST', '/api/user/wallet/save'],
  ['GET', '/api/user/wallet/list'],
  ['POST', '/api/user/wallet/del'],
  ['POST', '/api/user/cash_save'],
  ['POST', '/api/user/cash_save_international'],
  ['POST', '/api/user/cash_info'],
  ['POST', '/api/user/cash_info_international'],
  ['POST', '/api/wallet/list'],
  ['POST', '/api/wallet/detail'],
  ['POST', '/api/wallet/legal_log'],
  ['GET', '/api/user/bill'],
  ['GET', '/api/currency/user_currency_list'],
  ['POST', '/api/wallet/get_info'],
  ['GET', '/api/wallet/getRateCurrency'],
  ['POST', '/api/wallet/get_in_address'],
  ['POST', '/api/wallet/charge_req'],
  ['GET', '/api/recharge/log'],
  ['GET', '/api/wallet/out_info'],
  ['POST', '/api/wallet/out'],
  ['GET', '/api/user/withdraw/list'],
  ['POST', '/api/wallet/change'],
  ['GET', '/api/wallet/hzhistory'],
  ['POST', '/api/user/getTransferList'],
  ['POST', '/api/user/getTransferListBB'],
  ['POST', '/api/user/getTransferFee'],
  ['POST', '/api/user/Transfer'],
  ['GET', '/api/user/exchange/list'],
  ['POST', '/api/upload'],
];
const OPERATOR_ENDPOINTS: ['GET' | 'POST', string][] = [
  ['GET', '/admin/api/me'],
  ['GET', '/admin/api/kyc'],
  ['POST', '/admin/api/kyc/review'],
  ['GET', '/admin/api/recharges'],
  ['POST', '/admin/api/recharges/review'],
  ['GET', '/admin/api/withdrawals'],
  ['POST', '/admin/api/withdrawals/review'],
  ['GET', '/admin/api/users'],
  ['GET', '/admin/api/users/detail'],
  ['POST', '/admin/api/users/adjust'],
  ['POST', '/admin/api/users/level'],
  ['POST', '/admin/api/coupons/grant'],
  ['GET', '/admin/api/settings'],
  ['POST', '/admin/api/settings'],
  ['POST', '/admin/api/settings/currency'],
  ['POST', '/admin/api/settings/limit'],
  ['POST', '/admin/api/settings/fiat'],
  ['GET', '/admin/api/log'],
];

describe('access', () => {
  it('every customer endpoint refuses a missing and a revoked token with 999', async () => {
    const victim = await user(t);
    await call(t, 'GET', '/api/user/logout', victim.token);
    for (const [method, url] of CUSTOMER_ENDPOINTS) {
      expect((await call(t, method, url)).type, `${method} ${url} without token`).toBe('999');
      expect((await call(t, method, url, victim.token)).type, `${method} ${url} revoked`).toBe('999');
    }
  });

  it('operator endpoints refuse customer tokens, and customer endpoints refuse operator tokens', async () => {
    for (const [method, url] of OPERATOR_ENDPOINTS) {
      expect((await call(t, method, url)).type, `${method} ${url} without token`).toBe('999');
      expect((await call(t, method, url, alice.token)).type, `${method} ${url} customer token`).toBe('999');
    }
    expect((await call(t, 'GET', '/api/user/profile', op)).type).toBe('999');
    // the console page itself is static; all it shows comes from the guarded API
    const page = await t.app.inject({ method: 'GET', url: '/admin/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect((await call(t, 'GET', '/admin/api/me', op)).message).toMatchObject({ name: expect.any(String) });
    // logged out operator tokens stop working
    const op2 = await operator(t);
    await call(t, 'POST', '/admin/api/logout', op2);
    expect((await call(t, 'GET', '/admin/api/me', op2)).type).toBe('999');
  });

  it("no customer can read or change another customer's addresses, cards, orders or files", async () => {
    const qr = await upload(t, alice.token);
    const addr = (
      await call(t, 'POST', '/api/user/wallet/save', alice.token, {
        currency: 4,
        name: 'Mine',
        address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
        qrcode: qr,
      })
    ).message as { id: number };
    // Bob cannot list, delete or withdraw to Alice's saved address, nor reuse her uploaded file
    expect(((await call(t, 'GET', '/api/user/wallet/list', bob.token)).message as { total: number }).total).toBe(0);
    expect((await call(t, 'POST', '/api/user/wallet/del', bob.token, { id: addr.id })).message).toBe('Not found');
    expect(
      (
        await call(t, 'POST', '/api/wallet/out', bob.token, {
          currency: 4,
          number: '20',
          address_id: addr.id,
          pay_password: 'paypass123',
        })
      ).message,
    ).toBe('Please select an address');
    expect(
      (
        await call(t, 'POST', '/api/user/wallet/save', bob.token, {
          currency: 4,
          name: 'Steal',
          address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
          qrcode: qr,
        })
      ).message,
    ).toBe('The file is invalid, please upload it again');
    expect((await call(t, 'POST', '/api/user/uploadHeadPortrait', bob.token, { head_portrait: qr })).type).toBe(
      'error',
    );
    expect(((await call(t, 'GET', '/api/user/wallet/list', alice.token)).message as { total: number }).total).toBe(1);

    await call(t, 'POST', '/api/user/cash_save', alice.token, {
      real_name: 'Alice',
      bank_account: '6222020200112233445',
      bank_name: 'ICBC',
      bank_network: 'HQ',
      bank_dizhi: 'Beijing',
      phone: '13900000000',
    });
    expect((await call(t, 'POST', '/api/user/cash_info', bob.token)).message).toBeNull();

    // orders: recharge and withdraw lists are per user; review ids cannot be driven by customers
    const voucher = await upload(t, alice.token);
    await call(t, 'POST', '/api/wallet/charge_req', alice.token, { currency: 4, amount: '5', voucher });
    expect(((await call(t, 'GET', '/api/recharge/log', bob.token)).message as { total: number }).total).toBe(0);
    expect(((await call(t, 'GET', '/api/recharge/log', alice.token)).message as { total: number }).total).toBe(1);
    expect(
      (await call(t, 'POST', '/api/wallet/charge_req', bob.token, { currency: 4, amount: '5', voucher })).message,
    ).toBe('The file is invalid, please upload it again');
  });

  it('uploads: only images of allowed types and size; ID photos shown only to the owner and operators', async () => {
    const exe = multipart(Buffer.from('MZ\x90\x00 not an image'), 'file', 'a.png');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: exe.payload,
      headers: { ...exe.headers, authorization: alice.token },
    });
    expect(bad.json()).toMatchObject({ type: 'error' });
    const big = multipart(
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(t.config.uploadMaxBytes + 10),
      ]),
    );
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: big.payload,
      headers: { ...big.headers, authorization: alice.token },
    });
    expect(tooBig.json()).toMatchObject({ type: 'error' });
    // the multipart parser is the upload routes' only: a money route given a multipart body reads
    // no field from it, answers an error and moves nothing
    const transfers = () =>
      t.app.db.selectFrom('fund_transfers').select('id').where('user_id', '=', alice.id).execute();
    const before = (await transfers()).length;
    const form = multipart(Buffer.from('amount=1'), 'amount', 'a.txt', 'text/plain');
    const money = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/change',
      payload: form.payload,
      headers: { ...form.headers, authorization: alice.token },
    });
    expect(money.json()).toMatchObject({ type: 'error' });
    expect((await transfers()).length).toBe(before);

    const front = await upload(t, alice.token);
    const back = await upload(t, alice.token);
    await t.app.db.updateTable('users').set({ level: 1 }).where('id', '=', alice.id).execute();
    expect(
      (await call(t, 'POST', '/api/user/real', alice.token, { real_type: 2, front_pic: front, reverse_pic: back }))
        .type,
    ).toBe('ok');
    const url = `/api/file/${front.slice('upload/'.length)}`;
    const as = (authorization?: string) =>
      t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
    expect((await as()).statusCode).toBe(404);
    expect((await as(bob.token)).statusCode).toBe(404);
    expect((await as(alice.token)).statusCode).toBe(200);
    expect((await as(op)).statusCode).toBe(200);
    // a forged or expired signature does not open it
    expect((await t.app.inject({ method: 'GET', url: `${url}?exp=${Date.now() + 60_000}&sig=AAAA` })).statusCode).toBe(
      404,
    );
    // an ID photo can never become a public avatar
    expect((await call(t, 'POST', '/api/user/uploadHeadPortrait', alice.token, { head_portrait: front })).type).toBe(
      'error',
    );
    // path tricks are refused
    expect((await t.app.inject({ method: 'GET', url: '/api/file/..%2F..%2Fembedded-pg.json' })).statusCode).toBe(404);
  });
});
