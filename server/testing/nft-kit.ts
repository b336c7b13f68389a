/** Test helpers for the NFT engine: a clock-controlled app, funded users, a catalogue in one call. */
import { createTestApp, type TestApp } from './app';
import { call, operator, user, type TestUser } from './funds-kit';
import { credit } from '../db/ledger';
import { inTransaction } from '../db/tx';
import { createArtist, createCollection, createItem, createSeries, type NewItem } from '../areas/nft/domain';
import type { ManifestEntry } from '../../core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { PLATFORM_INVITE } from '../db/platform';
import { canon } from '../kernel/decimal';

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
  await inTransaction(k.t.app.db, (trx) =>
    credit(trx, { userId: u.id, currencyId: USDT, type: 2, amount, reason: 'test_grant' }),
  );
  return u;
}

let n = 0;
export function item(k: NftKit, o: Partial<NewItem> & { payType: 1 | 2 }): Promise<{ code: string; id: number }> {
  const code = o.code ?? `T-${++n}`;
  return createItem(k.t.app.db, {
    code,
    collectionId: k.collectionId,
    artistId: k.artistId,
    title: `Test ${code}`,
    currencyId: USDT,
    price: '100',
    startMs: T0 - 60_000,
    endMs: T0 + 3_600_000,
    margin: '10',
    perIncrease: '5',
    ...o,
  }).then((id) => ({ code, id }));
}

export async function series(k: NftKit, manifest: ManifestEntry[], seed?: { seed: string; commitment: string }) {
  const code = `BOX-${++n}`;
  const r = await createSeries(
    k.t.app.db,
    {
      code,
      collectionId: k.collectionId,
      artistId: k.artistId,
      title: 'Box',
      currencyId: USDT,
      price: '10',
      startMs: T0 - 60_000,
      endMs: T0 + 3_600_000,
      manifest,
    },
    seed,
  );
  return { code, ...r };
}

export const nft = (
  k: NftKit,
  path: string,
  u: TestUser | undefined,
  fields: Record<string, string | number | undefined> = {},
  method: 'GET' | 'POST' = 'POST',
) => call(k.t, method, `/api/bind_box/${path}`, u?.token, fields);

/** The platform's revenue balance (db/platform.ts) in one currency; zero before its first credit. */
export async function platformBalance(
  db: Kysely<Database>,
  currencyId = USDT,
): Promise<{ available: string; frozen: string }> {
  const r = await db
    .selectFrom('accounts')
    .innerJoin('users', 'users.id', 'accounts.user_id')
    .select(['accounts.available', 'accounts.frozen'])
    .where('users.invite_code', '=', PLATFORM_INVITE)
    .where('accounts.currency_id', '=', currencyId)
    .where('accounts.type', '=', 2)
    .executeTakeFirst();
  return { available: canon(r?.available ?? '0'), frozen: canon(r?.frozen ?? '0') };
}

/**
 * The sum of every journal delta (available + frozen, all users including the platform) since
 * journal id `after`: zero when the money only moved between accounts. Test grants are excluded.
 */
export async function journalNet(db: Kysely<Database>, after: number, currencyId = USDT): Promise<string> {
  const r = await sql<{
    n: string;
  }>`SELECT COALESCE(SUM(delta_available + delta_frozen), 0)::text AS n FROM journal WHERE id > ${after} AND currency_id = ${currencyId} AND reason <> 'test_grant'`.execute(
    db,
  );
  return canon(r.rows[0].n);
}

/** The last journal id (a mark for journalNet). */
export async function journalMark(db: Kysely<Database>): Promise<number> {
  const r = await sql<{ n: string }>`SELECT COALESCE(MAX(id), 0)::text AS n FROM journal`.execute(db);
  return Number(r.rows[0].n);
}

/** A back-office call under /admin/api/nft as a (lazily created) operator of this kit. */
const opTokens = new WeakMap<NftKit, string>();
export async function nftAdmin(
  k: NftKit,
  method: 'GET' | 'POST',
  path: string,
  fields: Record<string, string | number> = {},
) {
  let token = opTokens.get(k);
  if (!token) opTokens.set(k, (token = await operator(k.t)));
  const q = new URLSearchParams(Object.entries(fields).map(([a, b]) => [a, String(b)] as [string, string])).toString();
  const h = { authorization: token, 'content-type': 'application/x-www-form-urlencoded' };
  const r = await k.t.app.inject(
    method === 'GET'
      ? { method, url: `/admin/api/nft${path}?${q}`, headers: { authorization: token } }
      : { method, url: `/admin/api/nft${path}`, payload: q, headers: h },
  );
  return r.json() as { type: string; message: unknown };
}

/** The holder's latest pending submission of `code`, decided by an operator. */
export async function decide(k: NftKit, code: string, approve: boolean, reason = approve ? '' : 'Blurry image') {
  const r = await k.t.app.db
    .selectFrom('nft_reviews as r')
    .innerJoin('nft_items as i', 'i.id', 'r.item_id')
    .select('r.id')
    .where('i.code', '=', code)
    .where('r.status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return nftAdmin(k, 'POST', '/reviews/review', { id: r.id, approve: approve ? 1 : 0, reason });
}
