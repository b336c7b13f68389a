/**
 * The fixed-price purchase on its group commit (domain/buy-writer.ts, migrations 048, 056): 50
 * buyers on one item through the API — one sale, every other buyer told it is not for sale, nothing written
 * for them; one buyer's request sent 10 times at once with one Idempotency-Key — one purchase, one
 * answer; two purchases of one item in ONE statement — the first wins, the second writes nothing; one read
 * at a price the item no longer has — refused as stale, nothing written; a refusal among a
 * statement's purchases — the others' orders in order, each item its buyer's, the refused one untouched.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { feesFor } from '../../../core';
import { balance } from '../../testing/funds-kit';
import { funded, item, nftKit, platformBalance, USDT, type NftKit } from '../../testing/nft-kit';
import { journalSound, oks, postAs, quickUsers, race } from '../../testing/race-kit';
import { grant } from '../../testing/loans-kit';
import { buyWriterFor, type BuyElement } from './domain/buy-writer';
import { inTransaction } from '../../db/tx';
import { platformUserId } from '../../db/platform';

let k: NftKit;
beforeAll(async () => void (k = await nftKit()));
afterAll(async () => k?.close());

const ordersOf = (itemId: number) =>
  k.t.app.db.selectFrom('nft_orders').select(['id', 'buyer_id']).where('item_id', '=', itemId).execute();

it('50 buyers on one item at once: one sale, 49 told it is not for sale, no 5xx, journal = balances', async () => {
  const { code, id } = await item(k, { payType: 1, price: '40' });
  const buyers = await quickUsers(k.t, 50);
  for (const u of buyers) await grant(k.t, u.id, USDT, '1000');
  const creatorBefore = (await balance(k.t, k.creator.id, USDT)).available;
  const feesBefore = (await platformBalance(k.t.app.db)).available;
  const answers = await race(buyers.map((u) => () => postAs(k.t.app, '/api/bind_box/buyNFT', u.token, { code })));
  expect(oks(answers)).toBe(1);
  expect(answers.filter((a) => a.type !== 'ok').map((a) => a.message)).toEqual(
    Array(49).fill('This artwork is not for sale'),
  );
  const winner = buyers[answers.findIndex((a) => a.type === 'ok')];
  expect(await ordersOf(id)).toEqual([{ id: answers.find((a) => a.type === 'ok')!.message, buyer_id: winner.id }]);
  const fees = feesFor('40', 8, '0', false);
  for (const u of buyers)
    expect(await balance(k.t, u.id, USDT)).toEqual({
      available: u === winner ? String(1000 - Number(fees.total)) : '1000',
      frozen: '0',
    });
  expect(Number((await balance(k.t, k.creator.id, USDT)).available) - Number(creatorBefore)).toBe(40);
  expect(Number((await platformBalance(k.t.app.db)).available) - Number(feesBefore)).toBe(Number(fees.fee));
  await journalSound(k.t.app.db);
}, 120_000);

it('one purchase sent 10 times at once with one Idempotency-Key: bought once, every answer the same', async () => {
  const { code, id } = await item(k, { payType: 1, price: '10' });
  const u = await funded(k, '1000');
  const send = () =>
    k.t.app.inject({
      method: 'POST',
      url: '/api/bind_box/buyNFT',
      payload: `code=${code}`,
      headers: {
        authorization: u.token,
        'idempotency-key': 'nft-once',
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
  const answers = await race(Array.from({ length: 10 }, () => send));
  const again = (await send()).json() as { type: string; message: number };
  expect(again.type).toBe('ok');
  // the attempts that overlapped the first one were told to retry; every other answer is the first's
  for (const a of answers.filter((x) => x.type === 'ok')) expect(a.message).toBe(again.message);
  expect(await ordersOf(id)).toEqual([{ id: again.message, buyer_id: u.id }]);
  expect((await balance(k.t, u.id, USDT)).available).toBe('989.75');
  await journalSound(k.t.app.db);
}, 60_000);

it('two purchases of one item in one statement: the first wins, the second is refused and writes nothing', async () => {
  const { id } = await item(k, { payType: 1, price: '20' });
  const [a, b] = [await funded(k, '100'), await funded(k, '100')];
  const pl = await inTransaction(k.t.app.db, platformUserId);
  const fees = feesFor('20', 8, '0.05', false);
  const element = (buyer: number): BuyElement => elementOf(id, fees, buyer, pl);
  const w = buyWriterFor(k.t.app.db);
  // submitted in one tick: one batch, one statement
  // read at another price (a relisting since): refused as stale, nothing written
  expect(await w.submit({ ...element(b.id), p: '19' })).toMatchObject({ refused: 'nft_stale', order_id: null });
  const [ra, rb] = await Promise.all([w.submit(element(a.id)), w.submit(element(b.id))]);
  expect(ra).toMatchObject({ refused: null, dup: false });
  expect(rb).toMatchObject({ refused: 'nft_not_on_sale', order_id: null });
  expect(await ordersOf(id)).toEqual([{ id: ra.order_id, buyer_id: a.id }]);
  expect(await balance(k.t, a.id, USDT)).toEqual({ available: '79.5', frozen: '0' });
  expect(await balance(k.t, b.id, USDT)).toEqual({ available: '100', frozen: '0' });
  await journalSound(k.t.app.db);
});

it("several purchases in one statement: the platform's fee journaled once per order, each row replaying to its balance", async () => {
  const prices = ['10', '20', '30'];
  const items = await Promise.all(prices.map((price) => item(k, { payType: 1, price })));
  const buyers = await Promise.all(prices.map(() => funded(k, '100')));
  const pl = await inTransaction(k.t.app.db, platformUserId);
  const w = buyWriterFor(k.t.app.db);
  // submitted in one tick: one statement
  const rows = await Promise.all(
    items.map((it, i) => w.submit(elementOf(it.id, feesFor(prices[i], 8, '0.05', false), buyers[i].id, pl))),
  );
  expect(rows.map((r) => r.refused)).toEqual([null, null, null]);
  const fees = await k.t.app.db
    .selectFrom('journal')
    .select(['ref_id', 'delta_available'])
    .where('reason', '=', 'nft_fee')
    .where(
      'ref_id',
      'in',
      rows.map((r) => String(r.order_id)),
    )
    .orderBy('id')
    .execute();
  expect(fees.map((f) => [f.ref_id, Number(f.delta_available)])).toEqual(
    rows.map((r, i) => [String(r.order_id), Number(feesFor(prices[i], 8, '0', false).fee)]),
  );
  // the platform's rows in order: each balance after = the one before + its delta, the last = the balance
  const chain = await k.t.app.db
    .selectFrom('journal')
    .select(['delta_available', 'available_after'])
    .where('user_id', '=', pl)
    .where('currency_id', '=', USDT)
    .where('type', '=', 2)
    .orderBy('id')
    .execute();
  let before = 0;
  for (const row of chain) {
    expect(Number(row.available_after)).toBeCloseTo(before + Number(row.delta_available), 10);
    before = Number(row.available_after);
  }
  expect(before).toBe(Number((await platformBalance(k.t.app.db)).available));
  await journalSound(k.t.app.db);
});

it('a seller who buys later in the same statement can spend the sale it just made', async () => {
  const [a, b] = [await funded(k, '5'), await funded(k, '100')];
  const x = await item(k, { payType: 1, price: '50' });
  const y = await item(k, { payType: 1, price: '20' });
  // a's resale of x, listed
  await k.t.app.db
    .updateTable('nft_items')
    .set({ owner_id: a.id, listing: 'reselling', on_sale: true })
    .where('id', '=', x.id)
    .execute();
  const pl = await inTransaction(k.t.app.db, platformUserId);
  const resale = feesFor('50', 8, '0.05', true);
  const w = buyWriterFor(k.t.app.db);
  // one statement: b buys x from a (a gets 47.5), then a buys y (20.5) — a could not with 5 alone
  const [rx, ry] = await Promise.all([
    w.submit({ ...elementOf(x.id, resale, b.id, pl), o: a.id, s: a.id, kd: 'resale' }),
    w.submit(elementOf(y.id, feesFor('20', 8, '0.05', false), a.id, pl)),
  ]);
  expect([rx.refused, ry.refused]).toEqual([null, null]);
  expect(await balance(k.t, a.id, USDT)).toEqual({ available: '32', frozen: '0' });
  await journalSound(k.t.app.db);
});

it('purchases in one statement with a refusal among them: orders in statement order, each item its own order buyer’s, the refused item untouched', async () => {
  const prices = ['10', '20', '30'];
  const items = await Promise.all(prices.map((price) => item(k, { payType: 1, price })));
  // the middle buyer cannot pay 20 + fee
  const buyers = await Promise.all(['100', '20', '100'].map((usdt) => funded(k, usdt)));
  const pl = await inTransaction(k.t.app.db, platformUserId);
  const w = buyWriterFor(k.t.app.db);
  const rows = await Promise.all(
    items.map((it, i) => w.submit(elementOf(it.id, feesFor(prices[i], 8, '0.05', false), buyers[i].id, pl))),
  );
  expect(rows.map((r) => r.refused)).toEqual([null, 'insufficient_balance', null]);
  expect(rows[0].order_id!).toBeLessThan(rows[2].order_id!);
  const orders = await k.t.app.db
    .selectFrom('nft_orders')
    .select(['id', 'item_id', 'buyer_id', 'price', 'fee', 'status'])
    .where(
      'item_id',
      'in',
      items.map((it) => it.id),
    )
    .orderBy('id')
    .execute();
  expect(orders.map((o) => [o.id, o.item_id, o.buyer_id, Number(o.price), Number(o.fee), o.status])).toEqual(
    [0, 2].map((i) => {
      const fees = feesFor(prices[i], 8, '0.05', false);
      return [rows[i].order_id, items[i].id, buyers[i].id, Number(fees.price), Number(fees.fee), 'paid'];
    }),
  );
  const owned = await k.t.app.db
    .selectFrom('nft_items')
    .select(['id', 'owner_id', 'on_sale'])
    .where(
      'id',
      'in',
      items.map((it) => it.id),
    )
    .execute();
  const byId = new Map(owned.map((o) => [o.id, [o.owner_id, o.on_sale]]));
  expect(items.map((it) => byId.get(it.id))).toEqual([
    [buyers[0].id, false],
    [null, true],
    [buyers[2].id, false],
  ]);
  expect(await balance(k.t, buyers[1].id, USDT)).toEqual({ available: '20', frozen: '0' });
  await journalSound(k.t.app.db);
});

/** A purchase's element for `buyer` of a first sale by the kit's creator. */
function elementOf(id: number, fees: ReturnType<typeof feesFor>, buyer: number, pl: number): BuyElement {
  return {
    i: id,
    o: null,
    p: fees.price,
    rr: fees.royalty_rate,
    ar: k.artistId,
    c: USDT,
    ac: 2,
    b: buyer,
    s: k.creator.id,
    cr: k.creator.id,
    pl,
    kd: 'buy',
    at: new Date(k.clock.now).toISOString(),
    tot: fees.total,
    sg: fees.seller_gets,
    r: fees.royalty,
    f: fees.fee,
    ku: null,
    k: null,
  };
}
