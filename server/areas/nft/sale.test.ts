/** Fixed-price sales, resale with royalty, blind boxes, bad input: through /api/bind_box with a controlled clock. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { balance } from '../../testing/funds-kit';
import { checkJournalConsistency } from '../../db/ledger';
import { rowCounts } from '../../testing/app';
import { verifyBoxes, type NftBoxSeries, type NftDetail, type NftMine } from '../../../core';
import { decide, funded, item, nft, nftKit, series, T0, USDT, type NftKit } from '../../testing/nft-kit';

let k: NftKit;
beforeAll(async () => void (k = await nftKit()));
afterAll(async () => k?.close());

it('buying at a fixed price shows the fee first, charges price + fee once, pays the creator, and sells the item only once', async () => {
  const { code } = await item(k, { payType: 1, price: '100' });
  const a = await funded(k);
  const b = await funded(k);
  const detail = (await nft(k, 'getBoxDetail', undefined, { code }, 'GET')).message as NftDetail;
  expect(detail.fees).toMatchObject({ price: '100', fee: '2.5', total: '102.5', royalty: '0' });
  expect(detail.status).toBe(1);
  expect((await nft(k, 'buyNFT', a, { code })).type).toBe('ok');
  const again = await nft(k, 'buyNFT', b, { code });
  expect(again).toMatchObject({ type: 'error', message: 'This artwork is not for sale' });
  expect(await balance(k.t, a.id, USDT)).toEqual({ available: '9897.5', frozen: '0' });
  expect(await balance(k.t, b.id, USDT)).toEqual({ available: '10000', frozen: '0' });
  expect((await balance(k.t, k.creator.id, USDT)).available).toBe('100');
  const mine = (await nft(k, 'getMyNFTs', a, {}, 'GET')).message as NftMine;
  expect(mine.items.map((i) => i.code)).toContain(code);
  expect(await checkJournalConsistency(k.t.app.db)).toEqual([]);
});

it('a resale pays the creator the royalty out of the price; a resale cannot be listed twice', async () => {
  const { code } = await item(k, { payType: 1, price: '40', royaltyRate: '0.1' });
  const owner = await funded(k);
  const buyer = await funded(k);
  await nft(k, 'buyNFT', owner, { code });
  const creatorBefore = (await balance(k.t, k.creator.id, USDT)).available;
  expect((await nft(k, 'resellNFT', owner, { code, price: '200' })).type).toBe('ok');
  expect(await nft(k, 'resellNFT', owner, { code, price: '300' })).toMatchObject({
    type: 'error',
    message: 'A listing of this artwork is already waiting for review',
  });
  expect((await decide(k, code, true)).type).toBe('ok');
  expect(await nft(k, 'resellNFT', owner, { code, price: '300' })).toMatchObject({
    type: 'error',
    message: 'This artwork is already listed; a resale cannot be undone',
  });
  const d = (await nft(k, 'getBoxDetail', undefined, { code }, 'GET')).message as NftDetail;
  expect(d.resell_nft_status).toBe('reselling');
  expect(d.fees).toMatchObject({ price: '200', fee: '5', total: '205', royalty: '20', seller_gets: '180' });
  const ownerBefore = (await balance(k.t, owner.id, USDT)).available;
  expect((await nft(k, 'buyNFT', buyer, { code })).type).toBe('ok');
  expect((await balance(k.t, buyer.id, USDT)).available).toBe('9795');
  expect(Number((await balance(k.t, owner.id, USDT)).available) - Number(ownerBefore)).toBe(180);
  expect(Number((await balance(k.t, k.creator.id, USDT)).available) - Number(creatorBefore)).toBe(20);
  expect(await checkJournalConsistency(k.t.app.db)).toEqual([]);
});

it('bad input gets a clear error and changes nothing', async () => {
  const { code } = await item(k, { payType: 1, price: '100' });
  const u = await funded(k);
  const other = await funded(k);
  await nft(k, 'buyNFT', u, { code });
  const nftRows = async () =>
    (
      await sql<{
        t: string;
      }>`SELECT (SELECT count(*) FROM nft_orders) || '/' || (SELECT count(*) FROM nft_items) || '/' || (SELECT count(*) FROM nft_boxes) || '/' || (SELECT string_agg(listing || price::text, ',' ORDER BY id) FROM nft_items) AS t`.execute(
        k.t.app.db,
      )
    ).rows[0].t;
  const before = { ...(await rowCounts(k.t.app)), nft: await nftRows() };
  const cases: [string, Record<string, string>, string, typeof u][] = [
    ['buyNFT', { code: 'NOPE-1' }, 'This artwork does not exist', other],
    ['resellNFT', { code, price: '-5' }, 'Please enter a valid price', u],
    ['resellNFT', { code, price: '1.123456789012345678901234567890' }, 'The price has at most 2 decimal places', u],
    [
      'resellNFT',
      { code, price: '10', start_time: String(T0 / 1000 + 3600), end_time: String(T0 / 1000 + 60) },
      'The end time must be later than the start time',
      u,
    ],
    ['resellNFT', { code, price: '10' }, 'You do not own this artwork', other],
    ['payNFTOrder', { id: '999999' }, 'Order not found', u],
    ['openBlindBox', { code: 'BOX-NOPE-1' }, 'Blind box not found', u],
  ];
  for (const [path, fields, message, who] of cases)
    expect(await nft(k, path, who, fields), path).toMatchObject({ type: 'error', message });
  expect({ ...(await rowCounts(k.t.app)), nft: await nftRows() }).toEqual(before);
  expect(((await nft(k, 'getBoxDetail', undefined, { code }, 'GET')).message as NftDetail).resell_nft_status).toBe(
    'not_for_sale',
  );
});

it('blind boxes: prizes follow the committed seed, the seed is published at sell-out, and the verifier recomputes every box', async () => {
  const s = await series(k, [
    { prize: 'SSR:Gold', count: 1 },
    { prize: 'R:Sand', count: 2 },
    { prize: 'N:Haze', count: 3 },
  ]);
  const buyers = [await funded(k), await funded(k), await funded(k)];
  let view = ((await nft(k, 'getBoxDetail', undefined, { code: s.code }, 'GET')).message as NftDetail)
    .series as NftBoxSeries;
  expect(view.seed).toBeNull();
  expect(view.commitment).toMatch(/^[0-9a-f]{64}$/);
  for (let i = 0; i < 6; i++) expect((await nft(k, 'buyNFT', buyers[i % 3], { code: s.code })).type).toBe('ok');
  expect(await nft(k, 'buyNFT', buyers[0], { code: s.code })).toMatchObject({ type: 'error' });
  view = ((await nft(k, 'getBoxDetail', undefined, { code: s.code }, 'GET')).message as NftDetail)
    .series as NftBoxSeries;
  expect(view.seed).not.toBeNull();
  const check = verifyBoxes({
    seed: view.seed!,
    commitment: view.commitment,
    seriesId: view.id,
    manifest: view.manifest,
    purchases: view.purchases.map((p) => ({ k: p.k, prize: p.prize! })),
  });
  expect(check.ok).toBe(true);
  expect(view.purchases.map((p) => p.prize).sort()).toEqual([
    'N:Haze',
    'N:Haze',
    'N:Haze',
    'R:Sand',
    'R:Sand',
    'SSR:Gold',
  ]);
  // opening: not opened → opened, the prize becomes the owner's item; a second open is refused; no one else can open it
  const mine = (await nft(k, 'getMyNFTs', buyers[0], {}, 'GET')).message as NftMine;
  const box = mine.boxes[0];
  expect(box.status).toBe('not_opened');
  expect(box.prize).toBeNull();
  expect(await nft(k, 'openBlindBox', buyers[1], { code: box.code })).toMatchObject({
    type: 'error',
    message: 'Blind box not found',
  });
  const opened = await nft(k, 'openBlindBox', buyers[0], { code: box.code });
  expect(opened.type).toBe('ok');
  expect(await nft(k, 'openBlindBox', buyers[0], { code: box.code })).toMatchObject({
    type: 'error',
    message: 'This blind box is already open',
  });
  const after = (await nft(k, 'getMyNFTs', buyers[0], {}, 'GET')).message as NftMine;
  expect(after.items.map((i) => i.code)).toContain(opened.message);
  expect(after.boxes.find((b) => b.code === box.code)!.prize).toBe(view.purchases.find((p) => p.k === box.k)!.prize);
  expect(await checkJournalConsistency(k.t.app.db)).toEqual([]);
});

it('the same Idempotency-Key buys once and answers the same', async () => {
  const { code } = await item(k, { payType: 1, price: '10' });
  const u = await funded(k);
  const h = {
    authorization: u.token,
    'idempotency-key': 'nft-buy-1',
    'content-type': 'application/x-www-form-urlencoded',
  };
  const r1 = await k.t.app.inject({ method: 'POST', url: '/api/bind_box/buyNFT', payload: `code=${code}`, headers: h });
  const r2 = await k.t.app.inject({ method: 'POST', url: '/api/bind_box/buyNFT', payload: `code=${code}`, headers: h });
  expect(r1.json()).toEqual(r2.json());
  expect(r1.json().type).toBe('ok');
  expect((await balance(k.t, u.id, USDT)).available).toBe('9989.75');
  void T0;
});

it('the back office creates an auction with spec §5 checks, logged; a bad one is refused and writes nothing', async () => {
  const { operator } = await import('../../testing/funds-kit');
  const token = await operator(k.t);
  const h = { authorization: token, 'content-type': 'application/x-www-form-urlencoded' };
  const post = async (fields: Record<string, string>) =>
    (
      await k.t.app.inject({
        method: 'POST',
        url: '/admin/api/nft/items',
        payload: new URLSearchParams(fields).toString(),
        headers: h,
      })
    ).json();
  const base = {
    code: 'ADM-1',
    collection_id: String(k.collectionId),
    title: 'Admin piece',
    currency_id: '4',
    price: '50',
    pay_type: '2',
    margin: '5',
    per_increase: '1',
    start_time: String(T0 / 1000),
    end_time: String(T0 / 1000 + 3600),
  };
  expect(await post({ ...base, end_time: String(T0 / 1000 - 60) })).toMatchObject({
    type: 'error',
    message: 'The end time must be later than the start time',
  });
  expect(await post({ ...base, per_increase: '-1' })).toMatchObject({
    type: 'error',
    message: 'Please enter a valid bid increment',
  });
  expect(await post({ ...base, price: '1.001' })).toMatchObject({
    type: 'error',
    message: 'The price has at most 2 decimal places',
  });
  expect(await post(base)).toMatchObject({ type: 'ok' });
  const log = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM operator_actions WHERE action = 'nft_item_create'`.execute(k.t.app.db);
  expect(log.rows[0].n).toBe(1);
  expect(((await nft(k, 'getBoxDetail', undefined, { code: 'ADM-1' }, 'GET')).message as NftDetail).auction_state).toBe(
    'open',
  );
});
