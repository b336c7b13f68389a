/** What the browsing pages read: an order's receipt (only its buyer's), collections, the sound and video works' files, the auction's public log replayed. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  replayAuction,
  type NftBid,
  type NftOrder,
  type Page,
  type NftCollection,
  type NftDetail,
  type NftItem,
  type NftMine,
  type NftOrderDetail,
} from '../../../core';
import { decide, funded, item, nft, nftKit, type NftKit } from '../../testing/nft-kit';
import { seedNftDemo, seedNftMedia } from './domain/seed';

let k: NftKit;
beforeAll(async () => void (k = await nftKit()));
afterAll(async () => k?.close());

it("a receipt shows the buyer what they paid and to whom; someone else's order is not found", async () => {
  const { code } = await item(k, { payType: 1, price: '40', royaltyRate: '0.1' });
  const owner = await funded(k);
  const buyer = await funded(k);
  await nft(k, 'buyNFT', owner, { code });
  await nft(k, 'resellNFT', owner, { code, price: '200' });
  await decide(k, code, true);
  await nft(k, 'buyNFT', buyer, { code });
  const order = ((await nft(k, 'getMyNFTs', buyer, {}, 'GET')).message as NftMine).orders[0];
  const r = (await nft(k, 'getNFTOrder', buyer, { id: order.id }, 'GET')).message as NftOrderDetail;
  expect(r).toMatchObject({
    code,
    kind: 'resale',
    price: '200',
    fee: '5',
    total: '205',
    royalty: '20',
    author_name: 'Test Artist',
    is_pay: 1,
  });
  expect(r.seller).toMatch(/\*\*\*/); // the previous holder, masked
  expect(r.paid_at).not.toBeNull();
  expect(await nft(k, 'getNFTOrder', owner, { id: order.id }, 'GET')).toMatchObject({ type: 'error' });
  expect(await nft(k, 'getNFTOrder', undefined, { id: order.id }, 'GET')).toMatchObject({ type: '999' }); // please log in
});

it('the purchase record pages: 25 buys come back newest first, 10 at a time, each once, with the total; only the buyer’s', async () => {
  const buyer = await funded(k);
  const codes: string[] = [];
  for (let i = 0; i < 25; i++) {
    const { code } = await item(k, { payType: 1, price: '1' });
    await nft(k, 'buyNFT', buyer, { code });
    codes.push(code);
  }
  const pages: Page<NftOrder>[] = [];
  for (const page of [1, 2, 3, 4])
    pages.push((await nft(k, 'getMyNFTOrders', buyer, { page, limit: 10 }, 'GET')).message as Page<NftOrder>);
  expect(pages.map((p) => p.list.length)).toEqual([10, 10, 5, 0]);
  expect(pages.every((p) => p.total === 25)).toBe(true);
  expect(pages.flatMap((p) => p.list.map((o) => o.code))).toEqual([...codes].reverse());
  expect(((await nft(k, 'getMyNFTs', buyer, {}, 'GET')).message as NftMine).order_count).toBe(25);
  const stranger = await funded(k);
  expect((await nft(k, 'getMyNFTOrders', stranger, { page: 1 }, 'GET')).message).toMatchObject({ list: [], total: 0 });
  expect((await nft(k, 'getMyNFTOrders', buyer, { page: 1, limit: 1000 }, 'GET')).type).toBe('error'); // the shared paging schema's ceiling
});

it('the bid log of an auction replays to the end and the current bid the page shows (the proof panel)', async () => {
  const { code } = await item(k, { payType: 2, price: '100', perIncrease: '5', endMs: k.clock.now + 4 * 60_000 });
  const [a, b] = [await funded(k), await funded(k)];
  for (const u of [a, b]) await nft(k, 'marginNFT', u, { code });
  await nft(k, 'auctionNFT', a, { code, price: '5' });
  k.clock.now += 60_000;
  await nft(k, 'auctionNFT', b, { code, price: '7' }); // inside the soft-close window: the end moves
  const d = (await nft(k, 'getBoxDetail', undefined, { code }, 'GET')).message as NftDetail;
  const bids = (await nft(k, 'getBindBoxQuotationLog', undefined, { code }, 'GET')).message as NftBid[];
  const r = replayAuction({
    price: d.price,
    per_increase: d.per_increase,
    startMs: Date.parse(d.start_time),
    originalEndMs: Date.parse(d.original_end_time),
    bids: bids.map((x) => ({ user: x.user, price: x.price, atMs: Date.parse(x.created_at) })),
  });
  expect(r.ok).toBe(true);
  expect(r.extensions).toBe(2);
  expect(r.endMs).toBe(Date.parse(d.end_time));
  expect(r.winner?.price).toBe(d.current_bid);
  expect(d.current_bid).toBe('112');
});

it('the demo has a sound and a video work, served with their content types; collections list their works', async () => {
  await seedNftDemo(k.t.app.db, k.clock.now);
  await seedNftMedia(k.t.app.db, k.clock.now);
  await seedNftMedia(k.t.app.db, k.clock.now); // once only
  const list = (await nft(k, 'getBoxList', undefined, {}, 'GET')).message as NftItem[];
  const sound = list.filter((i) => i.type === 3);
  const video = list.filter((i) => i.type === 4);
  expect(sound.map((i) => i.code)).toEqual(['SND-4001']);
  expect(video.map((i) => i.code)).toEqual(['VID-5001']);
  expect(video[0].image).toMatch(/\.svg$/); // a cover for the tile; the clip is `media`
  for (const [url, type, magic] of [
    [sound[0].media, 'audio/wav', 'RIFF'],
    [video[0].media, 'video/webm', '\x1a\x45\xdf\xa3'],
  ] as const) {
    const res = await k.t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(type);
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe(magic);
  }
  expect((await k.t.app.inject({ method: 'GET', url: '/api/bind_box/media/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(
    404,
  );
  const search = (await nft(k, 'getBoxList', undefined, { keyword: 'kenji' }, 'GET')).message as NftItem[];
  expect(search.length).toBeGreaterThan(0);
  expect(search.every((i) => i.author_name === 'Kenji Mori')).toBe(true);
  const cols = (await nft(k, 'getCollections', undefined, {}, 'GET')).message as NftCollection[];
  const kenji = cols.find((c) => c.artist_name === 'Kenji Mori')!;
  const one = (await nft(k, 'getCollectionDetail', undefined, { id: kenji.id }, 'GET')).message as NftCollection & {
    items: NftItem[];
  };
  expect(one.items.map((i) => i.code)).toContain('SND-4001');
  expect(one.works).toBe(kenji.works);
  expect(await nft(k, 'getCollectionDetail', undefined, { id: 999_999 }, 'GET')).toMatchObject({ type: 'error' });
});
