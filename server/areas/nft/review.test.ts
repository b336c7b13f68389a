/**
 * The platform account, the resale review queue, resale auctions and catalogue edits, through
 * /api/bind_box and /admin/api/nft with a controlled clock (both databases).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { NFT_RULES, type NftDetail, type NftMine, type NftOrder } from '../../../core';
import { balance } from '../../testing/funds-kit';
import { checkJournalConsistency } from '../../db/ledger';
import { auctionsChecker } from '../../verify/checkers/auctions';
import {
  decide,
  funded,
  item,
  journalMark,
  journalNet,
  nft,
  nftAdmin,
  nftKit,
  platformBalance,
  series,
  T0,
  USDT,
  type NftKit,
} from '../../testing/nft-kit';

let k: NftKit;
beforeAll(async () => void (k = await nftKit()));
afterAll(async () => k?.close());

const HOUR = 3_600_000;
const detail = async (code: string, u?: Parameters<typeof nft>[2]) =>
  (await nft(k, 'getBoxDetail', u, { code }, 'GET')).message as NftDetail;
const db = () => k.t.app.db;
/** everything a review must not touch: balances, journal, orders, bids, margins */
const moneyState = async () =>
  (
    await sql<{
      t: string;
    }>`SELECT (SELECT count(*) FROM journal) || '/' || (SELECT coalesce(sum(available + frozen), 0) FROM accounts) || '/' || (SELECT count(*) FROM nft_orders) || '/' || (SELECT count(*) FROM nft_bids) || '/' || (SELECT count(*) FROM nft_margins) AS t`.execute(
      db(),
    )
  ).rows[0].t;

it('fees, box sales and forfeited margins land in the platform account: every sale sums to zero', async () => {
  k.clock.now = T0;
  const p0 = await platformBalance(db());
  const mark = await journalMark(db());
  const [a, b] = [await funded(k), await funded(k)];
  // a fixed-price sale: 100 + 2.5 fee
  const fixed = await item(k, { payType: 1, price: '100' });
  await nft(k, 'buyNFT', a, { code: fixed.code });
  // a blind box: 10 + 0.25 fee
  const box = await series(k, [{ prize: 'R:Sand', count: 2 }]);
  await nft(k, 'buyNFT', b, { code: box.code });
  // an auction won by b at 105 and never paid: b forfeits the 10 margin
  const auc = await item(k, { payType: 2, price: '100', perIncrease: '5', margin: '10', endMs: T0 + HOUR });
  for (const u of [a, b]) await nft(k, 'marginNFT', u, { code: auc.code });
  await nft(k, 'auctionNFT', b, { code: auc.code, price: '5' });
  k.clock.now = T0 + HOUR;
  await k.t.app.nft.runOnce();
  k.clock.now = T0 + HOUR + NFT_RULES.payWindowMs;
  await k.t.app.nft.runOnce();
  expect(await balance(k.t, b.id, USDT)).toEqual({ available: '9979.75', frozen: '0' });
  expect(Number((await platformBalance(db())).available) - Number(p0.available)).toBe(2.5 + 0.25 + 10);
  expect(await journalNet(db(), mark)).toBe('0');
  expect(await checkJournalConsistency(db())).toEqual([]);
});

