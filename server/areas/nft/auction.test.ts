/**
 * Auctions with a controlled clock: margin, minimum bid, capped soft close, settlement at the end
 * (other margins back at once), the winner paying within the day, an unpaid winner forfeiting
 * exactly the margin, bids on an ended auction, and 50 concurrent bids and buys.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { NFT_RULES, type NftDetail, type NftOrder } from '../../../core';
import { balance } from '../../testing/funds-kit';
import { checkJournalConsistency } from '../../db/ledger';
import { funded, item, nft, nftKit, T0, USDT, type NftKit } from '../../testing/nft-kit';

let k: NftKit;
beforeAll(async () => void (k = await nftKit()));
afterAll(async () => k?.close());

const detail = async (code: string) => (await nft(k, 'getBoxDetail', undefined, { code }, 'GET')).message as NftDetail;
const HOUR = 3_600_000;

it('a bid needs the margin and at least the increment; a last-minute bid extends the end, never past the cap', async () => {
  k.clock.now = T0;
  const { code } = await item(k, { payType: 2, price: '100', perIncrease: '5', margin: '10', endMs: T0 + HOUR });
  const a = await funded(k);
  const b = await funded(k);
  expect(await nft(k, 'auctionNFT', a, { code, price: '5' })).toMatchObject({
    type: 'error',
    message: 'Pay the margin of 10 first to take part',
  });
  expect((await nft(k, 'marginNFT', a, { code })).type).toBe('ok');
  expect(await nft(k, 'marginNFT', a, { code })).toMatchObject({
    type: 'error',
    message: 'You have already paid the margin',
  });
  expect(await balance(k.t, a.id, USDT)).toEqual({ available: '9990', frozen: '10' });
  expect((await detail(code)).min_bid).toBe('105');
  expect(await nft(k, 'auctionNFT', a, { code, price: '4.99' })).toMatchObject({
    type: 'error',
    message: 'Your bid must be at least 105',
  });
  expect(await nft(k, 'auctionNFT', a, { code, price: '0' })).toMatchObject({ type: 'error' });
  expect(await nft(k, 'auctionNFT', a, { code, price: '5' })).toMatchObject({
    type: 'ok',
    message: { bid: '105', extended: false },
  });
  expect(await nft(k, 'auctionNFT', a, { code, price: '5' })).toMatchObject({
    type: 'error',
    message: 'You are already the highest bidder',
  });
  await nft(k, 'marginNFT', b, { code });
  // one minute before the end: the end moves to bid time + 5 min
  k.clock.now = T0 + HOUR - 60_000;
  const r = await nft(k, 'auctionNFT', b, { code, price: '5' });
  expect(r).toMatchObject({
    type: 'ok',
    message: { bid: '110', extended: true, end_time: new Date(k.clock.now + NFT_RULES.softCloseMs).toISOString() },
  });
  // keep bidding at the last minute: the end never passes original end + cap
  const who = [a, b];
  for (let i = 0; i < 12; i++) {
    const d = await detail(code);
    k.clock.now = new Date(d.end_time).getTime() - 30_000;
    if (k.clock.now >= new Date(d.end_time).getTime()) break;
    await nft(k, 'auctionNFT', who[i % 2], { code, price: '5' });
  }
  const d = await detail(code);
  expect(new Date(d.end_time).getTime()).toBe(T0 + HOUR + NFT_RULES.softCloseCapMs);
  expect(new Date(d.original_end_time).getTime()).toBe(T0 + HOUR);
  k.clock.now = new Date(d.end_time).getTime();
  expect(await nft(k, 'auctionNFT', a, { code, price: '50' })).toMatchObject({
    type: 'error',
    message: 'The sale has ended',
  });
});

it('at the end the winner has a day to pay; the others get their margins back at once; paying hands over the item', async () => {
  k.clock.now = T0;
  const { code } = await item(k, { payType: 2, price: '100', perIncrease: '5', margin: '10', endMs: T0 + HOUR });
  const [a, b, c] = [await funded(k), await funded(k), await funded(k)];
  for (const u of [a, b, c]) await nft(k, 'marginNFT', u, { code });
  await nft(k, 'auctionNFT', a, { code, price: '5' });
  await nft(k, 'auctionNFT', b, { code, price: '20' }); // 125
  k.clock.now = T0 + HOUR;
  expect(await k.t.app.nft.runOnce()).toMatchObject({ auctions: 1 });
  expect(await k.t.app.nft.runOnce()).toMatchObject({ auctions: 0 });
  for (const u of [a, c]) expect(await balance(k.t, u.id, USDT)).toEqual({ available: '10000', frozen: '0' });
  expect(await balance(k.t, b.id, USDT)).toEqual({ available: '9990', frozen: '10' });
  const orders = (await nft(k, 'getNeedPayNFTOrder', b, {}, 'GET')).message as NftOrder[];
  expect(orders[0]).toMatchObject({
    code,
    price: '125',
    fee: '3.13',
    is_pay: 0,
    is_expired: 0,
    is_read: 0,
    margin: '10',
    overtime: new Date(T0 + HOUR + NFT_RULES.payWindowMs).toISOString(),
  });
  expect(await nft(k, 'payNFTOrder', a, { id: orders[0].id })).toMatchObject({
    type: 'error',
    message: 'Order not found',
  });
  expect((await nft(k, 'readNFTOrderMessage', b, { id: orders[0].id })).type).toBe('ok');
  const creatorBefore = (await balance(k.t, k.creator.id, USDT)).available;
  k.clock.now = T0 + HOUR + NFT_RULES.payWindowMs - 1000;
  expect((await nft(k, 'payNFTOrder', b, { id: orders[0].id })).type).toBe('ok');
  expect(await nft(k, 'payNFTOrder', b, { id: orders[0].id })).toMatchObject({
    type: 'error',
    message: 'This order is already paid',
  });
  // 10000 − 125 − 3.13 fee (2.5 %, rounded up to USDT's 2 decimals; the margin came back)
  expect(await balance(k.t, b.id, USDT)).toEqual({ available: '9871.87', frozen: '0' });
  expect(Number((await balance(k.t, k.creator.id, USDT)).available) - Number(creatorBefore)).toBe(125);
  expect(await detail(code)).toMatchObject({ owner_id: b.id, auction_state: 'paid' });
  expect(await checkJournalConsistency(k.t.app.db)).toEqual([]);
});

it('an unpaid winner loses exactly the margin; paying after the deadline is refused and changes nothing', async () => {
  k.clock.now = T0;
  const { code } = await item(k, { payType: 2, price: '100', perIncrease: '5', margin: '12.5', endMs: T0 + HOUR });
  const [a, b] = [await funded(k), await funded(k)];
  for (const u of [a, b]) await nft(k, 'marginNFT', u, { code });
  await nft(k, 'auctionNFT', a, { code, price: '5' });
  await nft(k, 'auctionNFT', b, { code, price: '5' });
  k.clock.now = T0 + HOUR;
  await k.t.app.nft.runOnce();
  expect(await balance(k.t, a.id, USDT)).toEqual({ available: '10000', frozen: '0' });
  const order = ((await nft(k, 'getNeedPayNFTOrder', b, {}, 'GET')).message as NftOrder[])[0];
  // someone else's order (the loser's, well funded) cannot be paid: not found to them, nothing moves
  expect(await nft(k, 'payNFTOrder', a, { id: order.id })).toMatchObject({ type: 'error', message: 'Order not found' });
  expect(await balance(k.t, a.id, USDT)).toEqual({ available: '10000', frozen: '0' });
  expect(await balance(k.t, b.id, USDT)).toEqual({ available: '9987.5', frozen: '12.5' });
  expect((await detail(code)).owner_id).toBeNull();
  k.clock.now = T0 + HOUR + NFT_RULES.payWindowMs;
  expect(await nft(k, 'payNFTOrder', b, { id: order.id })).toMatchObject({
    type: 'error',
    message: 'This order has expired and the margin was forfeited',
  });
  expect(await balance(k.t, b.id, USDT)).toEqual({ available: '9987.5', frozen: '12.5' });
  expect((await k.t.app.nft.runOnce()).expired).toBeGreaterThanOrEqual(1);
  expect(await k.t.app.nft.runOnce()).toMatchObject({ auctions: 0, expired: 0 });
  expect(await balance(k.t, b.id, USDT)).toEqual({ available: '9987.5', frozen: '0' });
  expect(((await nft(k, 'getNeedPayNFTOrder', b, {}, 'GET')).message as NftOrder[])[0]).toMatchObject({
    is_expired: 1,
    is_pay: 0,
  });
  expect(await nft(k, 'payNFTOrder', b, { id: order.id })).toMatchObject({
    type: 'error',
    message: 'This order has expired and the margin was forfeited',
  });
  expect(await balance(k.t, b.id, USDT)).toEqual({ available: '9987.5', frozen: '0' });
  expect((await detail(code)).owner_id).toBeNull();
  expect(await checkJournalConsistency(k.t.app.db)).toEqual([]);
});

it('50 concurrent bids and buys never sell twice and leave no margin frozen', async () => {
  k.clock.now = T0;
  const auction = await item(k, { payType: 2, price: '100', perIncrease: '1', margin: '10', endMs: T0 + HOUR });
  const fixed = await item(k, { payType: 1, price: '100' });
  const users = await Promise.all(Array.from({ length: 50 }, () => funded(k)));
  await Promise.all(users.map((u) => nft(k, 'marginNFT', u, { code: auction.code })));
  const [bids, buys] = await Promise.all([
    Promise.all(users.map((u, i) => nft(k, 'auctionNFT', u, { code: auction.code, price: String(1 + (i % 7)) }))),
    Promise.all(users.map((u) => nft(k, 'buyNFT', u, { code: fixed.code }))),
  ]);
  expect(buys.filter((r) => r.type === 'ok')).toHaveLength(1);
  const okBids = bids.filter((r) => r.type === 'ok').length;
  expect(okBids).toBeGreaterThan(0);
  const log = await sql<{
    price: string;
  }>`SELECT price::text FROM nft_bids WHERE item_id = ${auction.id} ORDER BY id`.execute(k.t.app.db);
  expect(log.rows).toHaveLength(okBids);
  for (let i = 1; i < log.rows.length; i++)
    expect(Number(log.rows[i].price)).toBeGreaterThan(Number(log.rows[i - 1].price));
  const buyers = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM nft_orders WHERE item_id = ${fixed.id}`.execute(k.t.app.db);
  expect(buyers.rows[0].n).toBe(1);
  k.clock.now = T0 + HOUR;
  await k.t.app.nft.runOnce();
  const held = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM nft_margins WHERE item_id = ${auction.id} AND status = 'held'`.execute(k.t.app.db);
  expect(held.rows[0].n).toBe(1); // the winner's, until they pay or the deadline passes
  const frozen = await Promise.all(users.map((u) => balance(k.t, u.id, USDT)));
  expect(frozen.filter((f) => f.frozen !== '0')).toHaveLength(1);
  expect(await checkJournalConsistency(k.t.app.db)).toEqual([]);
}, 240_000);
