/**
 * Fixed-price sales (buyNFT on pay_type 1; a resale is listed through review.ts). The buyer pays
 * price + fee, the seller gets price − royalty, the creator the royalty on a resale (on a first
 * sale the creator is the seller). A purchase is one element of the group commit (buy-writer.ts,
 * migrations 048, 056, 069, 071), which locks the item, re-checks it and moves money and ownership in
 * one statement; a blind box likewise (box-writer.ts, migrations 057, 065, 069, 071), and a won auction's payment
 * (pay-writer.ts, migration 060).
 */
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type {} from '../tables'; // the area's tables join Database there
import { credit, debit } from '../../../db/ledger';
import { creditPlatform, platformUserId } from '../../../db/platform';
import { inTransaction, type Trx } from '../../../db/tx';
import { lockUsers } from '../../../db/user-locks';
import { KeyTaken, keyToMark, type IdempotencyScope } from '../../../db/idempotency-scope';
import { AppError } from '../../../errors';
import { currencyDecimals } from './money';
import { feesFor, type ManifestEntry } from '../../../../core';
import { preparedRows, type Prepared } from '../../../db/prepared';
import { BUYABLE, NFT_ACCOUNT, answered, checkWindow, creatorOf, lockItemByCode, type ItemRow } from './shared';
import { buyBox } from './boxes';
import { buyWriterFor, type BuyElement } from './buy-writer';
import { buyBoxGrouped, seriesOf } from './box-sale';

/**
 * buyNFT {code}: a fixed-price item or one box of a blind-box series; returns the order id. Each is
 * one purchase of its group commit (buy-writer.ts, box-writer.ts): read here without a lock, its
 * fees computed (core feesFor), then checked again under the statement's locks.
 */
export async function buyNFT(
  db: Kysely<Database>,
  userId: number,
  code: string,
  nowMs: number,
  reqKey?: IdempotencyScope,
): Promise<number> {
  for (let attempt = 0; attempt < 3; attempt++) {
    // the item with its creator, its coin's decimals and a blind box's series: one round trip
    const [found] = await preparedRows<ItemRead>(db, READ, [code]);
    if (!found) throw new AppError('nft_not_found');
    const { creator_id: creator, qty_decimals: decimals, s_id, s_seed, s_manifest, s_total, s_sold, ...item } = found;
    if (item.pay_type !== 1 && item.pay_type !== 3) return buyInTransaction(db, userId, code, nowMs, reqKey);
    checkBuyable(item, userId, nowMs);
    const key = keyToMark(reqKey, [userId]);
    const parties = { buyer: userId, creator: creator ?? null, decimals: decimals ?? 8 };
    const row =
      item.pay_type === 3
        ? await buyBoxGrouped(
            db,
            { ...parties, platform: await platformOf(db) },
            item,
            seriesOf(s_id, s_seed, s_manifest, s_total, s_sold),
            nowMs,
            key,
          )
        : await buyWriterFor(db).submit(await buyElement(db, parties, item, nowMs, key));
    if (row.dup) throw new KeyTaken();
    if (row.refused === 'nft_stale') {
      // changed since read (a new price, an edit): read again; the key was not used
      if (key) key.consumed = false;
      continue;
    }
    if (row.refused) throw new AppError(row.refused);
    return row.order_id!;
  }
  throw new AppError('too_many_requests');
}

/** What the sale refuses before any lock (and the statement checks again under it). */
function checkBuyable(item: ItemRow, userId: number, nowMs: number): void {
  if (item.pay_type === 2) throw new AppError('nft_is_auction');
  checkWindow(item, nowMs);
  if (!item.on_sale || !(BUYABLE as readonly string[]).includes(item.listing)) throw new AppError('nft_not_on_sale');
  if (item.owner_id === userId) throw new AppError('nft_own_item');
}

/** What a purchase reads of its item, by code, as one named statement (prepared.ts: planned once per connection). */
type ItemRead = ItemRow & {
  creator_id: number | null;
  qty_decimals: number | null;
  s_id: number | null;
  s_seed: string | null;
  s_manifest: ManifestEntry[] | null;
  s_total: number | null;
  s_sold: number | null;
};

const READ: Prepared = {
  name: 'nft_buy_read',
  text: `SELECT i.*, a.user_id AS creator_id, c.qty_decimals, bs.id AS s_id, bs.secret_seed AS s_seed,
      bs.manifest AS s_manifest, bs.total AS s_total, bs.sold AS s_sold
    FROM nft_items i LEFT JOIN nft_artists a ON a.id = i.artist_id LEFT JOIN currencies c ON c.id = i.currency_id
      LEFT JOIN nft_box_series bs ON bs.item_id = i.id
    WHERE i.code = $1`,
};

const platformIds = new WeakMap<Kysely<Database>, number>();