it('a resale is a submission: nothing is listed and no money moves until review; a rejection tells the holder why', async () => {
  k.clock.now = T0;
  const { code } = await item(k, { payType: 1, price: '40' });
  const owner = await funded(k);
  const stranger = await funded(k);
  await nft(k, 'buyNFT', owner, { code });
  expect(await nft(k, 'resellNFT', stranger, { code, price: '60' })).toMatchObject({
    type: 'error',
    message: 'You do not own this artwork',
  });
  expect(await nft(k, 'resellNFT', owner, { code, price: '60', pay_type: '2', per_increase: '-1' })).toMatchObject({
    type: 'error',
    message: 'Please enter a valid bid increment',
  });
  const before = await moneyState();
  expect(await nft(k, 'resellNFT', owner, { code, price: '60' })).toMatchObject({
    type: 'ok',
    message: { status: 'pending' },
  });
  expect(await detail(code, owner)).toMatchObject({
    resell_nft_status: 'not_for_sale',
    status: 0,
    my_review: { status: 'pending', price: '60' },
  });
  expect((await detail(code, stranger)).my_review).toBeNull();
  expect(await nft(k, 'buyNFT', stranger, { code })).toMatchObject({
    type: 'error',
    message: 'This artwork is not for sale',
  });
  // the operator's queue shows it; a rejection needs a reason
  const queue = (await nftAdmin(k, 'GET', '/reviews', { status: 'pending' })).message as {
    list: { id: number; code: string }[];
  };
  const entry = queue.list.find((r) => r.code === code)!;
  expect(await nftAdmin(k, 'POST', '/reviews/review', { id: entry.id, approve: 0, reason: '' })).toMatchObject({
    type: 'error',
  });
  expect(
    (await nftAdmin(k, 'POST', '/reviews/review', { id: entry.id, approve: 0, reason: 'Price far above the market' }))
      .type,
  ).toBe('ok');
  expect(await nftAdmin(k, 'POST', '/reviews/review', { id: entry.id, approve: 1, reason: '' })).toMatchObject({
    type: 'error',
    message: 'This submission has already been reviewed',
  });
  expect(await moneyState()).toBe(before);
  const mine = (await nft(k, 'getMyNFTs', owner, {}, 'GET')).message as NftMine;
  expect(mine.reviews[0]).toMatchObject({ code, status: 'rejected', reason: 'Price far above the market' });
  expect((await detail(code)).resell_nft_status).toBe('not_for_sale');
  const log = await sql<{
    action: string;
    reason: string;
  }>`SELECT action, reason FROM operator_actions WHERE target LIKE ${`%nft_review:${entry.id}`}`.execute(db());
  expect(log.rows).toEqual([{ action: 'nft_listing_reject', reason: 'Price far above the market' }]);
  // submitted again and approved: listed, still no money moved
  await nft(k, 'resellNFT', owner, { code, price: '45' });
  expect((await decide(k, code, true)).type).toBe('ok');
  expect(await moneyState()).toBe(before);
  expect(await detail(code)).toMatchObject({ resell_nft_status: 'reselling', status: 1, price: '45', pay_type: 1 });
});

it('a resale auction: the holder auctions an owned item, the winner pays, the creator gets exactly the royalty, all sums to zero', async () => {
  k.clock.now = T0;
  const { code } = await item(k, {
    payType: 2,
    price: '50',
    perIncrease: '5',
    margin: '5',
    royaltyRate: '0.07',
    endMs: T0 + HOUR,
  });
  const [holder, x, y] = [await funded(k), await funded(k), await funded(k)];
  // round 1: the holder wins it from the creator and pays; x took part and got the margin back
  for (const u of [holder, x]) await nft(k, 'marginNFT', u, { code });
  await nft(k, 'auctionNFT', x, { code, price: '5' });
  await nft(k, 'auctionNFT', holder, { code, price: '5' });
  k.clock.now = T0 + HOUR;
  await k.t.app.nft.runOnce();
  const won = ((await nft(k, 'getNeedPayNFTOrder', holder, {}, 'GET')).message as NftOrder[]).find(
    (o) => o.code === code,
  )!;
  expect((await nft(k, 'payNFTOrder', holder, { id: won.id })).type).toBe('ok');
  // round 2: the holder puts it up for auction; the start must come before the end
  k.clock.now = T0 + 2 * HOUR;
  const window = { start_time: String((T0 + 2 * HOUR) / 1000), end_time: String((T0 + 3 * HOUR) / 1000) };
  expect(
    await nft(k, 'resellNFT', holder, {
      code,
      price: '200',
      pay_type: '2',
      per_increase: '10',
      margin: '20',
      start_time: window.end_time,
      end_time: window.start_time,
    }),
  ).toMatchObject({ type: 'error', message: 'The end time must be later than the start time' });
  expect(
    (
      await nft(k, 'resellNFT', holder, {
        code,
        price: '200',
        pay_type: '2',
        per_increase: '10',
        margin: '20',
        ...window,
      })
    ).type,
  ).toBe('ok');
  expect((await decide(k, code, true)).type).toBe('ok');
  expect(await detail(code)).toMatchObject({
    pay_type: 2,
    auction_state: 'open',
    resell_nft_status: 'reselling',
    min_bid: '210',
    current_bid: null,
    margin: '20',
  });
  expect(await nft(k, 'marginNFT', holder, { code })).toMatchObject({
    type: 'error',
    message: 'You cannot buy or bid on your own artwork',
  });
  const mark = await journalMark(db());
  const p0 = Number((await platformBalance(db())).available);
  const c0 = Number((await balance(k.t, k.creator.id, USDT)).available);
  const h0 = Number((await balance(k.t, holder.id, USDT)).available);
  // x bid in round 1 and may take part again in round 2
  for (const u of [x, y]) expect((await nft(k, 'marginNFT', u, { code })).type).toBe('ok');
  await nft(k, 'auctionNFT', x, { code, price: '10' }); // 210
  await nft(k, 'auctionNFT', y, { code, price: '23.33' }); // 233.33
  k.clock.now = T0 + 3 * HOUR;
  await k.t.app.nft.runOnce();
  expect(await balance(k.t, x.id, USDT)).toMatchObject({ frozen: '0' });
  const order = ((await nft(k, 'getNeedPayNFTOrder', y, {}, 'GET')).message as NftOrder[]).find(
    (o) => o.code === code,
  )!;
  expect(order).toMatchObject({ price: '233.33', fee: '5.84', margin: '20' });
  expect((await nft(k, 'payNFTOrder', y, { id: order.id })).type).toBe('ok');
  // royalty 7 % of 233.33 = 16.3331 → 16.33 (rounded down); the seller gets the rest; the fee is the platform's
  expect(Number((await balance(k.t, k.creator.id, USDT)).available) - c0).toBeCloseTo(16.33, 10);
  expect(Number((await balance(k.t, holder.id, USDT)).available) - h0).toBeCloseTo(217, 10);
  expect(Number((await platformBalance(db())).available) - p0).toBeCloseTo(5.84, 10);
  expect(await balance(k.t, y.id, USDT)).toEqual({ available: '9760.83', frozen: '0' }); // 10000 − 233.33 − 5.84 (fee rounded up);
  expect(await detail(code)).toMatchObject({
    owner_id: y.id,
    auction_state: 'paid',
    resell_nft_status: 'not_for_sale',
  });
  expect(await journalNet(db(), mark)).toBe('0');
  expect(await checkJournalConsistency(db())).toEqual([]);
  // both rounds' outcomes recompute from their own bids
  const rows = await auctionsChecker.check(db());
  expect(rows.length).toBeGreaterThanOrEqual(2);
  expect(rows.filter((r) => !r.ok)).toEqual([]);
});

