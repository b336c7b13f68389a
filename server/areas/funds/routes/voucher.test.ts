/**
 * One voucher per recharge request: the same uploaded file cannot back a second
 * request (not even two sent at once), and a re-uploaded copy of the same image is accepted but
 * shown to the operator as a duplicate, naming the other request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRechargeItem, Page, RechargeEntry } from '../../../../core';
import { envelope, post, type TestApp } from '../../../testing/app';
import { voucherTaken } from '../domain/voucher';
import { auth, call, closeKit, kit, operator, upload, user } from '../../../testing/funds-kit';
import { pngOf } from '../../../testing/images';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await kit();
  op = await operator(t);
});
afterAll(() => closeKit(t));

const USDT = 4;
const USED = 'This voucher is already attached to another recharge request; please upload the voucher of this payment';
const charge = (token: string, voucher: string, amount = '100') =>
  call(t, 'POST', '/api/wallet/charge_req', token, { currency: USDT, amount, type: 'TRC20', voucher });
const count = async (userId: number) =>
  (await t.app.db.selectFrom('recharges').select('id').where('user_id', '=', userId).execute()).length;

describe('recharge vouchers', () => {
  it('the same uploaded file cannot back a second request', async () => {
    const u = await user(t);
    const voucher = await upload(t, u.token);
    expect((await charge(u.token, voucher)).type).toBe('ok');
    expect(await charge(u.token, voucher, '200')).toMatchObject({ type: 'error', code: 0, message: USED });
    const zh = envelope(
      await post(
        t.app,
        '/api/wallet/charge_req',
        { currency: USDT, amount: '300', voucher },
        { ...auth(u.token), lang: 'zh' },
      ),
    );
    expect(zh.message).toBe('该凭证已用于另一笔充值申请，请上传本次付款的凭证');
    expect(await count(u.id)).toBe(1);
  });

  it('two requests sent at once with the same file: one is filed, the other gets the business error', async () => {
    const u = await user(t);
    const voucher = await upload(t, u.token);
    const res = await Promise.all(
      [1, 2, 3].map((i) =>
        post(t.app, '/api/wallet/charge_req', { currency: USDT, amount: String(i), voucher }, auth(u.token)),
      ),
    );
    expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const bodies = res.map((r) => envelope(r));
    expect(bodies.filter((b) => b.type === 'ok')).toHaveLength(1);
    expect(bodies.filter((b) => b.type === 'error').map((b) => b.message)).toEqual([USED, USED]);
    expect(await count(u.id)).toBe(1);
  });

  it('a re-uploaded copy of the same image is filed but flagged to the operator with the other request id', async () => {
    const u = await user(t);
    const image = await pngOf(`voucher-${u.id}`);
    const first = (await charge(u.token, await upload(t, u.token, image))).message as RechargeEntry;
    const copy = await charge(u.token, await upload(t, u.token, image), '150');
    expect(copy.type).toBe('ok');
    const second = copy.message as RechargeEntry;
    const other = (await charge(u.token, await upload(t, u.token, await pngOf(`other-${u.id}`)), '175'))
      .message as RechargeEntry;

    const queue = (await call(t, 'GET', '/admin/api/recharges', op, { status: 'pending', limit: 100 }))
      .message as Page<AdminRechargeItem>;
    const byId = new Map(queue.list.map((r) => [r.id, r]));
    expect(byId.get(first.id)?.duplicate_voucher_of).toEqual([second.id]);
    expect(byId.get(second.id)?.duplicate_voucher_of).toEqual([first.id]);
    expect(byId.get(other.id)?.duplicate_voucher_of).toEqual([]);
  });

  it('the database itself keeps a file to one request, and that refusal reads as the business error', async () => {
    const u = await user(t);
    const voucher = await upload(t, u.token);
    expect((await charge(u.token, voucher)).type).toBe('ok');
    const err = await t.app.db
      .insertInto('recharges')
      .values({ user_id: u.id, currency_id: USDT, amount: '1', voucher })
      .execute()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(voucherTaken(err)?.key).toBe('voucher_used');
    expect(await count(u.id)).toBe(1);
  });
});
