/**
 * Blind boxes: buying the k-th box assigns its prize by core/nft/verify-boxes (seed, series id,
 * k over the slots not yet given), so nobody picks a box's content after the commitment is out.
 * The prize stays hidden until the owner opens the box (not opened → opened: the prize becomes an
 * item of theirs). The seed is published when the series sells out or its sale ends.
 */
import Decimal from 'decimal.js';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { commitmentOf, expandManifest, nextBox, type ManifestEntry, type NftBoxSeries } from '../../../../core';
import type { Database, Db } from '../../../db/schema';
import type {} from '../tables'; // the area's tables join Database there
import { credit, debit } from '../../../db/ledger';
import { creditPlatform, platformUserId } from '../../../db/platform';
import { inTransaction, type Trx } from '../../../db/tx';
import type { IdempotencyScope } from '../../../db/idempotency-scope';
import { lockUsers } from '../../../db/user-locks';
import { AppError } from '../../../errors';
import { iso } from '../../../kernel/time';
import { currencyDecimals } from './money';
import { feesFor } from '../../../../core';
import { NFT_ACCOUNT, answered, creatorOf, type ItemRow } from './shared';
import { artUrl } from './art';

const TEN_YEARS = 10 * 365 * 86_400_000;

/** A new series' secret seed and its public commitment. */
export function newSeed(): { seed: string; commitment: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, commitment: commitmentOf(seed) };
}

/** the slots still to give, in manifest order (what verify-boxes' splice leaves) */
function remainingSlots(manifest: readonly ManifestEntry[], given: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const g of given) left.set(g, (left.get(g) ?? 0) + 1);
  return expandManifest(manifest).filter((p) => {
    const n = left.get(p) ?? 0;
    if (n > 0) {
      left.set(p, n - 1);
      return false;
    }
    return true;
  });
}

