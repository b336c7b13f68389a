/**
 * Creating the catalogue (the back office and the demo seed use the same functions): artists,
 * collections, items (fixed price or auction) and blind-box series, with spec §5's checks —
 * valid price and per-bid increment for the currency, end later than start.
 */
import { scheduleAuctionEnd } from './settle';
import type { Db } from '../../../db/schema';
import type {} from '../tables'; // the area's tables join Database there
import { AppError } from '../../../errors';
import { expandManifest, type ManifestEntry } from '../../../../core';
import { currencyDecimals, parsePrice } from './money';
import { artUrl } from './art';
import { newSeed } from './boxes';

export async function createArtist(
  db: Db,
  a: { name: string; bio?: string; userId?: number | null; seedKey?: string },
): Promise<number> {
  const r = await db
    .insertInto('nft_artists')
    .values({
      name: a.name,
      bio: a.bio ?? '',
      user_id: a.userId ?? null,
      avatar: artUrl(`artist-${a.name.replace(/[^A-Za-z0-9]/g, '')}`),
      seed_key: a.seedKey ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function createCollection(db: Db, artistId: number, name: string, description = ''): Promise<number> {
  const r = await db
    .insertInto('nft_collections')
    .values({
      artist_id: artistId,
      name,
      description,
      cover: artUrl(`col-${artistId}-${name.replace(/[^A-Za-z0-9]/g, '')}`),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export interface NewItem {
  code: string;
  collectionId: number;
  artistId: number;
  title: string;
  description?: string;
  rarity?: string;
  currencyId: number;
  price: unknown;
  payType: 1 | 2 | 3;
  startMs: number;
  endMs: number;
  margin?: unknown;
  perIncrease?: unknown;
  royaltyRate?: string;
  seedKey?: string;
  /** NFT_MEDIA_TYPES and the file's address; by default a procedural image drawn from the code */
  mediaType?: number;
  media?: string;
}

export async function createItem(db: Db, n: NewItem): Promise<number> {
  const decimals = await currencyDecimals(db, n.currencyId);
  const price = parsePrice(n.price, decimals);
  const auction = n.payType === 2;
  const perIncrease = auction ? parsePrice(n.perIncrease, decimals, 'nft_increment_invalid') : '0';
  const margin = auction && n.margin !== undefined ? parsePrice(n.margin, decimals) : '0';
  if (!Number.isFinite(n.startMs) || !Number.isFinite(n.endMs) || n.endMs <= n.startMs)
    throw new AppError('nft_end_before_start');
  if (!/^[A-Za-z0-9-]{1,48}$/.test(n.code)) throw new AppError('param_error');
  const r = await db
    .insertInto('nft_items')
    .values({
      code: n.code,
      collection_id: n.collectionId,
      artist_id: n.artistId,
      title: n.title,
      description: n.description ?? '',
      media_type: n.mediaType ?? 1,
      media: n.media ?? artUrl(n.code),
      rarity: n.rarity ?? 'R',
      currency_id: n.currencyId,
      price,
      pay_type: n.payType,
      start_at: new Date(n.startMs),
      end_at: new Date(n.endMs),
      original_end_at: new Date(n.endMs),
      on_sale: true,
      listing: 'for_sale',
      royalty_rate: n.royaltyRate ?? '0.05',
      margin,
      per_increase: perIncrease,
      auction_state: auction ? 'open' : 'none',
      seed_key: n.seedKey ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (auction) await scheduleAuctionEnd(db, r.id, n.endMs);
  return r.id;
}

/** A blind-box series: the listing item (pay_type 3, price per box), its manifest and its commitment. */
export async function createSeries(
  db: Db,
  n: Omit<NewItem, 'payType'> & { manifest: ManifestEntry[] },
  seed = newSeed(),
): Promise<{ itemId: number; seriesId: number }> {
  const total = expandManifest(n.manifest).length;
  if (total <= 0 || n.manifest.some((m) => !Number.isInteger(m.count) || m.count < 0 || !m.prize))
    throw new AppError('param_error');
  const itemId = await createItem(db, { ...n, payType: 3 });
  const s = await db
    .insertInto('nft_box_series')
    .values({
      item_id: itemId,
      manifest: JSON.stringify(n.manifest),
      total,
      commitment: seed.commitment,
      secret_seed: seed.seed,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { itemId, seriesId: s.id };
}
