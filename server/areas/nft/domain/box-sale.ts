/**
 * One blind box bought on the box group commit (box-writer.ts): the series read without a lock,
 * the fees computed (core feesFor, no royalty on a first sale) and the prizes of its next boxes
 * drawn; the statement checks the item and the series again under their locks and takes box k's.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { IdempotencyScope } from '../../../db/idempotency-scope';
import { feesFor } from '../../../../core';
import { NFT_ACCOUNT, type ItemRow } from './shared';
import { drawWindow, submitBox, type BoxRow } from './box-writer';

export interface BoxParties {
  buyer: number;
  /** the series' creator (null: a platform-owned artist) and the coin's decimals, as read */
  creator: number | null;
  decimals: number;
  platform: number;
}

export async function buyBoxGrouped(
  db: Kysely<Database>,
  { buyer, creator, decimals, platform }: BoxParties,
  item: ItemRow,
  nowMs: number,
  key: IdempotencyScope | undefined,
): Promise<BoxRow> {
  const s = await db
    .selectFrom('nft_box_series')
    .select(['id', 'secret_seed', 'manifest', 'total', 'sold'])
    .where('item_id', '=', item.id)
    .executeTakeFirstOrThrow();
  const fees = feesFor(item.price, decimals, item.royalty_rate, false);
  return submitBox(
    db,
    {
      i: item.id,
      o: item.owner_id,
      p: fees.price,
      c: item.currency_id,
      ac: NFT_ACCOUNT,
      ar: item.artist_id,
      b: buyer,
      s: creator,
      pl: platform,
      at: new Date(nowMs).toISOString(),
      tot: fees.total,
      sg: fees.seller_gets,
      f: fees.fee,
      ku: key?.userId ?? null,
      k: key?.key ?? null,
      ...(key?.claim ? { kc: key.claim.route, kw: key.claim.owner } : {}),
    },
    drawWindow(s),
  );
}
