/**
 * The P2P engine through its HTTP API with a controlled clock: a whole trade (escrow frozen at
 * open, proof, release with the payment password), the deadline returning escrow exactly once,
 * an appeal freezing the order until the back office decides (logged), the limits (ad min/max,
 * identity level per order, 3 unfinished orders), bad input refused with nothing changed, the chat,
 * quick buy — and balances that always equal their journals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { checkJournalConsistency } from '../../db/ledger';
import { operator } from '../../testing/funds-kit';
import {
  MIN,
  PAY,
  SELL_AD,
  T0,
  USDT,
  balance,
  merchant,
  okOf,
  openOn,
  order,
  otc,
  otcKit,
  pay,
  postAd,
  taker,
  upload,
  user,
  type OtcKit,
  type TestUser,
} from '../../testing/otc-kit';
import type { OtcMessage, OtcOrder, OtcQuote } from '../../../core';

let k: OtcKit;
beforeAll(async () => {
  k = await otcKit();
});
afterAll(async () => k?.close());

const opened = async (u: TestUser, adId: number, amount: string, unit = 'fiat') =>
  okOf<OtcOrder>(openOn(k.t, u, adId, amount, unit));
const adRemaining = async (id: number) =>
  (await k.t.app.db.selectFrom('otc_ads').select('remaining').where('id', '=', id).executeTakeFirstOrThrow()).remaining;
const journalOf = async (id: number, ref = 'otc_order') =>
  (
    await sql<{
      reason: string;
      user_id: number;
      da: string;
      df: string;
    }>`SELECT reason, user_id, trim_scale(delta_available)::text AS da, trim_scale(delta_frozen)::text AS df FROM journal WHERE ref_type = ${ref} AND ref_id = ${String(id)} ORDER BY id`.execute(
      k.t.app.db,
    )
  ).rows;
/** Everything a refused call must leave as it was. */
const snapshot = async (ids: number[]) =>
  JSON.stringify({
    bal: await Promise.all(ids.map((id) => balance(k.t, id, USDT))),
    orders: (
      await sql`SELECT o.id, o.status, trim_scale(a.remaining)::text AS r FROM otc_orders o JOIN otc_ads a ON a.id = o.ad_id ORDER BY o.id`.execute(
        k.t.app.db,
      )
    ).rows,
    events: (await sql`SELECT count(*)::int AS n FROM otc_order_events`.execute(k.t.app.db)).rows,
  });