it('the back office edits the catalogue, logged with what changed; terms are locked once someone has a stake', async () => {
  k.clock.now = T0;
  const { code, id } = await item(k, { payType: 2, price: '100', perIncrease: '5', margin: '10', endMs: T0 + HOUR });
  expect(await nftAdmin(k, 'POST', '/items/edit', { id, title: 'Renamed' })).toMatchObject({ type: 'error' }); // no reason
  expect(
    await nftAdmin(k, 'POST', '/items/edit', {
      id,
      reason: 'typo',
      title: 'Renamed',
      price: '90',
      end_time: String((T0 + 2 * HOUR) / 1000),
    }),
  ).toMatchObject({ type: 'ok' });
  expect(await detail(code)).toMatchObject({
    name: 'Renamed',
    price: '90',
    end_time: new Date(T0 + 2 * HOUR).toISOString(),
    original_end_time: new Date(T0 + 2 * HOUR).toISOString(),
  });
  const log = await sql<{
    detail: Record<string, { from: unknown; to: unknown }>;
  }>`SELECT detail FROM operator_actions WHERE action = 'nft_item_edit' AND target = ${`nft_item:${id}`}`.execute(db());
  const d =
    typeof log.rows[0].detail === 'string' ? JSON.parse(log.rows[0].detail as unknown as string) : log.rows[0].detail;
  expect(d).toMatchObject({ title: { to: 'Renamed' }, price: { from: '100', to: '90' } });
  expect(
    await nftAdmin(k, 'POST', '/items/edit', { id, reason: 'x', end_time: String((T0 - HOUR) / 1000) }),
  ).toMatchObject({ type: 'error', message: 'The end time must be later than the start time' });
  await nft(k, 'marginNFT', await funded(k), { code });
  expect(await nftAdmin(k, 'POST', '/items/edit', { id, reason: 'raise', price: '150' })).toMatchObject({
    type: 'error',
    message: 'Someone has bought, bid or paid a margin: the price and times can no longer change',
  });
  expect(
    await nftAdmin(k, 'POST', '/items/edit', { id, reason: 'better words', description: 'Now with a story' }),
  ).toMatchObject({ type: 'ok' });
  // the console's form sends every field: the unchanged price is no change, so the edit goes through
  expect(
    await nftAdmin(k, 'POST', '/items/edit', { id, reason: 'words again', price: '90.00', title: 'Renamed twice' }),
  ).toMatchObject({ type: 'ok', message: { title: { to: 'Renamed twice' } } });
  expect(await detail(code)).toMatchObject({ price: '90', description: 'Now with a story' });
  const c = (await nftAdmin(k, 'GET', '/collections')).message as { id: number }[];
  expect(
    (await nftAdmin(k, 'POST', '/collections/edit', { id: c[0].id, reason: 'rename', name: 'Tests II' })).type,
  ).toBe('ok');
  expect(
    (await nftAdmin(k, 'POST', '/artists/edit', { id: k.artistId, reason: 'bio', bio: 'Paints with hashes.' })).type,
  ).toBe('ok');
  expect((await detail(code)).collection_name).toBe('Tests II');
  expect(await nftAdmin(k, 'POST', '/artists/edit', { id: 999999, reason: 'x', name: 'Nobody' })).toMatchObject({
    type: 'error',
  });
});
