/**
 * Won auctions' payments on their group commit (domain/pay-writer.ts, migration 060): one order's
 * payment sent twice into ONE statement is paid once; 20 auctions ending together, each paid at
 * once through the API and on the writer by a request that read the order before either committed
 * — each paid once, the journal equal to the balances; a winner who cannot pay, in the same
 * statement as one who can, is refused and nothing of theirs moves.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { feesFor, NFT_RULES } from '../../../core';
import { balance } from '../../testing/funds-kit';
import { checkJournalConsistency } from '../../db/ledger';
import { inTransaction } from '../../db/tx';
import { platformUserId } from '../../db/platform';
import { funded, item, nft, nftKit, T0, USDT, type NftKit } from '../../testing/nft-kit';
import type { TestUser } from '../../testing/funds-kit';
import { submitPay, type PayElement } from './domain/pay-writer';

let k: NftKit;
beforeAll(async () => void (k = await nftKit()));
afterAll(async () => k?.close());

const HOUR = 3_600_000;

/** An auction of `price` (margin 10) won by `winner` with one raise of 5, settled: its order. */
async function won(winner: TestUser, loser: TestUser, endMs = T0 + HOUR) {
  k.clock.now = T0;
  const it = await item(k, { payType: 2, price: '100', perIncrease: '5', margin: '10', endMs });
  for (const u of [loser, winner]) expect((await nft(k, 'marginNFT', u, { code: it.code })).type).toBe('ok');
  expect((await nft(k, 'auctionNFT', loser, { code: it.code, price: '5' })).type).toBe('ok');
  expect((await nft(k, 'auctionNFT', winner, { code: it.code, price: '5' })).type).toBe('ok'); // 110
  return it;
}

const orderOf = (itemId: number) =>
  k.t.app.db.selectFrom('nft_orders').selectAll().where('item_id', '=', itemId).executeTakeFirstOrThrow();

/** The payment's element as payNFTOrder builds it (a first sale: the creator sells, no royalty). */
async function element(orderId: number, itemId: number, buyer: number): Promise<PayElement> {
  const fees = feesFor('110', 2, '0', false);
  const { royalty_rate: rr } = await k.t.app.db
    .selectFrom('nft_items')
    .select('royalty_rate')
    .where('id', '=', itemId)
    .executeTakeFirstOrThrow();
  return {
    od: orderId,
    i: itemId,
    o: null,
    p: '110',
    rr: String(rr),
    ar: k.artistId,
    c: USDT,
    ac: 2,
    b: buyer,
    s: k.creator.id,
    cr: k.creator.id,
    pl: await inTransaction(k.t.app.db, platformUserId),
    at: new Date(k.clock.now).toISOString(),
    tot: fees.total,
    sg: fees.seller_gets,
    r: fees.royalty,
    f: fees.fee,
    ku: null,
    k: null,
  };
}