describe('a trade, the deadline and the appeal', () => {
  it('the sell ad holds its total at posting; an order takes from it; paid with proof; release with the payment password moves the coin once', async () => {
    k.clock.now = T0;
    const m = await merchant(k.t);
    const b = await taker(k.t);
    const ad = await postAd(k.t, m);
    expect(ad).toMatchObject({ price: '7.2', remaining: '500', status: 'online', pay_kinds: ['bank'], held: true });
    expect(await balance(k.t, m.id, USDT)).toEqual({ available: '500', frozen: '500' });

    const o = await opened(b, ad.id, '720'); // 720 CNY at 7.2 = 100 USDT
    expect(o).toMatchObject({
      role: 'buyer',
      status: 'unpaid',
      coin_amount: '100',
      fiat_amount: '720',
      price: '7.2',
      deadline: T0 + 15 * MIN,
    });
    expect(o.pay_methods).toEqual([expect.objectContaining({ kind: 'bank', account: '6222 0000 1111' })]);
    expect(await balance(k.t, m.id, USDT)).toEqual({ available: '500', frozen: '500' }); // taken from the ad's escrow, no second freeze
    expect(await adRemaining(ad.id)).toMatch(/^400(\.0+)?$/);

    // the seller cannot release before "paid" without confirming; a wrong password changes nothing
    expect((await otc(k.t, 'order/release', m, { id: o.id, pay_password: PAY })).message).toBe(
      'The buyer has not marked the order paid: confirm you received the money before releasing',
    );
    k.clock.now = T0 + 5 * MIN;
    expect((await pay(k.t, b, o.id)).type).toBe('ok');
    const before = await snapshot([m.id, b.id]);
    expect((await otc(k.t, 'order/release', m, { id: o.id, pay_password: 'wrong-one' })).type).toBe('error');
    expect((await otc(k.t, 'order/release', b, { id: o.id, pay_password: PAY })).message).toBe(
      'The order cannot do that in its current state',
    ); // the buyer is not the seller
    expect(await snapshot([m.id, b.id])).toBe(before);

    k.clock.now = T0 + 7 * MIN;
    const done = await okOf<OtcOrder>(otc(k.t, 'order/release', m, { id: o.id, pay_password: PAY }));
    expect(done).toMatchObject({ role: 'seller', status: 'released', finished_at: T0 + 7 * MIN });
    expect(done.events.map((e) => e.kind)).toEqual(['opened', 'paid', 'released']);
    expect(done.proof_url).toMatch(/^\/api\/file\/|upload|sig=/);
    expect(await balance(k.t, m.id, USDT)).toEqual({ available: '500', frozen: '400' });
    expect(await balance(k.t, b.id, USDT)).toEqual({ available: '100', frozen: '0' });
    expect((await otc(k.t, 'order/release', m, { id: o.id, pay_password: PAY })).type).toBe('error');
    expect(await journalOf(o.id)).toEqual([
      { reason: 'otc_release', user_id: m.id, da: '0', df: '-100' },
      { reason: 'otc_receive', user_id: b.id, da: '100', df: '0' },
    ]);

    // the taker rates; the merchant's figures: 1 of 1 completed, released 2 minutes after "paid"
    await okOf(otc(k.t, 'order/rate', b, { id: o.id, rating: 5 }));
    const ads = await okOf<{ id: number; stats: unknown }[]>(
      otc(k.t, 'ads', undefined, { coin_id: USDT, fiat: 'CNY', side: 'sell' }),
    );
    expect(ads.find((a) => a.id === ad.id)!.stats).toEqual({
      orders: 1,
      completed: 1,
      completion_rate: '1',
      avg_release_s: 120,
      rating: '5',
      ratings: 1,
    });

    // closing the ad returns the unsold 400, once
    expect(await okOf(otc(k.t, 'ad/status', m, { id: ad.id, status: 'closed' }))).toMatchObject({
      status: 'closed',
      remaining: '0',
      closed_by: 'merchant',
    });
    expect((await otc(k.t, 'ad/status', m, { id: ad.id, status: 'closed' })).message).toBe('Ad not found');
    expect(await balance(k.t, m.id, USDT)).toEqual({ available: '900', frozen: '0' });
    expect(await journalOf(ad.id, 'otc_ad')).toEqual([
      { reason: 'otc_ad_escrow', user_id: m.id, da: '-500', df: '500' },
      { reason: 'otc_ad_close', user_id: m.id, da: '400', df: '-400' },
    ]);
    expect(await checkJournalConsistency(k.t.app.db)).toEqual([]);
  });

  it('at the deadline an unpaid order is cancelled and its escrow returned to the ad exactly, once; paying late is refused', async () => {
    k.clock.now = T0;
    const m = await merchant(k.t, '333.33333333');
    const b = await taker(k.t);
    const ad = await postAd(k.t, m, { window_min: 30, total: '333.33333333' });
    const o = await opened(b, ad.id, '1000'); // 1000 / 7.2 = 138.88888888 (rounded down)
    expect(o.coin_amount).toBe('138.88888888');
    expect(await balance(k.t, m.id, USDT)).toEqual({ available: '0', frozen: '333.33333333' });
    expect(await adRemaining(ad.id)).toMatch(/^194\.44444445/);

    k.clock.now = T0 + 30 * MIN - 1;
    expect(await k.t.app.otc.runOnce()).toBe(0);
    k.clock.now = T0 + 30 * MIN;
    expect((await pay(k.t, b, o.id)).message).toBe('The payment window of this order has passed');
    expect(await k.t.app.otc.runOnce()).toBe(1);
    expect(await k.t.app.otc.runOnce()).toBe(0);
    expect(await balance(k.t, m.id, USDT)).toEqual({ available: '0', frozen: '333.33333333' }); // back on the ad, still held
    expect(await adRemaining(ad.id)).toMatch(/^333\.33333333/);
    await okOf(otc(k.t, 'ad/status', m, { id: ad.id, status: 'closed' }));
    expect(await balance(k.t, m.id, USDT)).toEqual({ available: '333.33333333', frozen: '0' });
    const after = await order(k.t, b, o.id);
    expect(after.status).toBe('cancelled');
    expect(after.events.map((e) => [e.kind, e.actor])).toEqual([
      ['opened', 'buyer'],
      ['timeout', 'system'],
    ]);
    expect(await checkJournalConsistency(k.t.app.db)).toEqual([]);
  });

  it('an appeal freezes the order past its deadline until the back office decides, with a reason that is logged', async () => {
    k.clock.now = T0;
    const m = await merchant(k.t);
    const b = await taker(k.t);
    const ad = await postAd(k.t, m);
    const o1 = await opened(b, ad.id, '360'); // 50 USDT
    const o2 = await opened(b, ad.id, '360');
    expect((await otc(k.t, 'order/appeal', b, { id: o1.id, reason: 'not paid yet' })).message).toBe(
      'The order cannot do that in its current state',
    );
    await pay(k.t, b, o1.id);
    await pay(k.t, b, o2.id);
    await okOf(otc(k.t, 'order/appeal', b, { id: o1.id, reason: 'Paid 10 minutes ago, no release' }));
    await okOf(otc(k.t, 'order/appeal', m, { id: o2.id, reason: 'Money never arrived' }));
    k.clock.now = T0 + 3 * 60 * MIN;
    expect(await k.t.app.otc.runOnce()).toBe(0);
    expect((await otc(k.t, 'order/release', m, { id: o1.id, pay_password: PAY })).message).toBe(
      'The order is under appeal: support will decide',
    );
    expect(await balance(k.t, m.id, USDT)).toEqual({ available: '500', frozen: '500' });

    const op = await operator(k.t);
    const h = { authorization: op, 'content-type': 'application/x-www-form-urlencoded' };
    const admin = (method: 'GET' | 'POST', url: string, body?: Record<string, string>) =>
      k.t.app
        .inject({
          method,
          url: `/admin/api/otc${url}`,
          headers: h,
          payload: body ? new URLSearchParams(body).toString() : undefined,
        })
        .then((r) => r.json() as { type: string; message: unknown });
    const queue = (await admin('GET', '/orders?status=appeal')).message as { id: number }[];
    expect(queue.map((x) => x.id)).toEqual(expect.arrayContaining([o1.id, o2.id]));
    const ev = (await admin('GET', `/orders/${o1.id}`)).message as { order: OtcOrder; appeal_by: number };
    expect(ev.appeal_by).toBe(b.id);
    expect(ev.order.proof_url).not.toBe('');
    // a customer token is no operator session
    expect(
      (
        await k.t.app.inject({
          method: 'POST',
          url: `/admin/api/otc/orders/${o1.id}/resolve`,
          headers: { authorization: b.token, 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'outcome=release&reason=xx',
        })
      ).json().type,
    ).toBe('999');

    expect(
      (
        await admin('POST', `/orders/${o1.id}/resolve`, {
          outcome: 'release',
          reason: 'Bank statement shows the payment',
        })
      ).type,
    ).toBe('ok');
    expect(
      (await admin('POST', `/orders/${o2.id}/resolve`, { outcome: 'refund', reason: 'No payment on the statement' }))
        .type,
    ).toBe('ok');
    expect((await admin('POST', `/orders/${o2.id}/resolve`, { outcome: 'release', reason: 'again' })).type).toBe(
      'error',
    );
    expect(await balance(k.t, m.id, USDT)).toEqual({ available: '500', frozen: '450' }); // the refunded 50 is back on the ad
    expect(await adRemaining(ad.id)).toMatch(/^450(\.0+)?$/);
    expect(await balance(k.t, b.id, USDT)).toEqual({ available: '50', frozen: '0' });
    expect(await order(k.t, b, o2.id)).toMatchObject({ status: 'refunded', resolution: 'No payment on the statement' });
    const log = await sql<{
      action: string;
      reason: string;
    }>`SELECT action, reason FROM operator_actions WHERE target IN (${`otc_order:${o1.id}`}, ${`otc_order:${o2.id}`}) ORDER BY id`.execute(
      k.t.app.db,
    );
    expect(log.rows).toEqual([
      { action: 'otc_appeal_release', reason: 'Bank statement shows the payment' },
      { action: 'otc_appeal_refund', reason: 'No payment on the statement' },
    ]);
    expect(await checkJournalConsistency(k.t.app.db)).toEqual([]);
  });
});

describe('limits and bad input', () => {
  it('ad min/max, the identity level per order (2,000 USDT at level 1; none at level 0), 3 unfinished orders', async () => {
    k.clock.now = T0;
    const m = await merchant(k.t, '100000');
    const ad = await postAd(k.t, m, {
      fiat: 'USD',
      fixed_price: '1.01',
      total: '50000',
      min_fiat: '10',
      max_fiat: '30000',
    });
    const l1 = await taker(k.t, 1);
    const l2 = await taker(k.t, 2);
    const l0 = await taker(k.t, 0);
    expect((await openOn(k.t, l1, ad.id, '9.99')).message).toBe('The minimum per order is 10 USD');
    expect((await openOn(k.t, l2, ad.id, '30000.01')).message).toBe('This order can be at most 30000 USD');
    expect((await openOn(k.t, l1, ad.id, '2000.01')).message).toBe(
      'Above the per-order fiat limit of your verification level (2000 USDT): complete advanced verification',
    );
    expect((await openOn(k.t, l0, ad.id, '100')).type).toBe('998');
    expect((await openOn(k.t, l1, ad.id, '1.' + '1'.repeat(30))).message).toBe(
      'Enter a valid amount (at most 2 decimals)',
    );
    expect((await openOn(k.t, l1, ad.id, '1.123456789', 'coin')).message).toBe(
      'Enter a valid amount (at most 8 decimals)',
    );
    await opened(l1, ad.id, '2000');
    expect((await openOn(k.t, l2, ad.id, '30000')).type).toBe('ok');
    await opened(l1, ad.id, '10');
    await opened(l1, ad.id, '10');
    const before = await snapshot([m.id, l1.id]);
    expect((await openOn(k.t, l1, ad.id, '10')).message).toBe('You can have at most 3 unfinished orders');
    expect(await snapshot([m.id, l1.id])).toBe(before);
    const mine = await okOf<OtcOrder[]>(otc(k.t, 'orders', l1, { status: 'open' }));
    await okOf(otc(k.t, 'order/cancel', l1, { id: mine[0].id }));
    expect((await openOn(k.t, l1, ad.id, '10')).type).toBe('ok');
    // the merchant's own ad, and an ad bigger than the merchant's balance
    expect((await openOn(k.t, m, ad.id, '10')).message).toBe('You cannot trade with your own ad');
    expect(await checkJournalConsistency(k.t.app.db)).toEqual([]);
  });

  it("someone else's order or ad, a non-merchant's ad, bad ad terms: refused with clear words, nothing changed", async () => {
    k.clock.now = T0;
    const m = await merchant(k.t);
    const b = await taker(k.t);
    const stranger = await taker(k.t);
    const ad = await postAd(k.t, m);
    const o = await opened(b, ad.id, '720');
    const before = await snapshot([m.id, b.id, stranger.id]);
    expect((await otc(k.t, 'order', stranger, { id: o.id })).message).toBe('Order not found');
    expect(
      (await otc(k.t, 'order/paid', stranger, { id: o.id, proof: await upload(k.t, stranger.token) })).message,
    ).toBe('Order not found');
    expect((await otc(k.t, 'order/release', stranger, { id: o.id, pay_password: PAY })).message).toBe(
      'Order not found',
    );
    expect((await otc(k.t, 'order/cancel', m, { id: o.id })).message).toBe(
      'The order cannot do that in its current state',
    ); // only the buyer cancels
    expect((await otc(k.t, 'chat', stranger, { id: o.id })).message).toBe('Order not found');
    expect((await otc(k.t, 'ad/status', stranger, { id: ad.id, status: 'closed' })).message).toBe('Ad not found');
    // a proof must be the buyer's own upload
    expect((await otc(k.t, 'order/paid', b, { id: o.id, proof: await upload(k.t, stranger.token) })).type).toBe(
      'error',
    );
    expect(await snapshot([m.id, b.id, stranger.id])).toBe(before);

    expect(
      (
        await otc(k.t, 'ad/post', b, {
          side: 'sell',
          coin_id: USDT,
          fiat: 'CNY',
          price_type: 'fixed',
          fixed_price: '7',
          total: '1',
          min_fiat: '1',
          max_fiat: '2',
          pay_kinds: 'bank',
          window_min: 15,
        })
      ).message,
    ).toBe('Only approved merchants can post ads');
    expect(
      (
        await otc(k.t, 'ad/post', m, {
          side: 'sell',
          coin_id: USDT,
          fiat: 'CNY',
          price_type: 'fixed',
          fixed_price: '7',
          total: '1',
          min_fiat: '1',
          max_fiat: '2',
          pay_kinds: 'bank',
          window_min: 61,
        })
      ).message,
    ).toBe('The payment window must be 15 to 60 minutes');
    expect(
      (
        await otc(k.t, 'ad/post', m, {
          side: 'sell',
          coin_id: USDT,
          fiat: 'CNY',
          price_type: 'floating',
          margin: '25',
          total: '1',
          min_fiat: '1',
          max_fiat: '2',
          pay_kinds: 'bank',
          window_min: 15,
        })
      ).type,
    ).toBe('error');
    expect(
      (
        await otc(k.t, 'ad/post', m, {
          side: 'sell',
          coin_id: USDT,
          fiat: 'CNY',
          price_type: 'fixed',
          fixed_price: '7',
          total: '1',
          min_fiat: '5',
          max_fiat: '2',
          pay_kinds: 'bank',
          window_min: 15,
        })
      ).message,
    ).toBe('The per-order minimum cannot be above the maximum');
    expect(
      (
        await otc(k.t, 'ad/post', m, {
          side: 'sell',
          coin_id: USDT,
          fiat: 'CNY',
          price_type: 'fixed',
          fixed_price: '7',
          total: '1',
          min_fiat: '1',
          max_fiat: '2',
          pay_kinds: 'alipay',
          window_min: 15,
        })
      ).message,
    ).toBe('Add a matching payment method first');
    // a sell ad is held whole from the available balance (500 left after the first ad's 500): one unit more is refused
    const ads = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM otc_ads WHERE merchant_id = ${m.id}`.execute(k.t.app.db))
        .rows[0].n;
    expect((await otc(k.t, 'ad/post', m, { ...SELL_AD, total: '500.00000001' })).message).toBe(
      'Not enough available balance: a sell ad holds its whole 500.00000001 USDT when posted',
    );
    expect(await ads()).toBe(1);
    expect(await snapshot([m.id, b.id, stranger.id])).toBe(before);
  });

  it('a buy ad: the taker sells, the escrow comes from the taker; a floating price follows the feed', async () => {
    k.clock.now = T0;
    const m = await merchant(k.t);
    const s = await taker(k.t, 1, '50');
    const ad = await postAd(k.t, m, {
      side: 'buy',
      coin_id: 1,
      fiat: 'USD',
      price_type: 'floating',
      margin: '-1.5',
      total: '1',
      min_fiat: '10',
      max_fiat: '1000',
      fixed_price: '',
    });
    expect(ad.price).toBe('49250'); // 50000 × 0.985
    expect((await openOn(k.t, s, ad.id, '0.01', 'coin')).message).toBe('Insufficient balance');
    await (await import('../../testing/loans-kit')).grant(k.t, s.id, 1, '0.02');
    const o = await opened(s, ad.id, '0.01', 'coin');
    expect(o).toMatchObject({ role: 'seller', fiat_amount: '492.5', coin_amount: '0.01' });
    expect(await balance(k.t, s.id, 1)).toEqual({ available: '0.01', frozen: '0.01' });
    await pay(k.t, m, o.id);
    await okOf(otc(k.t, 'order/release', s, { id: o.id, pay_password: PAY }));
    expect(await balance(k.t, m.id, 1)).toEqual({ available: '0.01', frozen: '0' });
  });
});

describe('chat and quick buy', () => {
  it('the order chat is stored, read by both parties after an id, and an attachment must be the sender’s upload', async () => {
    k.clock.now = T0;
    const m = await merchant(k.t);
    const b = await taker(k.t);
    const o = await opened(b, (await postAd(k.t, m)).id, '720');
    await okOf(otc(k.t, 'chat/send', b, { id: o.id, body: 'Paying now' }));
    const sent = await okOf<OtcMessage[]>(
      otc(k.t, 'chat/send', m, { id: o.id, body: 'OK', attachment: await upload(k.t, m.token) }),
    );
    const seen = await okOf<OtcMessage[]>(otc(k.t, 'chat', b, { id: o.id }));
    expect(seen.map((x) => [x.from, x.body])).toEqual([
      ['me', 'Paying now'],
      ['them', 'OK'],
    ]);
    expect(seen[1].attachment_url).not.toBe('');
    expect(await okOf<OtcMessage[]>(otc(k.t, 'chat', b, { id: o.id, after: sent[0].id }))).toEqual([]);
    expect((await otc(k.t, 'chat/send', b, { id: o.id, body: 'x', attachment: await upload(k.t, m.token) })).type).toBe(
      'error',
    );
  });

  it('a quote from the best ad holds 10 s, runs once as an order at the quoted price; an expired one is refused', async () => {
    k.clock.now = T0;
    const m1 = await merchant(k.t);
    const m2 = await merchant(k.t);
    const b = await taker(k.t);
    await postAd(k.t, m1, { fiat: 'HKD', fixed_price: '7.9' });
    const cheap = await postAd(k.t, m2, { fiat: 'HKD', fixed_price: '7.8' });
    await postAd(k.t, m2, { fiat: 'HKD', fixed_price: '7.7', min_fiat: '5000', max_fiat: '9000' }); // cheaper but its minimum is above 780
    const q = await okOf<OtcQuote>(otc(k.t, 'quote', b, { side: 'buy', coin_id: USDT, fiat: 'HKD', amount: '780' }));
    expect(q).toMatchObject({
      ad_id: cheap.id,
      price: '7.8',
      coin_amount: '100',
      fiat_amount: '780',
      fee: '0',
      expires_at: T0 + 10_000,
    });
    // the merchant edits nothing, but the quote's price holds even if the ad's price moved
    await k.t.app.db.updateTable('otc_ads').set({ fixed_price: '8.5' }).where('id', '=', cheap.id).execute();
    k.clock.now = T0 + 9_999;
    const o = await okOf<OtcOrder>(otc(k.t, 'quote/execute', b, { quote_id: q.id }));
    expect(o).toMatchObject({ price: '7.8', coin_amount: '100', fiat_amount: '780', status: 'unpaid' });
    expect((await otc(k.t, 'quote/execute', b, { quote_id: q.id })).message).toBe('This quote has already been used');
    const q2 = await okOf<OtcQuote>(otc(k.t, 'quote', b, { side: 'buy', coin_id: USDT, fiat: 'HKD', amount: '100' }));
    k.clock.now = q2.expires_at;
    expect((await otc(k.t, 'quote/execute', b, { quote_id: q2.id })).message).toBe(
      'The quote has expired: get a new one',
    );
    const other = await user(k.t, { level: 1 });
    k.clock.now = T0;
    const q3 = await okOf<OtcQuote>(otc(k.t, 'quote', b, { side: 'buy', coin_id: USDT, fiat: 'HKD', amount: '100' }));
    expect((await otc(k.t, 'quote/execute', other, { quote_id: q3.id })).message).toBe(
      'The quote has expired: get a new one',
    );
    expect((await otc(k.t, 'quote', b, { side: 'buy', coin_id: USDT, fiat: 'HKD', amount: '999999' })).message).toBe(
      'No ad can fill this amount right now',
    );
  });
});