/** The platform's user (read once per handle). */
export async function platformOf(db: Kysely<Database>): Promise<number> {
  let platform = platformIds.get(db);
  if (platform === undefined) platformIds.set(db, (platform = await inTransaction(db, platformUserId)));
  return platform;
}

/** The purchase's element: its parties, and the fees as sellItem computes them (creator and decimals as it reads them). */
async function buyElement(
  db: Kysely<Database>,
  { buyer: buyerId, creator, decimals }: { buyer: number; creator: number | null; decimals: number },
  item: ItemRow,
  nowMs: number,
  key: IdempotencyScope | undefined,
): Promise<BuyElement> {
  const platform = await platformOf(db);
  const resale = item.owner_id !== null;
  const seller = item.owner_id ?? creator;
  const fees = feesFor(item.price, decimals, item.royalty_rate, resale && creator !== null && creator !== seller);
  return {
    i: item.id,
    o: item.owner_id,
    p: fees.price,
    rr: new Decimal(item.royalty_rate).toFixed(),
    ar: item.artist_id,
    c: item.currency_id,
    ac: NFT_ACCOUNT,
    b: buyerId,
    s: seller,
    cr: creator,
    pl: platform,
    kd: resale ? 'resale' : 'buy',
    at: new Date(nowMs).toISOString(),
    tot: fees.total,
    sg: fees.seller_gets,
    r: fees.royalty,
    f: fees.fee,
    ku: key?.userId ?? null,
    k: key?.key ?? null,
    ...(key?.claim ? { kc: key.claim.route, kw: key.claim.owner } : {}),
  };
}

/**
 * buyNFT one transaction at a time (the path before the group commits; the benches' baseline):
 * the item row locked first, then the parties' balance locks; the answer stored in the transaction.
 */
export async function buyInTransaction(
  db: Kysely<Database>,
  userId: number,
  code: string,
  nowMs: number,
  key?: IdempotencyScope,
): Promise<number> {
  return inTransaction(
    db,
    async (trx) => {
      const item = await lockItemByCode(trx, code);
      checkBuyable(item, userId, nowMs);
      const orderId =
        item.pay_type === 3
          ? await buyBox(trx, userId, item, nowMs)
          : await sellItem(trx, userId, item, item.price, nowMs);
      return answered(trx, userId, orderId);
    },
    { key },
  );
}

/**
 * Moves the money of a sale at `price` and the item to the buyer in one transaction (the benches'
 * baseline, buyInTransaction): the item row locked first, then the parties' balance locks in id
 * order, ownership moved by a guarded update. Returns the order id.
 */
async function sellItem(trx: Trx, buyerId: number, item: ItemRow, price: string, nowMs: number): Promise<number> {
  const creator = await creatorOf(trx, item.artist_id);
  const resale = item.owner_id !== null;
  const seller = item.owner_id ?? creator;
  const fees = feesFor(
    price,
    await currencyDecimals(trx, item.currency_id),
    item.royalty_rate,
    resale && creator !== null && creator !== seller,
  );
  await lockUsers(trx, [
    buyerId,
    ...(seller ? [seller] : []),
    ...(creator ? [creator] : []),
    await platformUserId(trx),
  ]);
  const o = await trx
    .insertInto('nft_orders')
    .values({
      item_id: item.id,
      buyer_id: buyerId,
      seller_id: seller,
      kind: resale ? 'resale' : 'buy',
      currency_id: item.currency_id,
      price: fees.price,
      fee: fees.fee,
      royalty: fees.royalty,
      status: 'paid',
      created_at: new Date(nowMs),
      paid_at: new Date(nowMs),
      is_read: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = o.id;
  const ref = { type: 'nft_order', id };
  await debit(trx, {
    userId: buyerId,
    currencyId: item.currency_id,
    type: NFT_ACCOUNT,
    amount: fees.total,
    reason: 'nft_buy',
    ref,
  });
  // a work with no seller account (a platform-owned artist's first sale) sells for the platform
  const pay = (userId: number | null, amount: string, reason: string) =>
    new Decimal(amount).gt(0)
      ? userId
        ? credit(trx, { userId, currencyId: item.currency_id, type: NFT_ACCOUNT, amount, reason, ref })
        : creditPlatform(trx, { currencyId: item.currency_id, type: NFT_ACCOUNT, amount, reason, ref })
      : null;
  await pay(seller, fees.seller_gets, 'nft_sale');
  await pay(creator, fees.royalty, 'nft_royalty');
  await pay(null, fees.fee, 'nft_fee');
  const moved = await trx
    .updateTable('nft_items')
    .set({ owner_id: buyerId, listing: 'not_for_sale', on_sale: false })
    .where('id', '=', item.id)
    .where('owner_id', 'is not distinct from', item.owner_id)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new AppError('nft_not_on_sale');
  return id;
}
