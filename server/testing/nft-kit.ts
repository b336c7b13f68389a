/** Test helpers for the NFT engine: a clock-controlled app, funded users, a catalogue in one call. */
import { createTestApp, type TestApp } from './app';
import { call, user, type TestUser } from './funds-kit';
import { credit } from '../db/ledger';
import { inTransaction } from '../db/tx';
import { createArtist, createCollection, createItem, createSeries, type NewItem } from '../areas/nft/catalog';
import type { ManifestEntry } from '../../core';

export const USDT = 4;
export const T0 = Date.UTC(2030, 0, 1, 12);

export interface NftKit {
  t: TestApp;
  clock: { now: number };
  creator: TestUser;
  artistId: number;
  collectionId: number;
  close(): Promise<void>;
}

export async function nftKit(): Promise<NftKit> {
  const t = await createTestApp();
  t.app.nft.pauseTimer();
  const clock = { now: T0 };
  t.app.nft.now = () => clock.now;
  const creator = await user(t);
  const artistId = await createArtist(t.app.db, { name: 'Test Artist', userId: creator.id });
  const collectionId = await createCollection(t.app.db, artistId, 'Tests');
  return { t, clock, creator, artistId, collectionId, close: () => t.close() };
}

export async function funded(k: NftKit, amount = '10000'): Promise<TestUser> {
  const u = await user(k.t);
  await inTransaction(k.t.app.db, (trx) => credit(trx, { userId: u.id, currencyId: USDT, type: 2, amount, reason: 'test_grant' }));
  return u;
}

let n = 0;
export function item(k: NftKit, o: Partial<NewItem> & { payType: 1 | 2 }): Promise<{ code: string; id: number }> {
  const code = o.code ?? `T-${++n}`;
  return createItem(k.t.app.db, {
    code, collectionId: k.collectionId, artistId: k.artistId, title: `Test ${code}`, currencyId: USDT, price: '100', startMs: T0 - 60_000, endMs: T0 + 3_600_000,
    margin: '10', perIncrease: '5', ...o,
  }).then((id) => ({ code, id }));
}

export async function series(k: NftKit, manifest: ManifestEntry[], seed?: { seed: string; commitment: string }) {
  const code = `BOX-${++n}`;
  const r = await createSeries(k.t.app.db, { code, collectionId: k.collectionId, artistId: k.artistId, title: 'Box', currencyId: USDT, price: '10', startMs: T0 - 60_000, endMs: T0 + 3_600_000, manifest }, seed);
  return { code, ...r };
}

export const nft = (k: NftKit, path: string, u: TestUser | undefined, fields: Record<string, string | number | undefined> = {}, method: 'GET' | 'POST' = 'POST') =>
  call(k.t, method, `/api/bind_box/${path}`, u?.token, fields);
