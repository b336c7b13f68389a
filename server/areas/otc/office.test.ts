/**
 * The OTC back office, notices and ad escrow: each step of an order tells the right party in the
 * app and by email (in the language they used); an operator takes an ad down with a reason (logged)
 * and its unsold escrow goes back to the merchant once, while its open order goes on and later
 * returns to the merchant directly; `npm run verify`'s P2P checker finds every finished order and
 * held ad matching, and names exactly the one whose stored figures were changed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { checkJournalConsistency } from '../../db/ledger';
import { operator } from '../../testing/funds-kit';
import {
  MIN,
  PAY,
  T0,
  USDT,
  balance,
  merchant,
  okOf,
  openOn,
  otc,
  otcKit,
  pay,
  postAd,
  taker,
  type OtcKit,
  type TestUser,
} from '../../testing/otc-kit';
import { runVerify } from '../../verify/run';
import { otcChecker } from './domain/verify';
import type { OtcAd, OtcOrder } from '../../../core';

let k: OtcKit;
let op: string;
beforeAll(async () => {
  k = await otcKit();
  op = await operator(k.t);
});
afterAll(async () => k?.close());

const admin = (method: 'GET' | 'POST', url: string, body?: Record<string, string>) =>
  k.t.app
    .inject({
      method,
      url: `/admin/api/otc${url}`,
      headers: { authorization: op, 'content-type': 'application/x-www-form-urlencoded' },
      payload: body ? new URLSearchParams(body).toString() : undefined,
    })
    .then((r) => r.json() as { type: string; message: unknown });
const notices = async (u: TestUser) =>
  (
    await sql<{
      kind: string;
    }>`SELECT kind FROM notices WHERE user_id = ${u.id} AND kind LIKE 'otc_%' ORDER BY id`.execute(k.t.app.db)
  ).rows.map((r) => r.kind);
const mails = async (u: TestUser) =>
  (
    await sql<{
      subject: string;
      body: string;
    }>`SELECT subject, body FROM outbox WHERE recipient = ${u.email} AND code IS NULL ORDER BY id`.execute(k.t.app.db)
  ).rows;
const inbox = async (u: TestUser, lang = 'en') =>
  (
    (
      await k.t.app.inject({ method: 'GET', url: '/api/user/notices', headers: { authorization: u.token, lang } })
    ).json() as { message: { list: { title: string; body: string }[] } }
  ).message.list;
const langOpen = (u: TestUser, adId: number, amount: string, lang: string) =>
  k.t.app
    .inject({
      method: 'POST',
      url: '/api/otc/order/open',
      headers: { authorization: u.token, lang, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `ad_id=${adId}&amount=${amount}&unit=fiat`,
    })
    .then((r) => r.json() as { type: string; message: OtcOrder });

it('opened → the merchant, paid → the seller, released → the buyer, appeal and decision → both, timeout → both: in the app and by email, in their language', async () => {
  k.clock.now = T0;
  const m = await merchant(k.t);
  const b = await taker(k.t);
  const ad = await postAd(k.t, m);
  const o = (await langOpen(b, ad.id, '720', 'fra')).message;
  expect(await notices(m)).toEqual(['otc_order_opened']);
  expect(await notices(b)).toEqual([]);
  await pay(k.t, b, o.id);
  expect(await notices(m)).toEqual(['otc_order_opened', 'otc_order_paid']);
  await okOf(otc(k.t, 'order/release', m, { id: o.id, pay_password: PAY }));
  expect(await notices(b)).toEqual(['otc_order_released']);
  // the buyer used French on the order: the email is French; the in-app notice reads in the reader's language now
  expect((await mails(b)).at(-1)).toEqual({
    subject: 'Cryptos libérées',
    body: `Les 100 USDT de l'ordre n°${o.id} ont été versés sur votre compte.`,
  });
  expect((await mails(m)).map((x) => x.subject)).toEqual(['New P2P order', 'The buyer has paid']);
  expect((await inbox(b, 'zh'))[0]).toEqual(
    expect.objectContaining({ title: '币已放行', body: `订单 #${o.id} 的 100 USDT 已放行到您的账户。` }),
  );

  const o2 = await okOf<OtcOrder>(openOn(k.t, b, ad.id, '360'));
  await pay(k.t, b, o2.id);
  await okOf(otc(k.t, 'order/appeal', m, { id: o2.id, reason: 'Nothing arrived' }));
  expect(
    (await admin('POST', `/orders/${o2.id}/resolve`, { outcome: 'refund', reason: 'No transfer on the statement' }))
      .type,
  ).toBe('ok');
  expect((await notices(b)).slice(-2)).toEqual(['otc_appeal_opened', 'otc_appeal_refund']);
  expect((await notices(m)).slice(-2)).toEqual(['otc_appeal_opened', 'otc_appeal_refund']);
  expect((await mails(m)).at(-1)!.body).toBe(
    `Support decided the appeal of order #${o2.id}: the 50 USDT went back to the seller. Reason: No transfer on the statement`,
  );

  const o3 = await okOf<OtcOrder>(openOn(k.t, b, ad.id, '360'));
  k.clock.now = T0 + 16 * MIN;
  expect(await k.t.app.otc.runOnce()).toBe(1);
  expect((await notices(b)).at(-1)).toBe('otc_order_timeout');
  expect((await notices(m)).at(-1)).toBe('otc_order_timeout');
  expect((await mails(m)).at(-1)!.subject).toBe('Order timed out');
  expect((await mails(b)).at(-1)!.body).toContain(`#${o3.id}`);
});

it('an operator takes an ad down with a reason: the unsold escrow goes back once, logged; its open order returns to the merchant later', async () => {
  k.clock.now = T0;
  const m = await merchant(k.t);
  const b = await taker(k.t);
  const ad = await postAd(k.t, m); // 500 held
  const o = await okOf<OtcOrder>(openOn(k.t, b, ad.id, '720')); // 100 of it in the order
  const listed = (await admin('GET', '/ads?status=online')).message as OtcAd[];
  expect(listed.find((a) => a.id === ad.id)).toMatchObject({ remaining: '400', held: true });
  expect((await admin('POST', `/ads/${ad.id}/takedown`, { reason: 'x' })).type).toBe('error'); // a reason is required
  expect(await balance(k.t, m.id, USDT)).toEqual({ available: '500', frozen: '500' });
  expect((await admin('POST', `/ads/${ad.id}/takedown`, { reason: 'Misleading terms' })).type).toBe('ok');
  expect((await admin('POST', `/ads/${ad.id}/takedown`, { reason: 'Misleading terms' })).type).toBe('error');
  expect(await balance(k.t, m.id, USDT)).toEqual({ available: '900', frozen: '100' });
  expect((await admin('GET', '/ads?status=closed')).message).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ id: ad.id, closed_by: 'operator', closed_reason: 'Misleading terms' }),
    ]),
  );
  const log = await sql<{
    action: string;
    reason: string;
  }>`SELECT action, reason FROM operator_actions WHERE target = ${`otc_ad:${ad.id}`}`.execute(k.t.app.db);
  expect(log.rows).toEqual([{ action: 'otc_ad_takedown', reason: 'Misleading terms' }]);
  // the market no longer shows it; the open order still completes its life: a cancel returns to the merchant's available balance
  expect((await openOn(k.t, b, ad.id, '720')).message).toBe('This ad is not available right now');
  await okOf(otc(k.t, 'order/cancel', b, { id: o.id }));
  expect(await balance(k.t, m.id, USDT)).toEqual({ available: '1000', frozen: '0' });
  expect(await checkJournalConsistency(k.t.app.db)).toEqual([]);
});

it('verify: every finished order and held ad matches; a changed amount, fee-free credit or remaining is named', async () => {
  const { reports } = await runVerify(k.t.app.db, [otcChecker]);
  expect(reports[0].checked).toBeGreaterThan(5);
  expect(reports[0].differing).toEqual([]);

  k.clock.now = T0;
  const m = await merchant(k.t);
  const b = await taker(k.t);
  const ad = await postAd(k.t, m);
  const o = await okOf<OtcOrder>(openOn(k.t, b, ad.id, '1000')); // 138.88888888 USDT
  await pay(k.t, b, o.id);
  await okOf(otc(k.t, 'order/release', m, { id: o.id, pay_password: PAY }));
  expect((await runVerify(k.t.app.db, [otcChecker])).ok).toBe(true);

  // the stored coin one unit more than fiat ÷ price rounded down: that order (and its ad's escrow) differ
  await k.t.app.db.updateTable('otc_orders').set({ coin_amount: '138.88888889' }).where('id', '=', o.id).execute();
  const bad = (await runVerify(k.t.app.db, [otcChecker])).reports[0].differing;
  expect(bad.map((d) => d.id)).toEqual([`order ${o.id}`, `ad ${ad.id}`]);
  expect(bad[0].expected).toContain('138.88888888 for 1000');
  await k.t.app.db.updateTable('otc_orders').set({ coin_amount: '138.88888888' }).where('id', '=', o.id).execute();
  // an ad whose remaining was edited without a journal move
  await k.t.app.db.updateTable('otc_ads').set({ remaining: '400' }).where('id', '=', ad.id).execute();
  expect((await runVerify(k.t.app.db, [otcChecker])).reports[0].differing.map((d) => d.id)).toEqual([`ad ${ad.id}`]);
});
