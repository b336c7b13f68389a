/**
 * NFT money raced 50 ways through the API: 50 buyers on one resale listing (one buyer); 50 bids
 * against the auction's end and its soft close (a bid either lands and extends the end, or is
 * refused because the auction ended — the winner is the highest bid on record, every other margin
 * back once); the winner's payment against the payment deadline (paid with the margin back, or
 * expired with the margin forfeited — never both); 50 buyers on a series' last boxes and 50 opens of
 * one box (no box or prize issued twice). No 5xx, no deadlock, journal = balances after each.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import Decimal from 'decimal.js';
import { NFT_RULES } from '../../../core';
import { balance } from '../../testing/funds-kit';
import { decide, funded, item, nft, nftKit, series, T0, USDT, type NftKit } from '../../testing/nft-kit';
import { journalSound, oks, postAs, quickUsers, race, step, until, type Call } from '../../testing/race-kit';
import { grant } from '../../testing/loans-kit';
import type { TestUser } from '../../testing/funds-kit';

let k: NftKit;
beforeAll(async () => void (k = await nftKit()));
afterAll(async () => k?.close());

const HOUR = 3_600_000;
/** `n` users holding `usdt` each */
const crowd = async (n: number, usdt: string) => {
  const us = await quickUsers(k.t, n);
  for (const u of us) await grant(k.t, u.id, USDT, usdt);
  return us;
};
const nftCall =
  (path: string, u: TestUser, fields: Record<string, string | number>): Call =>
  () =>
    postAs(k.t.app, `/api/bind_box/${path}`, u.token, fields);
const reasons = async (userId: number, like: string) =>
  Object.fromEntries(
    (
      await sql<{
        reason: string;
        n: number;
      }>`SELECT reason, count(*)::int AS n FROM journal WHERE user_id = ${userId} AND reason LIKE ${like} GROUP BY reason`.execute(
        k.t.app.db,
      )
    ).rows.map((r) => [r.reason, r.n]),
  );

it('50 buyers on one resale listing: one buyer, the seller paid once', async () => {
  k.clock.now = T0;
  const { code, id } = await item(k, { payType: 1, price: '40', royaltyRate: '0.1' });
  const owner = await funded(k);
  expect((await nft(k, 'buyNFT', owner, { code })).type).toBe('ok');
  expect((await nft(k, 'resellNFT', owner, { code, price: '200' })).type).toBe('ok');
  expect((await decide(k, code, true)).type).toBe('ok');
  const ownerBefore = new Decimal((await balance(k.t, owner.id, USDT)).available);
  const buyers = await crowd(50, '1000');
  const answers = await race(buyers.map((u) => nftCall('buyNFT', u, { code })));
  expect(oks(answers)).toBe(1);
  const winner = buyers[answers.findIndex((a) => a.type === 'ok')];
  const row = await k.t.app.db
    .selectFrom('nft_items')
    .select('owner_id')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  expect(row.owner_id).toBe(winner.id);
  expect(new Decimal((await balance(k.t, owner.id, USDT)).available).minus(ownerBefore).toFixed()).toBe('180'); // 200 − 20 royalty, once
  for (const u of buyers)
    expect(await balance(k.t, u.id, USDT)).toEqual({ available: u === winner ? '795' : '1000', frozen: '0' });
  await journalSound(k.t.app.db);
}, 120_000);