/** One box of the series behind `item` (already locked, window checked); returns the order id. */
export async function buyBox(trx: Trx, userId: number, item: ItemRow, nowMs: number): Promise<number> {
  const s = await trx
    .selectFrom('nft_box_series')
    .selectAll()
    .where('item_id', '=', item.id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (s.sold >= s.total) throw new AppError('nft_sold_out');
  const given = await trx.selectFrom('nft_boxes').select('prize').where('series_id', '=', s.id).orderBy('k').execute();
  const k = s.sold + 1;
  const { prize } = nextBox(
    s.secret_seed,
    s.id,
    k,
    remainingSlots(
      s.manifest,
      given.map((g) => g.prize),
    ),
  );
  const creator = await creatorOf(trx, item.artist_id);
  const fees = feesFor(item.price, await currencyDecimals(trx, item.currency_id), item.royalty_rate, false);
  await lockUsers(trx, [userId, ...(creator ? [creator] : []), await platformUserId(trx)]);
  const order = await trx
    .insertInto('nft_orders')
    .values({
      item_id: item.id,
      buyer_id: userId,
      seller_id: creator,
      kind: 'box',
      currency_id: item.currency_id,
      price: fees.price,
      fee: fees.fee,
      status: 'paid',
      created_at: new Date(nowMs),
      paid_at: new Date(nowMs),
      is_read: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('nft_boxes')
    .values({ code: `${item.code}-${k}`, series_id: s.id, k, user_id: userId, order_id: order.id, prize })
    .execute();
  const ref = { type: 'nft_order', id: order.id };
  await debit(trx, {
    userId,
    currencyId: item.currency_id,
    type: NFT_ACCOUNT,
    amount: fees.total,
    reason: 'nft_box_buy',
    ref,
  });
  const proceeds = {
    currencyId: item.currency_id,
    type: NFT_ACCOUNT,
    amount: fees.seller_gets,
    reason: 'nft_sale',
    ref,
  };
  if (new Decimal(fees.seller_gets).gt(0))
    await (creator ? credit(trx, { ...proceeds, userId: creator }) : creditPlatform(trx, proceeds));
  if (new Decimal(fees.fee).gt(0))
    await creditPlatform(trx, {
      currencyId: item.currency_id,
      type: NFT_ACCOUNT,
      amount: fees.fee,
      reason: 'nft_fee',
      ref,
    });
  const soldOut = k === s.total;
  await trx
    .updateTable('nft_box_series')
    .set({ sold: k, ...(soldOut ? { revealed_at: new Date(nowMs) } : {}) })
    .where('id', '=', s.id)
    .where('sold', '=', s.sold)
    .execute();
  if (soldOut) await trx.updateTable('nft_items').set({ on_sale: false }).where('id', '=', item.id).execute();
  return order.id;
}

/** openBlindBox {code}: the owner's box only; the prize becomes an item they own. Returns the item code. */
export async function openBlindBox(
  db: Kysely<Database>,
  userId: number,
  code: string,
  nowMs: number,
  key?: IdempotencyScope,
): Promise<string> {
  return inTransaction(
    db,
    async (trx) => {
      const box = await trx.selectFrom('nft_boxes').selectAll().where('code', '=', code).forUpdate().executeTakeFirst();
      if (!box || box.user_id !== userId) throw new AppError('nft_box_not_found');
      if (box.status === 'opened') throw new AppError('nft_box_opened');
      const s = await trx
        .selectFrom('nft_box_series')
        .select('item_id')
        .where('id', '=', box.series_id)
        .executeTakeFirstOrThrow();
      const src = await trx.selectFrom('nft_items').selectAll().where('id', '=', s.item_id).executeTakeFirstOrThrow();
      const [rarity, name] = box.prize.includes(':') ? box.prize.split(':', 2) : [box.prize, box.prize];
      const itemCode = `NFT-${box.code}`;
      const minted = await trx
        .insertInto('nft_items')
        .values({
          code: itemCode,
          collection_id: src.collection_id,
          artist_id: src.artist_id,
          title: `${src.title} · ${name}`,
          description: src.description,
          media_type: 1,
          media: artUrl(itemCode),
          rarity,
          currency_id: src.currency_id,
          price: src.price,
          pay_type: 1,
          start_at: new Date(nowMs),
          end_at: new Date(nowMs + TEN_YEARS),
          original_end_at: new Date(nowMs + TEN_YEARS),
          on_sale: false,
          owner_id: userId,
          listing: 'not_for_sale',
          royalty_rate: src.royalty_rate,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('nft_boxes')
        .set({ status: 'opened', item_id: minted.id, opened_at: new Date(nowMs) })
        .where('id', '=', box.id)
        .execute();
      return answered(trx, userId, itemCode);
    },
    { key },
  );
}

/** Series whose sale ended unsold-out publish their seed (job step; idempotent by revealed_at). */
export async function revealEndedSeries(db: Db, nowMs: number): Promise<number> {
  const r = await db
    .updateTable('nft_box_series')
    .set({ revealed_at: new Date(nowMs) })
    .where('revealed_at', 'is', null)
    .where('item_id', 'in', (eb) => eb.selectFrom('nft_items').select('id').where('end_at', '<=', new Date(nowMs)))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The public view of a series: manifest and commitment always; seed and prizes once revealed. */
export async function seriesView(db: Db, itemId: number): Promise<NftBoxSeries | null> {
  const s = await db.selectFrom('nft_box_series').selectAll().where('item_id', '=', itemId).executeTakeFirst();
  if (!s) return null;
  const item = await db.selectFrom('nft_items').select('code').where('id', '=', itemId).executeTakeFirstOrThrow();
  const boxes = await db
    .selectFrom('nft_boxes')
    .select(['k', 'prize'])
    .where('series_id', '=', s.id)
    .orderBy('k')
    .execute();
  const revealed = s.revealed_at !== null;
  return {
    id: s.id,
    code: item.code,
    manifest: s.manifest,
    total: s.total,
    sold: s.sold,
    commitment: s.commitment,
    seed: revealed ? s.secret_seed : null,
    revealed_at: iso(s.revealed_at),
    purchases: boxes.map((b) => ({ k: b.k, prize: revealed ? b.prize : null })),
  };
}
