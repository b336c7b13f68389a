/** The read side of /bind_box/'s items: list, detail, artists, favourites, a user's reviews. */
import Decimal from 'decimal.js';
import {
  NFT_PAY_TYPES,
  NFT_RARITY_STATUS,
  NFT_RULES,
  type NftArtist,
  type NftDetail,
  type NftItem,
  type NftPayType,
  type NftReview,
} from '../../../../core';
import type { Db } from '../../../db/schema';
import type {} from '../tables'; // the area's tables join Database there
import { AppError } from '../../../errors';
import { canon, canonOrNull } from '../../../kernel/decimal';
import { iso } from '../../../kernel/time';
import { currencyDecimals, saleStatus } from './money';
import { feesFor, minBid } from '../../../../core';
import { creatorOf } from './shared';
import { seriesView } from './boxes';
import { imageOf } from './art';

export function itemQuery(db: Db) {
  return db
    .selectFrom('nft_items as i')
    .innerJoin('nft_artists as a', 'a.id', 'i.artist_id')
    .innerJoin('nft_collections as c', 'c.id', 'i.collection_id')
    .innerJoin('currencies as cur', 'cur.id', 'i.currency_id')
    .selectAll('i')
    .select([
      'a.name as author_name',
      'a.avatar as author_avatar',
      'c.name as collection_name',
      'cur.name as currency_name',
    ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof itemQuery>['executeTakeFirstOrThrow']>>;

export function toItem(r: Row, nowMs: number, favs: Set<number>): NftItem {
  return {
    id: r.id,
    code: r.code,
    name: r.title,
    image: imageOf(r),
    media: r.media,
    type: r.media_type,
    rarity: r.rarity,
    collect: r.collect_count,
    is_collect: favs.has(r.id),
    pay_type: r.pay_type as NftPayType,
    author_id: r.artist_id,
    author_name: r.author_name,
    author_avatar: r.author_avatar,
    collection_id: r.collection_id,
    collection_name: r.collection_name,
    currency: r.currency_id,
    currency_name: r.currency_name,
    price: canon(r.price),
    per_increase: canon(r.per_increase),
    margin: canon(r.margin),
    current_bid: canonOrNull(r.current_bid),
    min_bid: minBid(r),
    bid_count: r.bid_count,
    start_time: iso(new Date(r.start_at))!,
    end_time: iso(new Date(r.end_at))!,
    original_end_time: iso(new Date(r.original_end_at))!,
    status: saleStatus(r, nowMs),
    resell_nft_status: r.listing,
    auction_state: r.auction_state,
    owner_id: r.owner_id,
  };
}

export async function favouritesOf(db: Db, userId: number): Promise<Set<number>> {
  if (!userId) return new Set();
  const rows = await db.selectFrom('nft_favourites').select('item_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.item_id));
}

export interface ListFilters {
  currency?: number;
  pay_type?: number;
  status?: number;
  type?: number;
  keyword?: string;
  artist?: number;
  collection?: number;
}

/** getBoxList: items on the market (not the ones owners keep), newest first, filtered; a plain array. */
export async function listItems(db: Db, userId: number, f: ListFilters, nowMs: number): Promise<NftItem[]> {
  let q = itemQuery(db).where('i.listing', '!=', 'not_for_sale');
  if (f.currency) q = q.where('i.currency_id', '=', f.currency);
  if (f.pay_type) q = q.where('i.pay_type', '=', f.pay_type);
  if (f.type) q = q.where('i.media_type', '=', f.type);
  if (f.artist) q = q.where('i.artist_id', '=', f.artist);
  if (f.collection) q = q.where('i.collection_id', '=', f.collection);
  if (f.keyword)
    q = q.where((eb) =>
      eb.or([
        eb('i.title', 'ilike', `%${f.keyword}%`),
        eb('i.code', 'ilike', `%${f.keyword}%`),
        eb('a.name', 'ilike', `%${f.keyword}%`),
      ]),
    );
  const rows = await q.orderBy('i.id', 'desc').limit(200).execute();
  const favs = await favouritesOf(db, userId);
  const items = rows.map((r) => toItem(r, nowMs, favs));
  return f.status === undefined ? items : items.filter((i) => i.status === f.status);
}

/** getBoxDetail {id | code} */
/** one item as its page shows it; `softCloseMs`: the server's soft-close window, stated in `rules` */
export async function itemDetail(
  db: Db,
  userId: number,
  key: { id?: number; code?: string },
  nowMs: number,
  softCloseMs: number = NFT_RULES.softCloseMs,
): Promise<NftDetail> {
  let q = itemQuery(db);
  q = key.code ? q.where('i.code', '=', key.code) : q.where('i.id', '=', key.id ?? 0);
  const r = await q.executeTakeFirst();
  if (!r) throw new AppError('nft_not_found');
  const creator = await creatorOf(db, r.artist_id);
  const resale = r.owner_id !== null && creator !== null && creator !== r.owner_id;
  const price = r.pay_type === 2 ? (r.current_bid ?? r.price) : r.price;
  const mine = userId
    ? await db
        .selectFrom('nft_margins')
        .select(['amount', 'status'])
        .where('item_id', '=', r.id)
        .where('round', '=', r.auction_round)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    : undefined;
  return {
    ...toItem(r, nowMs, await favouritesOf(db, userId)),
    description: r.description,
    rarity_status: r.pay_type === NFT_PAY_TYPES.box ? NFT_RARITY_STATUS.sealed : NFT_RARITY_STATUS.revealed,
    royalty_rate: new Decimal(r.royalty_rate).toFixed(),
    fees: feesFor(canon(price), await currencyDecimals(db, r.currency_id), r.royalty_rate, resale),
    my_margin: mine ? { amount: canon(mine.amount), status: mine.status } : null,
    series: r.pay_type === 3 ? await seriesView(db, r.id) : null,
    my_review: userId && r.owner_id === userId ? ((await reviews(db, userId, r.id))[0] ?? null) : null,
    rules: {
      soft_close_minutes: softCloseMs / 60_000,
      soft_close_cap_minutes: NFT_RULES.softCloseCapMs / 60_000,
      pay_window_hours: NFT_RULES.payWindowMs / 3_600_000,
    },
  };
}

export async function artists(db: Db): Promise<NftArtist[]> {
  const rows = await db
    .selectFrom('nft_artists as a')
    .leftJoin('nft_items as i', 'i.artist_id', 'a.id')
    .select(['a.id', 'a.user_id', 'a.name', 'a.avatar', 'a.bio', (eb) => eb.fn.count<string>('i.id').as('works')])
    .groupBy(['a.id', 'a.user_id', 'a.name', 'a.avatar', 'a.bio'])
    .orderBy('a.id')
    .execute();
  return rows.map((a) => ({
    id: a.id,
    uid: a.user_id ?? 0,
    name: a.name,
    avatar: a.avatar,
    bio: a.bio,
    works: Number(a.works),
  }));
}

/** getArtistDetail {uid}: the artist (by artist id) and their works on the market. */
export async function artistDetail(
  db: Db,
  userId: number,
  artistId: number,
  nowMs: number,
): Promise<NftArtist & { items: NftItem[]; collections: { id: number; name: string; description: string }[] }> {
  const a = (await artists(db)).find((x) => x.id === artistId);
  if (!a) throw new AppError('not_found');
  const collections = await db
    .selectFrom('nft_collections')
    .select(['id', 'name', 'description'])
    .where('artist_id', '=', artistId)
    .orderBy('id')
    .execute();
  return { ...a, items: await listItems(db, userId, { artist: artistId }, nowMs), collections };
}

/** collect {code}: toggles the heart; answers whether it is now a favourite. */
export async function toggleFavourite(db: Db, userId: number, code: string): Promise<boolean> {
  const item = await db.selectFrom('nft_items').select('id').where('code', '=', code).executeTakeFirst();
  if (!item) throw new AppError('nft_not_found');
  const del = await db
    .deleteFrom('nft_favourites')
    .where('user_id', '=', userId)
    .where('item_id', '=', item.id)
    .executeTakeFirst();
  const now = Number(del.numDeletedRows) === 0;
  if (now)
    await db
      .insertInto('nft_favourites')
      .values({ user_id: userId, item_id: item.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
  await db
    .updateTable('nft_items')
    .set({
      collect_count: (eb) =>
        eb
          .selectFrom('nft_favourites')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('item_id', '=', item.id),
    })
    .where('id', '=', item.id)
    .execute();
  return now;
}

/** getCollection: the caller's favourites (WIRE: hearts, not a collection of works) */
export async function favourites(db: Db, userId: number, nowMs: number): Promise<NftItem[]> {
  const favs = await favouritesOf(db, userId);
  if (!favs.size) return [];
  const rows = await itemQuery(db)
    .where('i.id', 'in', [...favs])
    .orderBy('i.id', 'desc')
    .execute();
  return rows.map((r) => toItem(r, nowMs, favs));
}

/** the caller's listing submissions (of one item, or all), newest first */
export async function reviews(db: Db, userId: number, itemId?: number): Promise<NftReview[]> {
  let q = db
    .selectFrom('nft_reviews as r')
    .innerJoin('nft_items as i', 'i.id', 'r.item_id')
    .innerJoin('currencies as cur', 'cur.id', 'i.currency_id')
    .select([
      'r.id',
      'i.code',
      'i.title',
      'r.pay_type',
      'r.price',
      'r.per_increase',
      'r.margin',
      'cur.name as currency_name',
      'r.start_at',
      'r.end_at',
      'r.status',
      'r.reason',
      'r.created_at',
    ])
    .where('r.user_id', '=', userId);
  if (itemId) q = q.where('r.item_id', '=', itemId);
  const rows = await q.orderBy('r.id', 'desc').limit(50).execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.title,
    pay_type: r.pay_type as 1 | 2,
    price: canon(r.price),
    per_increase: canon(r.per_increase),
    margin: canon(r.margin),
    currency_name: r.currency_name,
    start_time: r.start_at.toISOString(),
    end_time: r.end_at.toISOString(),
    status: r.status,
    reason: r.reason,
    created_at: iso(new Date(r.created_at))!,
  }));
}
