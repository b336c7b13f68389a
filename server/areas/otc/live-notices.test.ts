/**
 * OTC notices reach the counterparty's open app without a reload: each step's notice is
 * pushed on that person's private socket room as a `notice` (a toast), in the language they used
 * on the order — never to the one who took the step. A phone-only user (no email address) gets
 * every notice in the app and on the socket, and no email is attempted for them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { OtcOrder } from '../../../core';
import { PAY, merchant, okOf, openOn, otc, otcKit, pay, postAd, taker, type OtcKit } from '../../testing/otc-kit';
import { tapNotices, type NoticeTap } from '../../testing/notice-tap';
import { operator } from '../../testing/funds-kit';

let k: OtcKit;
let tap: NoticeTap;
beforeAll(async () => {
  k = await otcKit();
  tap = tapNotices(k.t.app);
});
afterAll(async () => k?.close());

const toastsOf = (id: number) => tap.toasts.filter((x) => x.userId === id).map((x) => x.n.kind);

it('taken, paid, released, appealed and decided: the counterparty hears it live; a phone-only buyer is never emailed', async () => {
  const m = await merchant(k.t);
  const b = await taker(k.t);
  // the buyer signed up with a phone number only
  await k.t.app.db
    .updateTable('users')
    .set({ email: null, mobile: `139${String(b.id).padStart(8, '0')}` })
    .where('id', '=', b.id)
    .execute();
  const ad = await postAd(k.t, m);

  const o = await okOf<OtcOrder>(openOn(k.t, b, ad.id, '720'));
  expect(toastsOf(m.id)).toEqual(['otc_order_opened']);
  expect(tap.toasts.at(-1)!.n).toEqual({
    kind: 'otc_order_opened',
    key: 'otc_order_opened_body',
    params: expect.objectContaining({ id: String(o.id) }),
    text: expect.stringContaining(`#${o.id}`),
    ref: { type: 'otc', id: o.id },
  });
  await pay(k.t, b, o.id);
  expect(toastsOf(m.id)).toEqual(['otc_order_opened', 'otc_order_paid']);
  await okOf(otc(k.t, 'order/release', m, { id: o.id, pay_password: PAY }));
  expect(toastsOf(b.id)).toEqual(['otc_order_released']);

  const o2 = await okOf<OtcOrder>(openOn(k.t, b, ad.id, '360'));
  await pay(k.t, b, o2.id);
  await okOf(otc(k.t, 'order/appeal', m, { id: o2.id, reason: 'Nothing arrived' }));
  // the appellant took the step: only the buyer is told live
  expect(toastsOf(b.id)).toEqual(['otc_order_released', 'otc_appeal_opened']);
  expect(toastsOf(m.id)).not.toContain('otc_appeal_opened');
  const op = await operator(k.t);
  const decided = await k.t.app.inject({
    method: 'POST',
    url: `/admin/api/otc/orders/${o2.id}/resolve`,
    headers: { authorization: op },
    payload: { outcome: 'refund', reason: 'No transfer on the statement' },
  });
  expect(decided.json()).toMatchObject({ type: 'ok' });
  expect(toastsOf(b.id).at(-1)).toBe('otc_appeal_refund');
  expect(toastsOf(m.id).at(-1)).toBe('otc_appeal_refund');

  // in the app: every notice of the buyer's is there; by email: only the merchant's, none attempted without an address
  const inApp = await sql<{
    kind: string;
  }>`SELECT kind FROM notices WHERE user_id = ${b.id} AND kind LIKE 'otc_%' ORDER BY id`.execute(k.t.app.db);
  expect(inApp.rows.map((r) => r.kind)).toEqual(['otc_order_released', 'otc_appeal_opened', 'otc_appeal_refund']);
  const otcMails = tap.sent.filter((x) => x.channel === 'email' && x.code === undefined);
  expect(otcMails.map((x) => x.subject)).toEqual([
    'New P2P order',
    'The buyer has paid',
    'New P2P order',
    'The buyer has paid',
    expect.any(String),
    expect.any(String),
  ]);
  expect(otcMails.every((x) => x.to === m.email)).toBe(true);
});
