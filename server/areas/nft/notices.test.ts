/**
 * An auction's bidders hear it live (a `notice` on their private socket room) and by email, after
 * the step commits: the bidder who led is told they were outbid, with the new bid and the least
 * that leads again — once: a replay of the same idempotent bid tells no one; at the end the winner
 * is told the exact amount due (price + fee) and the deadline, every other margin holder that the
 * margin is back; a second settlement run tells no one. Each in the reader's account language
 * (user_prefs.lang).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NFT_RULES } from '../../../core';
import type { OutgoingMessage } from '../../notify';
import { tapNotices, type NoticeTap } from '../../testing/notice-tap';
import { balance, call } from '../../testing/funds-kit';
import { funded, item, nft, nftKit, T0, USDT, type NftKit } from '../../testing/nft-kit';
import { settleAuction } from './domain/settle';

let k: NftKit;
let tap: NoticeTap;
beforeAll(async () => {
  k = await nftKit();
  tap = tapNotices(k.t.app);
});
afterAll(async () => k?.close());

const HOUR = 3_600_000;
const toastsOf = (id: number) => tap.toasts.filter((x) => x.userId === id).map((x) => x.n);
/** the sign-up's verification code is a mail too: the notices are the ones without a code */
const notCode = (m: OutgoingMessage) => m.code === undefined;
const mailsTo = (email: string) => tap.sent.filter((m) => m.channel === 'email' && m.to === email && notCode(m));

it('B outbids A: A hears it once, a replay tells no one; at the end B hears the amount due, A and C that their margin is back, once', async () => {
  k.clock.now = T0;
  const { code, id } = await item(k, { payType: 2, price: '100', perIncrease: '5', margin: '10', endMs: T0 + HOUR });
  const [a, b, c] = [await funded(k), await funded(k), await funded(k)];
  // C reads the app in French: C's live text and email are in it
  expect((await call(k.t, 'POST', '/api/user/lang', c.token, { lang: 'fra' })).type).toBe('ok');
  for (const u of [a, b, c]) expect((await nft(k, 'marginNFT', u, { code })).type).toBe('ok');
  expect(await nft(k, 'auctionNFT', a, { code, price: '5' })).toMatchObject({ type: 'ok', message: { bid: '105' } });
  expect(tap.toasts).toEqual([]); // the first bid displaces no one

  // ── B outbids A by 5.5 (its idempotency key kept for the retry below) ──
  const bid = (key: string) =>
    k.t.app.inject({
      method: 'POST',
      url: '/api/bind_box/auctionNFT',
      payload: `code=${code}&price=5.5`,
      headers: { authorization: b.token, 'idempotency-key': key, 'content-type': 'application/x-www-form-urlencoded' },
    });
  const first = (await bid('outbid-1')).json();
  expect(first).toMatchObject({ type: 'ok', message: { bid: '110.5' } });
  const bidRow = await k.t.app.db
    .selectFrom('nft_bids')
    .select('id')
    .where('user_id', '=', b.id)
    .executeTakeFirstOrThrow();
  expect(toastsOf(a.id)).toEqual([
    {
      kind: 'nft_outbid',
      key: 'nft_outbid_body',
      params: { title: `Test ${code}`, code, currency: 'USDT', bid: '110.5', next_min: '115.5' },
      text: `You were outbid on “Test ${code}”: the highest bid is now 110.5 USDT. Bid at least 115.5 USDT to lead again.`,
      ref: { type: 'nft', id: bidRow.id },
    },
  ]);
  expect(toastsOf(b.id)).toEqual([]);
  expect(mailsTo(a.email).map((m) => m.subject)).toEqual(['You were outbid']);

  // the same request again (a client retry): the stored answer, no second bid, no second notice
  expect((await bid('outbid-1')).json()).toEqual(first);
  expect(await k.t.app.db.selectFrom('nft_bids').select('id').where('item_id', '=', id).execute()).toHaveLength(2);
  expect(tap.toasts).toHaveLength(1);
  expect(tap.sent.filter(notCode)).toHaveLength(1);

  // ── the end: B owes 110.5 + 2.5 % fee (2.77, rounded up to USDT's cents) = 113.27 within the day ──
  tap.toasts.length = 0;
  tap.sent.length = 0;
  k.clock.now = T0 + HOUR;
  expect(await k.t.app.nft.runOnce()).toMatchObject({ auctions: 1 });
  const order = await k.t.app.db
    .selectFrom('nft_orders')
    .select('id')
    .where('item_id', '=', id)
    .executeTakeFirstOrThrow();
  expect(toastsOf(b.id)).toEqual([
    expect.objectContaining({
      kind: 'nft_auction_won',
      key: 'nft_auction_won_body',
      params: {
        title: `Test ${code}`,
        code,
        currency: 'USDT',
        price: '110.5',
        amount: '113.27',
        margin: '10',
        hours: '24',
        deadline: new Date(T0 + HOUR + NFT_RULES.payWindowMs).toISOString().slice(0, 16).replace('T', ' '),
      },
      ref: { type: 'nft', id: order.id },
    }),
  ]);
  expect(toastsOf(b.id)[0].text).toContain('Pay 113.27 USDT (price + fee) within 24 hours');
  const margins = await k.t.app.db
    .selectFrom('nft_margins')
    .select(['id', 'user_id'])
    .where('item_id', '=', id)
    .execute();
  for (const u of [a, c]) {
    expect(toastsOf(u.id)).toEqual([
      expect.objectContaining({
        kind: 'nft_margin_refunded',
        key: 'nft_margin_refunded_body',
        params: { title: `Test ${code}`, code, currency: 'USDT', margin: '10' },
        ref: { type: 'nft', id: margins.find((m) => m.user_id === u.id)!.id },
      }),
    ]);
    expect(await balance(k.t, u.id, USDT)).toEqual({ available: '10000', frozen: '0' });
  }
  expect(toastsOf(a.id)[0].text).toBe(
    `The auction of “Test ${code}” has ended; your margin of 10 USDT is back in your account.`,
  );
  expect(toastsOf(c.id)[0].text).toBe(
    `L'enchère de « Test ${code} » est terminée ; votre caution de 10 USDT est de retour sur votre compte.`,
  );
  expect(mailsTo(b.email).map((m) => m.subject)).toEqual(['You won the auction']);
  expect(mailsTo(b.email)[0].body).toContain('113.27 USDT');
  expect(mailsTo(a.email).map((m) => m.subject)).toEqual(['Auction ended: margin returned']);
  expect(mailsTo(c.email).map((m) => m.subject)).toEqual(['Enchère terminée : caution rendue']);

  // the inbox has them too (written with the step, so a user who was offline reads them later)
  const inbox = async (u: { token: string }) =>
    JSON.stringify((await call(k.t, 'GET', '/api/user/notices', u.token, { page: 1, limit: 20 })).message);
  expect(await inbox(a)).toMatch(/Auction ended: margin returned.*You were outbid/);
  expect(await inbox(b)).toContain('You won the auction');
  expect(await inbox(b)).not.toContain('You were outbid');

  // the job's retry, or a second runner, finds it settled: nothing more is said
  expect(await settleAuction(k.t.app.db, id, k.clock.now, k.t.app.nft.notify)).toBe('gone');
  expect(await k.t.app.nft.runOnce()).toMatchObject({ auctions: 0 });
  expect(tap.toasts).toHaveLength(3);
  expect(tap.sent.filter(notCode)).toHaveLength(3);
  expect(await inbox(a)).not.toMatch(/margin returned.*margin returned/);
});
