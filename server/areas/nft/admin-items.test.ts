/**
 * The back office's item screen through its API (/admin/api/nft): the currencies it offers, a
 * fixed-price item created with the screen's fields listed with its names and on sale in the
 * market at once, and the refusals an operator reads in their language (a code already used, a
 * currency NFTs are not priced in) that write nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AdminNftItem, NftItem } from '../../../core';
import { operator } from '../../testing/funds-kit';
import { nft, nftKit, T0, USDT, type NftKit } from '../../testing/nft-kit';

let k: NftKit;
let token: string;
beforeAll(async () => {
  k = await nftKit();
  token = await operator(k.t);
});
afterAll(async () => k?.close());

const post = async (fields: Record<string, string>, lang = 'en') =>
  (
    await k.t.app.inject({
      method: 'POST',
      url: '/admin/api/nft/items',
      payload: new URLSearchParams(fields).toString(),
      headers: { authorization: token, lang, 'content-type': 'application/x-www-form-urlencoded' },
    })
  ).json() as { type: string; message: unknown };
const get = async <T>(path: string) =>
  (
    (
      await k.t.app.inject({ method: 'GET', url: `/admin/api/nft${path}`, headers: { authorization: token } })
    ).json() as { type: string; message: T }
  ).message;
const created = async () =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM nft_items`.execute(k.t.app.db)).rows[0].n;

const form = (code: string) => ({
  code,
  collection_id: String(k.collectionId),
  title: 'Harbour at Dusk',
  rarity: 'SR',
  currency_id: String(USDT),
  price: '12.5',
  pay_type: '1',
  start_time: String(T0 - 60_000),
  end_time: String(T0 + 7 * 86_400_000),
});

it('offers the currencies NFTs are priced in; an item made with the screen’s fields is listed with its names and on sale in the market', async () => {
  const currencies = await get<{ id: number; name: string }[]>('/currencies');
  expect(currencies.map((c) => c.name)).toContain('USDT');
  const r = await post(form('OFFICE-1'));
  expect(r.type).toBe('ok');
  const row = (await get<AdminNftItem[]>('/items')).find((i) => i.code === 'OFFICE-1');
  expect(row).toMatchObject({
    title: 'Harbour at Dusk',
    rarity: 'SR',
    price: '12.5',
    currency_name: 'USDT',
    collection_name: 'Tests',
    artist_name: 'Test Artist',
    pay_type: 1,
    listing: 'for_sale',
    owner_id: null,
  });
  expect(row?.start_at).toBe(new Date(T0 - 60_000).toISOString());
  const market = (await nft(k, 'getBoxList', undefined, { pay_type: 1 }, 'GET')).message as
    { list?: NftItem[] } | NftItem[];
  const list = Array.isArray(market) ? market : (market.list ?? []);
  expect(list.find((i) => i.code === 'OFFICE-1')).toMatchObject({ name: 'Harbour at Dusk', price: '12.5', status: 1 });
});

it('a code already used and a currency NFTs are not priced in are refused in the operator’s language, and nothing is written', async () => {
  expect((await post(form('OFFICE-2'))).type).toBe('ok');
  const before = await created();
  expect(await post(form('OFFICE-2'))).toMatchObject({
    type: 'error',
    message: 'The code OFFICE-2 is already used by another artwork',
  });
  expect(await post(form('OFFICE-2'), 'zh')).toMatchObject({ type: 'error', message: '藏品编号 OFFICE-2 已被使用' });
  expect(await post({ ...form('OFFICE-3'), currency_id: '1' })).toMatchObject({
    type: 'error',
    message: 'Artworks cannot be priced in this currency',
  });
  expect(await post({ ...form('OFFICE-4'), end_time: String(T0 - 120_000) }, 'zh')).toMatchObject({
    type: 'error',
    message: '结束时间必须晚于开始时间',
  });
  expect(await created()).toBe(before);
});