it('one payment sent twice into one statement: paid once, the second told it is paid', async () => {
  const [a, b] = [await funded(k), await funded(k)];
  const it1 = await won(b, a);
  k.clock.now = T0 + HOUR;
  expect(await k.t.app.nft.runOnce()).toMatchObject({ auctions: 1 });
  const o = await orderOf(it1.id);
  const e = await element(o.id, it1.id, b.id);
  const creatorBefore = Number((await balance(k.t, k.creator.id, USDT)).available);
  // submitted in one tick: one statement, in this order
  const rows = await Promise.all([submitPay(k.t.app.db, e), submitPay(k.t.app.db, e)]);
  expect(rows.map((r) => r.refused)).toEqual([null, 'nft_order_paid']);
  // 10000 − 110 − 2.75 fee, the margin back once
  expect(await balance(k.t, b.id, USDT)).toEqual({ available: '9887.25', frozen: '0' });
  expect(Number((await balance(k.t, k.creator.id, USDT)).available) - creatorBefore).toBe(110);
  expect(await orderOf(it1.id)).toMatchObject({ status: 'paid', paid_at: new Date(k.clock.now) });
  const moves = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM journal WHERE ref_type = 'nft_order' AND ref_id = ${String(o.id)}`.execute(
    k.t.app.db,
  );
  expect(moves.rows[0].n).toBe(3); // the debit, the proceeds, the fee
  expect(await nft(k, 'payNFTOrder', b, { id: o.id })).toMatchObject({
    type: 'error',
    message: 'This order is already paid',
  });
  expect(await checkJournalConsistency(k.t.app.db)).toEqual([]);
});

it('a winner who cannot pay, in one statement with one who can: refused, nothing of theirs moves', async () => {
  const [a, rich, poor] = [await funded(k), await funded(k), await funded(k, '100')];
  const i1 = await won(rich, a);
  const i2 = await won(poor, a);
  k.clock.now = T0 + HOUR;
  expect(await k.t.app.nft.runOnce()).toMatchObject({ auctions: 2 });
  const [o1, o2] = [await orderOf(i1.id), await orderOf(i2.id)];
  const rows = await Promise.all([
    submitPay(k.t.app.db, await element(o1.id, i1.id, rich.id)),
    submitPay(k.t.app.db, await element(o2.id, i2.id, poor.id)),
  ]);
  expect(rows.map((r) => r.refused)).toEqual([null, 'insufficient_balance']);
  // 90 available + the margin 10 < 112.75: the margin stays frozen, the order open, the item unsold
  expect(await balance(k.t, poor.id, USDT)).toEqual({ available: '90', frozen: '10' });
  expect(await orderOf(i2.id)).toMatchObject({ status: 'awaiting_payment', paid_at: null });
  const item2 = await k.t.app.db.selectFrom('nft_items').selectAll().where('id', '=', i2.id).executeTakeFirstOrThrow();
  expect({ owner: item2.owner_id, state: item2.auction_state }).toEqual({ owner: null, state: 'awaiting_payment' });
  const margin = await k.t.app.db
    .selectFrom('nft_margins')
    .select('status')
    .where('item_id', '=', i2.id)
    .where('user_id', '=', poor.id)
    .executeTakeFirstOrThrow();
  expect(margin.status).toBe('held');
  // through the API: the same refusal
  expect(await nft(k, 'payNFTOrder', poor, { id: o2.id })).toMatchObject({ type: 'error' });
  expect(await balance(k.t, poor.id, USDT)).toEqual({ available: '90', frozen: '10' });
  expect(await checkJournalConsistency(k.t.app.db)).toEqual([]);
});

it('20 auctions ending together, each paid twice at once (API and writer): each paid once, journal equals balances', async () => {
  const end = T0 + 2 * HOUR;
  const loser = await funded(k);
  const winners = await Promise.all(Array.from({ length: 20 }, () => funded(k)));
  const items: { code: string; id: number }[] = [];
  for (const w of winners) items.push(await won(w, loser, end));
  k.clock.now = end;
  expect(await k.t.app.nft.runOnce()).toMatchObject({ auctions: 20 });
  const orders = await Promise.all(items.map((i) => orderOf(i.id)));
  const creatorBefore = Number((await balance(k.t, k.creator.id, USDT)).available);
  k.clock.now = end + NFT_RULES.payWindowMs - 1000;
  // the second payment of each order, as a request (this node's or another's) read before either committed:
  // only the statement's status guard stands between it and a second debit
  const seconds = await Promise.all(orders.map((o, j) => element(o.id, items[j].id, winners[j].id)));
  const [answers, rows] = await Promise.all([
    Promise.all(winners.map((w, j) => nft(k, 'payNFTOrder', w, { id: orders[j].id }))),
    Promise.all(seconds.map((e) => submitPay(k.t.app.db, e))),
  ]);
  // and once more after both committed, on the same stale reads (a node that read long ago)
  const late = await Promise.all(seconds.map((e) => submitPay(k.t.app.db, e)));
  expect(late.map((r) => r.refused)).toEqual(seconds.map(() => 'nft_order_paid'));
  for (let j = 0; j < 20; j++) {
    const oks = [answers[j].type === 'ok', rows[j].refused === null];
    expect(oks.filter(Boolean), `order ${orders[j].id}`).toHaveLength(1);
    if (!oks[0]) expect(answers[j]).toMatchObject({ message: 'This order is already paid' });
    if (!oks[1]) expect(rows[j].refused).toBe('nft_order_paid');
    expect(await balance(k.t, winners[j].id, USDT)).toEqual({ available: '9887.25', frozen: '0' });
    expect(await orderOf(items[j].id)).toMatchObject({ status: 'paid' });
  }
  const owners = await k.t.app.db
    .selectFrom('nft_items')
    .select(['owner_id', 'auction_state'])
    .where(
      'id',
      'in',
      items.map((i) => i.id),
    )
    .execute();
  expect(owners.every((r) => r.auction_state === 'paid')).toBe(true);
  expect(new Set(owners.map((r) => r.owner_id))).toEqual(new Set(winners.map((w) => w.id)));
  const debits = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM journal WHERE reason = 'nft_buy'
      AND ref_type = 'nft_order' AND ref_id IN (${sql.join(orders.map((o) => String(o.id)))})`.execute(k.t.app.db);
  expect(debits.rows[0].n).toBe(20);
  expect(Number((await balance(k.t, k.creator.id, USDT)).available) - creatorBefore).toBe(20 * 110);
  // the loser's 20 margins came back at the end
  expect(await balance(k.t, loser.id, USDT)).toEqual({ available: '10000', frozen: '0' });
  expect(await checkJournalConsistency(k.t.app.db)).toEqual([]);
}, 240_000);
