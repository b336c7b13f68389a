/** The read side of /bind_box/'s orders: a user's orders, an order's detail with its reviews, and my NFTs. */
import Decimal from 'decimal.js';
import type { NftMine, NftOrder, NftOrderDetail, Page } from '../../../../core';
import type { Db } from '../../../db/schema';
import type {} from '../tables'; // the area's tables join Database there
import { AppError } from '../../../errors';
import { canon } from '../../../kernel/decimal';
import { iso } from '../../../kernel/time';
import { offset, pageOf, type Paging } from '../../../kernel/paging';
import { imageOf } from './art';
import { favouritesOf, itemQuery, reviews, toItem } from './item-views';
import { maskUser } from './bid-views';

function toOrder(o: {
  id: number;
  code: string;
  title: string;
  media: string;
  media_type: number;
  kind: NftOrder['kind'];
  currency_name: string;
  price: string;
  fee: string;
  margin: string;
  status: string;
  is_read: boolean;
  pay_deadline: Date | null;
  created_at: Date | string;
}): NftOrder {
  return {
    id: o.id,
    code: o.code,
    name: o.title,
    image: imageOf(o),
    kind: o.kind,
    currency_name: o.currency_name,
    price: canon(o.price),
    fee: canon(o.fee),
    total: new Decimal(o.price).plus(o.fee).toFixed(),
    margin: canon(o.margin),
    is_pay: o.status === 'paid' ? 1 : 0,
    is_expired: o.status === 'expired' ? 1 : 0,
    is_read: o.is_read ? 1 : 0,
    overtime: iso(o.pay_deadline),
    created_at: iso(new Date(o.created_at))!,
  };
}

function orderQuery(db: Db, userId: number) {
  return db
    .selectFrom('nft_orders as o')
    .innerJoin('nft_items as i', 'i.id', 'o.item_id')
    .innerJoin('currencies as cur', 'cur.id', 'o.currency_id')
    .select([
      'o.id',
      'i.code',
      'i.title',
      'i.media',
      'i.media_type',
      'o.kind',
      'cur.name as currency_name',
      'o.price',
      'o.fee',
      'o.margin',
      'o.status',
      'o.is_read',
      'o.pay_deadline',
      'o.created_at',
    ])
    .where('o.buyer_id', '=', userId);
}

/** getNeedPayNFTOrder: the caller's won auctions (awaiting payment first, then paid/expired messages) */
export async function auctionOrders(db: Db, userId: number): Promise<NftOrder[]> {
  const rows = await orderQuery(db, userId).where('o.kind', '=', 'auction').orderBy('o.id', 'desc').execute();
  return rows.map(toOrder);
}

/** getNFTOrder {id}: one of the caller's orders with everything its receipt shows (someone else's is not found) */
export async function orderDetail(db: Db, userId: number, orderId: number): Promise<NftOrderDetail> {
  const o = await orderQuery(db, userId)
    .innerJoin('nft_artists as a', 'a.id', 'i.artist_id')
    .leftJoin('users as s', 's.id', 'o.seller_id')
    .select([
      'o.royalty',
      'o.paid_at',
      'o.seller_id',
      's.nickname as seller_name',
      'a.name as author_name',
      'i.rarity',
      'i.media_type as type',
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!o) throw new AppError('not_found');
  return {
    ...toOrder(o),
    royalty: canon(o.royalty),
    paid_at: iso(o.paid_at),
    author_name: o.author_name,
    rarity: o.rarity,
    type: o.type,
    // the seller as a masked name, like a bidder; no seller = the first sale from the platform's catalogue
    seller: o.seller_id === null ? null : maskUser(o.seller_name, o.seller_id),
  };
}

/** getMyNFTs: what the caller owns, their boxes and their orders */
export async function myNfts(db: Db, userId: number, nowMs: number): Promise<NftMine> {
  const favs = await favouritesOf(db, userId);
  const items = (await itemQuery(db).where('i.owner_id', '=', userId).orderBy('i.id', 'desc').execute()).map((r) =>
    toItem(r, nowMs, favs),
  );
  const boxes = await db
    .selectFrom('nft_boxes as b')
    .innerJoin('nft_box_series as s', 's.id', 'b.series_id')
    .innerJoin('nft_items as si', 'si.id', 's.item_id')
    .leftJoin('nft_items as mi', 'mi.id', 'b.item_id')
    .select(['b.id', 'b.code', 'si.code as series_code', 'b.k', 'b.status', 'b.prize', 'mi.code as item_code'])
    .where('b.user_id', '=', userId)
    .orderBy('b.id', 'desc')
    .execute();
  const orders = (await orderQuery(db, userId).orderBy('o.id', 'desc').limit(100).execute()).map(toOrder);
  return {
    order_count: await orderCount(db, userId),
    reviews: await reviews(db, userId),
    items,
    boxes: boxes.map((b) => ({
      id: b.id,
      code: b.code,
      series_code: b.series_code,
      k: b.k,
      status: b.status,
      prize: b.status === 'opened' ? b.prize : null,
      item_code: b.item_code,
    })),
    orders,
  };
}

const orderCount = async (db: Db, userId: number) =>
  Number(
    (
      await db
        .selectFrom('nft_orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('buyer_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** getMyNFTOrders {page, limit}: the purchase record, newest first, a page at a time */
export async function myOrders(db: Db, userId: number, p: Paging): Promise<Page<NftOrder>> {
  const rows = await orderQuery(db, userId).orderBy('o.id', 'desc').limit(p.limit).offset(offset(p)).execute();
  return pageOf(rows.map(toOrder), p, await orderCount(db, userId));
}
