/**
 * Blind boxes on their group commit (domain/box-writer.ts, migration 057): 50 buyers on a series of
 * five boxes through the API — exactly five sold, boxes 1…5 each once, every prize the one the
 * published seed gives (the verifier recomputes them), everyone else told it is sold out or off
 * sale, nothing written for them; one request sent 10 times at once with one Idempotency-Key — one
 * box, one answer; in ONE statement a refused purchase takes no box — the next buyer gets the box
 * it would have had; a creator who buys in the statement spends the proceeds it got earlier in it,
 * and a sell-out in it publishes the seed and refuses the boxes after; the keys refuse a box not held
 * by its order's buyer and an order in another coin than its item's; the batch's prize windows.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { feesFor, verifyBoxes } from '../../../core';
import { balance } from '../../testing/funds-kit';
import { funded, nft, nftKit, platformBalance, series, USDT, type NftKit } from '../../testing/nft-kit';
import { journalSound, oks, postAs, quickUsers, race } from '../../testing/race-kit';
import { grant } from '../../testing/loans-kit';
import { inTransaction } from '../../db/tx';
import { platformUserId } from '../../db/platform';
import { debit } from '../../db/ledger';
import { drawWindow, submitBox, windowsOf, type BoxElement } from './domain/box-writer';

let k: NftKit;
beforeAll(async () => void (k = await nftKit()));
afterAll(async () => k?.close());

const MANIFEST = [
  { prize: 'SSR:Gold', count: 1 },
  { prize: 'R:Sand', count: 2 },
  { prize: 'N:Haze', count: 2 },
];

const boxesOf = (seriesId: number) =>
  k.t.app.db
    .selectFrom('nft_boxes')
    .select(['k', 'prize', 'user_id', 'order_id'])
    .where('series_id', '=', seriesId)
    .orderBy('k')
    .execute();

const seriesRow = (seriesId: number) =>
  k.t.app.db.selectFrom('nft_box_series').selectAll().where('id', '=', seriesId).executeTakeFirstOrThrow();

it('50 buyers on a series of five boxes at once: five sold, each box once, every prize the seed’s, no 5xx', async () => {
  const s = await series(k, MANIFEST);
  const buyers = await quickUsers(k.t, 50);
  for (const u of buyers) await grant(k.t, u.id, USDT, '100');
  const creatorBefore = Number((await balance(k.t, k.creator.id, USDT)).available);
  const feesBefore = Number((await platformBalance(k.t.app.db)).available);
  const answers = await race(
    buyers.map((u) => () => postAs(k.t.app, '/api/bind_box/buyNFT', u.token, { code: s.code })),
  );
  expect(oks(answers)).toBe(5);
  const boxes = await boxesOf(s.seriesId);
  expect(boxes.map((b) => b.k)).toEqual([1, 2, 3, 4, 5]);
  // each ok answer is one box's order, its buyer the box's holder
  const okOrders = answers.filter((a) => a.type === 'ok').map((a) => a.message);
  expect(boxes.map((b) => b.order_id).sort()).toEqual([...okOrders].sort());
  const row = await seriesRow(s.seriesId);
  expect({ sold: row.sold, revealed: row.revealed_at !== null }).toEqual({ sold: 5, revealed: true });
  const check = verifyBoxes({
    seed: row.secret_seed,
    commitment: row.commitment,
    seriesId: s.seriesId,
    manifest: MANIFEST,
    purchases: boxes.map((b) => ({ k: b.k, prize: b.prize })),
  });
  expect(check.ok).toBe(true);
  const fees = feesFor('10', 8, '0', false);
  for (const u of buyers)
    expect(await balance(k.t, u.id, USDT)).toEqual({
      available: boxes.some((b) => b.user_id === u.id) ? String(100 - Number(fees.total)) : '100',
      frozen: '0',
    });
  expect(Number((await balance(k.t, k.creator.id, USDT)).available) - creatorBefore).toBe(50);
  expect(Number((await platformBalance(k.t.app.db)).available) - feesBefore).toBeCloseTo(5 * Number(fees.fee), 10);
  // sold out: the item is off sale
  expect((await nft(k, 'buyNFT', await funded(k, '100'), { code: s.code })).type).not.toBe('ok');
  await journalSound(k.t.app.db);
}, 120_000);

it('one box purchase sent 10 times at once with one Idempotency-Key: one box, every answer the same', async () => {
  const s = await series(k, MANIFEST);
  const u = await funded(k, '100');
  const send = () =>
    k.t.app.inject({
      method: 'POST',
      url: '/api/bind_box/buyNFT',
      payload: `code=${s.code}`,
      headers: {
        authorization: u.token,
        'idempotency-key': 'box-once',
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
  const answers = await race(Array.from({ length: 10 }, () => send));
  const again = (await send()).json() as { type: string; message: number };
  expect(again.type).toBe('ok');
  // the attempts that overlapped the first were told to retry; every other answer is the first's
  for (const a of answers.filter((x) => x.type === 'ok')) expect(a.message).toBe(again.message);
  expect((await boxesOf(s.seriesId)).map((b) => [b.k, b.order_id, b.user_id])).toEqual([[1, again.message, u.id]]);
  expect((await balance(k.t, u.id, USDT)).available).toBe('89.75');
  await journalSound(k.t.app.db);
}, 60_000);

/** One box purchase of the creator's series as the writer takes it (the statement-level tests' element). */
function boxElement(itemId: number, fees: ReturnType<typeof feesFor>, pl: number, buyer: number): BoxElement {
  return {
    i: itemId,
    o: null,
    p: fees.price,
    c: USDT,
    ac: 2,
    ar: k.artistId,
    b: buyer,
    s: k.creator.id,
    pl,
    at: new Date(k.clock.now).toISOString(),
    tot: fees.total,
    sg: fees.seller_gets,
    f: fees.fee,
    ku: null,
    k: null,
  };
}