it("50 bids against the auction's end and its soft close: bids land before the end only, one winner at the top bid, every other margin back once", async () => {
  for (let round = 0; round < 2; round++) {
    k.clock.now = T0;
    const end = T0 + HOUR;
    const a = await item(k, { payType: 2, price: '100', perIncrease: '1', margin: '10', endMs: end });
    const bidders = await crowd(50, '1000');
    expect(oks(await race(bidders.map((u) => nftCall('marginNFT', u, { code: a.code }))))).toBe(50); // 50 margins at once, each taken
    // round 0: inside the soft-close window (a bid extends the end); round 1: the last millisecond
    k.clock.now = round === 0 ? end - 30_000 : end - 1;
    const calls: Call[] = bidders.map((u, i) => nftCall('auctionNFT', u, { code: a.code, price: String(1 + (i % 3)) }));
    // round 0: the end comes in the middle of the burst, once three bids are in (the clock reaches the
    // original end, the settle pass runs); round 1: before any bid is handled
    const bidsIn = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM nft_bids WHERE item_id = ${a.id}`.execute(k.t.app.db))
        .rows[0].n >= 3;
    calls.splice(
      25,
      0,
      step(async () => {
        if (round === 0) await until(bidsIn);
        k.clock.now = end;
        return k.t.app.nft.runOnce();
      }),
    );
    const answers = await race(calls);
    const bidAnswers = answers.filter((_, i) => i !== 25);
    const okBids = oks(bidAnswers);
    const log = await sql<{
      user_id: number;
      price: string;
    }>`SELECT user_id, price::text FROM nft_bids WHERE item_id = ${a.id} ORDER BY id`.execute(k.t.app.db);
    expect(log.rows).toHaveLength(okBids);
    for (let i = 1; i < log.rows.length; i++)
      expect(Number(log.rows[i].price)).toBeGreaterThan(Number(log.rows[i - 1].price));
    let row = await k.t.app.db.selectFrom('nft_items').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();
    const endNow = new Date(row.end_at).getTime();
    expect(endNow).toBeLessThanOrEqual(end + NFT_RULES.softCloseCapMs);
    if (row.auction_state === 'open') {
      // a bid landed in the soft close first: the end moved, the pass found it early
      expect(okBids).toBeGreaterThan(0);
      expect(endNow).toBeGreaterThan(end);
      k.clock.now = endNow;
      await race([step(() => k.t.app.nft.runOnce()), step(() => k.t.app.nft.runOnce())]);
      row = await k.t.app.db.selectFrom('nft_items').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();
    }
    expect(row.auction_state).toBe(okBids > 0 ? 'awaiting_payment' : 'unsold');
    const orders = await k.t.app.db
      .selectFrom('nft_orders')
      .select(['buyer_id', 'price'])
      .where('item_id', '=', a.id)
      .execute();
    expect(orders).toHaveLength(okBids > 0 ? 1 : 0);
    if (okBids > 0) {
      const top = log.rows[log.rows.length - 1];
      expect({ buyer: orders[0].buyer_id, price: new Decimal(orders[0].price).toFixed() }).toEqual({
        buyer: top.user_id,
        price: new Decimal(top.price).toFixed(),
      });
    }
    // every margin but the winner's came back, once; the winner's stays frozen until payment or the deadline
    for (const u of bidders) {
      const won = orders[0]?.buyer_id === u.id;
      expect(await balance(k.t, u.id, USDT)).toEqual(
        won ? { available: '990', frozen: '10' } : { available: '1000', frozen: '0' },
      );
      expect(await reasons(u.id, 'nft_margin%')).toEqual(
        won ? { nft_margin: 1 } : { nft_margin: 1, nft_margin_refund: 1 },
      );
    }
  }
  await journalSound(k.t.app.db);
}, 120_000);

it("the winner's payment against the deadline's forfeit, 50 at once: paid with the margin back, or expired with it forfeited — never both", async () => {
  const endings = new Set<string>();
  for (let round = 0; round < 3; round++) {
    k.clock.now = T0;
    const end = T0 + HOUR;
    const a = await item(k, { payType: 2, price: '100', perIncrease: '1', margin: '10', endMs: end });
    const [w, l] = [await funded(k, '1000'), await funded(k, '1000')];
    for (const u of [w, l]) await nft(k, 'marginNFT', u, { code: a.code });
    await nft(k, 'auctionNFT', l, { code: a.code, price: '1' });
    await nft(k, 'auctionNFT', w, { code: a.code, price: '1' }); // 102
    k.clock.now = end;
    await k.t.app.nft.runOnce();
    const order = await k.t.app.db
      .selectFrom('nft_orders')
      .select(['id', 'pay_deadline'])
      .where('item_id', '=', a.id)
      .executeTakeFirstOrThrow();
    const deadline = order.pay_deadline!.getTime();
    k.clock.now = deadline - 1;
    const calls: Call[] = Array.from({ length: 49 }, () => nftCall('payNFTOrder', w, { id: order.id }));
    // the deadline arrives at a different place in the burst each round
    calls.splice(
      [0, 24, 48][round],
      0,
      step(async () => {
        await new Promise((r) => setTimeout(r, [0, 2, 10][round])); // round 0: before any payment is handled
        k.clock.now = deadline;
        return k.t.app.nft.runOnce();
      }),
    );
    const answers = await race(calls);
    const status = (
      await k.t.app.db.selectFrom('nft_orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()
    ).status;
    endings.add(status);
    const mine = await reasons(w.id, 'nft_%');
    if (status === 'paid') {
      expect(oks(answers)).toBe(2); // one payment, plus the pass that found nothing to do
      expect(await balance(k.t, w.id, USDT)).toEqual({
        available: new Decimal(1000).minus(102).minus('2.55').toFixed(),
        frozen: '0',
      });
      expect(mine.nft_margin_refund).toBe(1);
      expect(mine.nft_margin_forfeit).toBeUndefined();
    } else {
      expect(status).toBe('expired');
      expect(oks(answers)).toBe(1); // only the pass
      expect(await balance(k.t, w.id, USDT)).toEqual({ available: '990', frozen: '0' });
      expect(mine.nft_margin_forfeit).toBe(1);
      expect(mine.nft_margin_refund).toBeUndefined();
    }
    k.clock.now = deadline + 1;
    expect(await k.t.app.nft.runOnce()).toMatchObject({ expired: 0 });
  }
  expect([...endings].every((e) => e === 'paid' || e === 'expired')).toBe(true);
  await journalSound(k.t.app.db);
}, 120_000);

it("50 buyers on a series' last two boxes, then 50 opens of one box: two sold, each box opened once, one prize each", async () => {
  k.clock.now = T0;
  const s = await series(k, [
    { prize: 'SSR:Gold', count: 1 },
    { prize: 'R:Sand', count: 2 },
    { prize: 'N:Haze', count: 3 },
  ]);
  const early = await funded(k);
  for (let i = 0; i < 4; i++) expect((await nft(k, 'buyNFT', early, { code: s.code })).type).toBe('ok');
  const buyers = await crowd(50, '100');
  const answers = await race(buyers.map((u) => nftCall('buyNFT', u, { code: s.code })));
  expect(oks(answers)).toBe(2);
  const boxes = await k.t.app.db
    .selectFrom('nft_boxes')
    .select(['code', 'k', 'user_id'])
    .where('series_id', '=', s.seriesId)
    .execute();
  expect(boxes).toHaveLength(6);
  expect(new Set(boxes.map((b) => b.k)).size).toBe(6); // no draw handed out twice
  const seriesRow = await k.t.app.db
    .selectFrom('nft_box_series')
    .select(['sold', 'total'])
    .where('id', '=', s.seriesId)
    .executeTakeFirstOrThrow();
  expect(seriesRow).toEqual({ sold: 6, total: 6 });
  for (const u of buyers) {
    const has = boxes.some((b) => b.user_id === u.id);
    expect(await balance(k.t, u.id, USDT)).toEqual(
      has ? { available: '89.75', frozen: '0' } : { available: '100', frozen: '0' },
    ); // 10 + 2.5 % fee
  }

  // the early buyer's four boxes, each opened 12 or 13 times at once: four prizes, each once
  const mine = boxes.filter((b) => b.user_id === early.id);
  const opens = await race(
    Array.from({ length: 50 }, (_, i) => nftCall('openBlindBox', early, { code: mine[i % mine.length].code })),
  );
  expect(oks(opens)).toBe(mine.length);
  const opened = await k.t.app.db
    .selectFrom('nft_boxes')
    .select(['status', 'item_id'])
    .where('user_id', '=', early.id)
    .where('series_id', '=', s.seriesId)
    .execute();
  expect(opened.every((b) => b.status === 'opened' && b.item_id !== null)).toBe(true);
  const minted = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM nft_items WHERE code IN (${sql.join(mine.map((b) => `NFT-${b.code}`))})`.execute(
    k.t.app.db,
  );
  expect(minted.rows[0].n).toBe(mine.length);
  await journalSound(k.t.app.db);
}, 120_000);
