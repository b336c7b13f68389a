/**
 * The back office's edits of items and blind-box series (/admin/api/nft/items/edit) against a sale
 * in progress, with a controlled clock (both databases: the edit and the sale race for one row).
 * Before the start everything may change, a series' manifest too (with a new commitment, the old
 * one logged); once on sale the terms only move in the buyer's favour; once someone has a stake
 * nothing moves; refusals are in the operator's language and write nothing; only an operator may
 * call any of it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AdminNftItem, NftBoxSeries, NftDetail } from '../../../core';
import { commitmentOf } from '../../../core/nft/verify-boxes';
import { operator } from '../../testing/funds-kit';
import { funded, item, nft, nftKit, series, T0, USDT, type NftKit } from '../../testing/nft-kit';
import { createSeries } from './domain/catalog';

let k: NftKit;
let token: string;
beforeAll(async () => {
  k = await nftKit();
  token = await operator(k.t);
});
afterAll(async () => k?.close());

const HOUR = 3_600_000;
const db = () => k.t.app.db;
/** `auth` '' sends no token at all */
const edit = async (fields: Record<string, string | number>, lang = 'en', auth: string = token) => {
  const r = await k.t.app.inject({
    method: 'POST',
    url: '/admin/api/nft/items/edit',
    payload: new URLSearchParams(Object.entries(fields).map(([a, b]): [string, string] => [a, String(b)])).toString(),
    headers: { ...(auth ? { authorization: auth } : {}), lang, 'content-type': 'application/x-www-form-urlencoded' },
  });
  return r.json() as { type: string; message: unknown };
};
const listed = async (code: string) => {
  const r = await k.t.app.inject({
    method: 'GET',
    url: `/admin/api/nft/items?q=${code}`,
    headers: { authorization: token },
  });
  return (r.json() as { message: AdminNftItem[] }).message.find((i) => i.code === code)!;
};
const detail = async (code: string) => (await nft(k, 'getBoxDetail', undefined, { code }, 'GET')).message as NftDetail;
/** the item's row and the action log's length: what a refused edit must leave as it was */
const snapshot = async (id: number) =>
  JSON.stringify([
    await db().selectFrom('nft_items').selectAll().where('id', '=', id).executeTakeFirst(),
    await db().selectFrom('nft_box_series').selectAll().where('item_id', '=', id).executeTakeFirst(),
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM operator_actions`.execute(db())).rows[0].n,
  ]);
const logged = async (id: number) =>
  (
    await sql<{
      reason: string;
      detail: unknown;
    }>`SELECT reason, detail FROM operator_actions WHERE action = 'nft_item_edit' AND target = ${`nft_item:${id}`} ORDER BY id`.execute(
      db(),
    )
  ).rows.map((r) => ({
    reason: r.reason,
    detail: (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) as Record<
      string,
      { from: unknown; to: unknown }
    >,
  }));

it('before its start, nobody has a stake: price, times and a series’ manifest change — with a new commitment, the old one logged', async () => {
  k.clock.now = T0;
  const later = {
    collectionId: k.collectionId,
    artistId: k.artistId,
    title: 'Koi box',
    currencyId: USDT,
    price: '10',
    startMs: T0 + HOUR,
    endMs: T0 + 3 * HOUR,
  };
  const s = await createSeries(db(), {
    ...later,
    code: 'EDIT-BOX-1',
    manifest: [
      { prize: 'Gold', count: 1 },
      { prize: 'Jade', count: 4 },
    ],
  });
  const before = await listed('EDIT-BOX-1');
  expect(before.editable).toEqual({ terms: 'free', rarity: true, manifest: true });
  expect(before.series).toMatchObject({ total: 5, sold: 0, revealed: false });

  const manifest = JSON.stringify([
    { prize: 'Gold', count: 2 },
    { prize: 'Jade', count: 8 },
  ]);
  const r = await edit({
    id: s.itemId,
    reason: 'bigger series',
    price: '12',
    start_time: T0 + 2 * HOUR,
    end_time: T0 + 5 * HOUR,
    manifest,
  });
  expect(r.type).toBe('ok');
  const after = await listed('EDIT-BOX-1');
  expect(after).toMatchObject({
    price: '12',
    start_at: new Date(T0 + 2 * HOUR).toISOString(),
    end_at: new Date(T0 + 5 * HOUR).toISOString(),
    series: { total: 10, sold: 0 },
  });
  expect(after.series!.commitment).not.toBe(before.series!.commitment);
  // the public series page publishes the new manifest and commitment; the secret behind it matches it
  expect((await detail('EDIT-BOX-1')).series).toMatchObject({
    commitment: after.series!.commitment,
    total: 10,
    manifest: JSON.parse(manifest) as NftBoxSeries['manifest'],
  });
  const row = await db()
    .selectFrom('nft_box_series')
    .select(['secret_seed', 'commitment'])
    .where('item_id', '=', s.itemId)
    .executeTakeFirstOrThrow();
  expect(commitmentOf(row.secret_seed)).toBe(row.commitment);
  const [log] = await logged(s.itemId);
  expect(log.reason).toBe('bigger series');
  expect(log.detail).toMatchObject({
    price: { from: '10', to: '12' },
    commitment: { from: before.series!.commitment, to: after.series!.commitment },
  });
  expect(log.detail.manifest.to).toEqual(JSON.parse(manifest));
});

it('on sale with no stake: the price only goes down, the end only later, the start stays — refused in the operator’s language, nothing written', async () => {
  k.clock.now = T0;
  const { id, code } = await item(k, { payType: 1, price: '100', startMs: T0 - HOUR, endMs: T0 + HOUR });
  expect((await listed(code)).editable).toEqual({ terms: 'started', rarity: true, manifest: false });
  const before = await snapshot(id);
  expect(await edit({ id, reason: 'more', price: '101' })).toMatchObject({
    type: 'error',
    message: 'The sale has started: the price, bid increment and margin can only be lowered',
  });
  expect(await edit({ id, reason: 'more', price: '101' }, 'zh')).toMatchObject({
    type: 'error',
    message: '销售已开始：价格、加价幅度和保证金只能调低',
  });
  expect(await edit({ id, reason: 'sooner', end_time: T0 + HOUR / 2 })).toMatchObject({
    type: 'error',
    message: 'The sale has started: its start is fixed and its end can only move later',
  });
  expect(await edit({ id, reason: 'restart', start_time: T0 + HOUR / 2 }, 'fra')).toMatchObject({
    type: 'error',
    message: 'La vente a commencé : son début est fixé et sa fin ne peut que reculer',
  });
  expect(await snapshot(id)).toBe(before);
  // lower and longer is the buyer's gain: allowed, and a buyer then pays the lower price
  expect(await edit({ id, reason: 'promotion', price: '80', end_time: T0 + 2 * HOUR })).toMatchObject({
    type: 'ok',
    message: { price: { from: '100', to: '80' } },
  });
  expect(await detail(code)).toMatchObject({ price: '80', end_time: new Date(T0 + 2 * HOUR).toISOString() });
  const buyer = await funded(k, '82');
  expect((await nft(k, 'buyNFT', buyer, { code })).type).toBe('ok');
  // sold: its price, window and rarity are the buyer's now; words may still be corrected
  expect((await listed(code)).editable).toEqual({ terms: 'locked', rarity: false, manifest: false });
  const sold = await snapshot(id);
  expect(await edit({ id, reason: 'x', price: '70' })).toMatchObject({
    type: 'error',
    message: 'Someone has bought, bid or paid a margin: the price and times can no longer change',
  });
  expect(await edit({ id, reason: 'x', rarity: 'SSR' }, 'jp')).toMatchObject({
    type: 'error',
    message: 'この作品には所有者または参加者がいるため、レアリティは変更できません',
  });
  expect(await snapshot(id)).toBe(sold);
  expect((await edit({ id, reason: 'typo', title: 'Harbour, corrected' })).type).toBe('ok');
});

it('an auction with a bid keeps its terms: the price, increment, margin and end stay; the bid still wins at its price', async () => {
  k.clock.now = T0;
  const { id, code } = await item(k, {
    payType: 2,
    price: '100',
    perIncrease: '5',
    margin: '10',
    startMs: T0 - HOUR,
    endMs: T0 + HOUR,
  });
  // no stake yet: the margin may go down (a bidder about to pay it pays less), not up
  expect(await edit({ id, reason: 'x', margin: '20' })).toMatchObject({
    type: 'error',
    message: 'The sale has started: the price, bid increment and margin can only be lowered',
  });
  expect((await edit({ id, reason: 'lower entry', margin: '8' })).type).toBe('ok');
  const [a, b] = [await funded(k), await funded(k)];
  for (const u of [a, b]) expect((await nft(k, 'marginNFT', u, { code })).type).toBe('ok');
  expect((await nft(k, 'auctionNFT', a, { code, price: '5' })).type).toBe('ok');
  const before = await snapshot(id);
  const changes: Record<string, string | number>[] = [
    { price: '50' },
    { per_increase: '1' },
    { margin: '1' },
    { end_time: T0 + 3 * HOUR },
    { end_time: T0 + HOUR / 2 },
  ];
  for (const change of changes) {
    expect(await edit({ id, reason: 'x', ...change })).toMatchObject({
      type: 'error',
      message: 'Someone has bought, bid or paid a margin: the price and times can no longer change',
    });
  }
  expect(await snapshot(id)).toBe(before);
  k.clock.now = T0 + HOUR;
  await k.t.app.nft.runOnce();
  expect(await detail(code)).toMatchObject({ auction_state: 'awaiting_payment', current_bid: '105' });
});

it('a series with a box sold keeps its price, window and manifest', async () => {
  k.clock.now = T0;
  const s = await series(k, [
    { prize: 'Gold', count: 1 },
    { prize: 'Jade', count: 3 },
  ]);
  expect((await nft(k, 'buyNFT', await funded(k), { code: s.code })).type).toBe('ok');
  expect((await listed(s.code)).editable).toEqual({ terms: 'locked', rarity: false, manifest: false });
  const before = await snapshot(s.itemId);
  expect(
    await edit({ id: s.itemId, reason: 'x', manifest: JSON.stringify([{ prize: 'Gold', count: 4 }]) }),
  ).toMatchObject({
    type: 'error',
    message: 'The boxes’ contents are published: they can only change before the sale starts and before anyone buys',
  });
  expect(await edit({ id: s.itemId, reason: 'x', price: '5' })).toMatchObject({ type: 'error' });
  expect(await snapshot(s.itemId)).toBe(before);
});

it('bad input is refused with a clear message and writes nothing', async () => {
  k.clock.now = T0;
  const { id } = await item(k, { payType: 1, price: '100', startMs: T0 + HOUR, endMs: T0 + 2 * HOUR });
  const before = await snapshot(id);
  expect(await edit({ id, reason: 'x', price: '-5' })).toMatchObject({
    type: 'error',
    message: 'Please enter a valid price',
  });
  expect(await edit({ id, reason: 'x', price: '1.' + '1'.repeat(30) })).toMatchObject({ type: 'error' });
  expect(await edit({ id, reason: 'x', end_time: T0 + HOUR / 2 })).toMatchObject({
    type: 'error',
    message: 'The end time must be later than the start time',
  });
  expect(await edit({ id, reason: 'x', start_time: T0 - 3 * HOUR, end_time: T0 - 2 * HOUR }, 'spa')).toMatchObject({
    type: 'error',
    message: 'La fecha de fin debe ser futura',
  });
  expect(await edit({ id, reason: 'x', manifest: 'Gold: 1' })).toMatchObject({ type: 'error' });
  expect(await edit({ id, reason: '', title: 'No reason' })).toMatchObject({ type: 'error' });
  expect(await edit({ id: 999_999, reason: 'x', title: 'Nobody' })).toMatchObject({
    type: 'error',
    message: 'This artwork does not exist',
  });
  expect(await snapshot(id)).toBe(before);
});

it('only an operator may list, edit or review: a customer’s token and none are refused, nothing written', async () => {
  const { id } = await item(k, { payType: 1, price: '100', startMs: T0 + HOUR, endMs: T0 + 2 * HOUR });
  const customer = await funded(k);
  const before = await snapshot(id);
  for (const auth of [customer.token, '']) {
    // '999': the envelope's "sign in (again)" — the back office's login screen, never the action
    expect(await edit({ id, reason: 'x', price: '1' }, 'en', auth)).toMatchObject({ type: '999' });
    const headers = auth
      ? { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' }
      : { 'content-type': 'application/x-www-form-urlencoded' };
    for (const [method, url, payload] of [
      ['GET', '/admin/api/nft/items', undefined],
      ['GET', '/admin/api/nft/reviews', undefined],
      ['POST', '/admin/api/nft/reviews/review', 'id=1&approve=1&reason='],
      ['POST', '/admin/api/nft/artists/edit', `id=${k.artistId}&reason=x&name=Hacked`],
    ] as const) {
      const r = (await k.t.app.inject({ method, url, payload, headers })).json() as { type: string; message: unknown };
      expect(r.type, `${method} ${url}`).toBe('999');
      expect(JSON.stringify(r.message)).not.toContain('Hacked');
    }
  }
  expect(await snapshot(id)).toBe(before);
  expect(
    (await db().selectFrom('nft_artists').select('name').where('id', '=', k.artistId).executeTakeFirstOrThrow()).name,
  ).toBe('Test Artist');
});

it('an edit racing margin payments: either it lands before every margin or it is refused — every margin held is the item’s margin', async () => {
  k.clock.now = T0;
  const { id, code } = await item(k, {
    payType: 2,
    price: '100',
    perIncrease: '5',
    margin: '10',
    startMs: T0 - HOUR,
    endMs: T0 + HOUR,
  });
  const bidders = await Promise.all(Array.from({ length: 12 }, () => funded(k)));
  const [editResult, ...margins] = await Promise.all([
    edit({ id, reason: 'cheaper entry', margin: '4' }),
    ...bidders.map((u) => nft(k, 'marginNFT', u, { code })),
  ]);
  expect(margins.every((m) => m.type === 'ok')).toBe(true);
  const held = await db()
    .selectFrom('nft_margins')
    .select('amount')
    .where('item_id', '=', id)
    .where('status', '=', 'held')
    .execute();
  expect(held).toHaveLength(12);
  const expected = editResult.type === 'ok' ? '4' : '10';
  expect(new Set(held.map((h) => Number(h.amount)))).toEqual(new Set([Number(expected)]));
  expect((await detail(code)).margin).toBe(expected);
});