it('in one statement a refused purchase takes no box: the next buyer gets box 2 with box 2’s prize', async () => {
  const s = await series(k, MANIFEST);
  const [a, poor, c] = [await funded(k, '100'), await funded(k, '5'), await funded(k, '100')];
  const pl = await inTransaction(k.t.app.db, platformUserId);
  const row = await seriesRow(s.seriesId);
  const fees = feesFor('10', 8, '0', false);
  const element = (buyer: number) => boxElement(row.item_id, fees, pl, buyer);
  const w = drawWindow(row);
  // submitted in one tick: one statement, in this order
  const answers = await Promise.all([a, poor, c].map((u) => submitBox(k.t.app.db, element(u.id), w)));
  expect(answers.map((x) => x.refused)).toEqual([null, 'insufficient_balance', null]);
  const boxes = await boxesOf(s.seriesId);
  expect(boxes.map((b) => [b.k, b.user_id])).toEqual([
    [1, a.id],
    [2, c.id],
  ]);
  // the prizes the seed gives boxes 1 and 2 (the verifier's rule, once the seed is out)
  const check = verifyBoxes({
    seed: row.secret_seed,
    commitment: row.commitment,
    seriesId: s.seriesId,
    manifest: MANIFEST,
    purchases: boxes.map((b) => ({ k: b.k, prize: b.prize })),
  });
  expect(check.ok).toBe(true);
  expect(await balance(k.t, poor.id, USDT)).toEqual({ available: '5', frozen: '0' });
  expect((await seriesRow(s.seriesId)).sold).toBe(2);
  await journalSound(k.t.app.db);
});

