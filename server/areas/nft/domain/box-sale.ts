/**
 * One blind box bought on the box group commit (box-writer.ts): the series read without a lock
 * (with its item, in buyNFT's one read), the fees computed (core feesFor, no royalty on a first
 * sale) and the prizes of its next boxes drawn; the statement checks the item and the series again
 * under their locks and takes box k's.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { IdempotencyScope } from '../../../db/idempotency-scope';
import { feesFor, type ManifestEntry } from '../../../../core';
import { AppError } from '../../../errors';
import { NFT_ACCOUNT, type ItemRow } from './shared';
import { drawWindow, submitBox, type BoxRow } from './box-writer';

/** What the draw window needs of the series: its id, seed, manifest, size and count as read. */
export interface SeriesRead {
  id: number;
  secret_seed: string;
  manifest: ManifestEntry[];
  total: number;
  sold: number;
}

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
  s: SeriesRead,
  nowMs: number,
  key: IdempotencyScope | undefined,
): Promise<BoxRow> {
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

/** The series as read with its item (left-joined: null columns when a box item has no series row). */
export function seriesOf(
  id: number | null,
  seed: string | null,
  manifest: ManifestEntry[] | null,
  total: number | null,
  sold: number | null,
): SeriesRead {
  if (id === null || seed === null || manifest === null || total === null || sold === null)
    throw new AppError('nft_not_found');
  return { id, secret_seed: seed, manifest, total, sold };
}