it('in one statement a creator who buys spends the proceeds it got before; the sell-out publishes the seed, later boxes are refused', async () => {
  const s = await series(k, [{ prize: 'A', count: 2 }]);
  const [a, d] = [await funded(k, '100'), await funded(k, '100')];
  const creator = k.creator.id;
  const pl = await inTransaction(k.t.app.db, platformUserId);
  const row = await seriesRow(s.seriesId);
  const fees = feesFor('10', 8, '0', false);
  // the creator keeps 0.25 of its balance: its box (10.25) is paid only with box 1's proceeds (10)
  const held = (await balance(k.t, creator, USDT)).available;
  await inTransaction(k.t.app.db, (trx) =>
    debit(trx, { userId: creator, currencyId: USDT, type: 2, amount: String(Number(held) - 0.25), reason: 'test' }),
  );
  const element = (buyer: number) => boxElement(row.item_id, fees, pl, buyer);
  const w = drawWindow(row);
  const answers = await Promise.all([a.id, creator, d.id].map((u) => submitBox(k.t.app.db, element(u), w)));
  expect(answers.map((x) => x.refused)).toEqual([null, null, 'nft_not_on_sale']);
  expect((await boxesOf(s.seriesId)).map((b) => [b.k, b.user_id])).toEqual([
    [1, a.id],
    [2, creator],
  ]);
  // box 2's proceeds are the creator's own: 0.25 + 10 − 10.25 + 10
  expect(await balance(k.t, creator, USDT)).toEqual({ available: '10', frozen: '0' });
  expect(await balance(k.t, d.id, USDT)).toEqual({ available: '100', frozen: '0' });
  const after = await seriesRow(s.seriesId);
  expect({ sold: after.sold, revealed: after.revealed_at !== null }).toEqual({ sold: 2, revealed: true });
  const onSale = await k.t.app.db
    .selectFrom('nft_items')
    .select('on_sale')
    .where('id', '=', row.item_id)
    .executeTakeFirstOrThrow();
  expect(onSale.on_sale).toBe(false);
  await journalSound(k.t.app.db);
});

it('the keys refuse a box not held by its order’s buyer, and an order in another coin than its item’s (migration 071)', async () => {
  const s = await series(k, MANIFEST);
  const [a, b] = [await funded(k, '100'), await funded(k, '100')];
  const pl = await inTransaction(k.t.app.db, platformUserId);
  const row = await seriesRow(s.seriesId);
  const [got] = await Promise.all([
    submitBox(k.t.app.db, boxElement(row.item_id, feesFor('10', 8, '0', false), pl, a.id), drawWindow(row)),
  ]);
  const db = k.t.app.db;
  const order = await db.selectFrom('nft_orders').selectAll().where('id', '=', got.order_id!).executeTakeFirstOrThrow();
  // b holds a box of a's order: refused (the owner is the order's buyer)
  await expect(
    db
      .insertInto('nft_boxes')
      .values({ code: `${s.code}-x`, series_id: s.seriesId, k: 99, user_id: b.id, order_id: order.id, prize: 'N:Haze' })
      .execute(),
  ).rejects.toThrow(/nft_boxes_order_buyer_fkey/);
  // an order of the item in another coin: refused (an order is in its item's coin)
  const other = await db
    .selectFrom('currencies')
    .select('id')
    .where('id', '<>', order.currency_id)
    .executeTakeFirstOrThrow();
  const { id: _id, ...copy } = order;
  await expect(
    db
      .insertInto('nft_orders')
      .values({ ...copy, currency_id: other.id })
      .execute(),
  ).rejects.toThrow(/nft_orders_item_currency_fkey/);
  // and one of an item that does not exist
  await expect(
    db
      .insertInto('nft_orders')
      .values({ ...copy, item_id: 2_000_000_000 })
      .execute(),
  ).rejects.toThrow(/nft_orders_item_currency_fkey/);
});

it("one batch's prize windows: one per series, overlaps merged, a gap between two windows without prizes", () => {
  const { w, z } = windowsOf([
    { series: 7, from: 3, prizes: ['c', 'd', 'e'] },
    { series: 9, from: 1, prizes: ['x'] },
    { series: 7, from: 1, prizes: ['a', 'b', 'c'] },
    { series: 7, from: 8, prizes: ['h'] },
  ]);
  expect(w).toEqual([
    { ws: 7, wf: 1, wo: 1, wl: 8 },
    { ws: 9, wf: 1, wo: 9, wl: 1 },
  ]);
  expect(z).toEqual(['a', 'b', 'c', 'd', 'e', null, null, 'h', 'x']);
});
