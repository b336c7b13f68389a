/**
 * A creator's own new work: a user who is an artist (nft_artists.user_id) publishes a
 * work with media they uploaded, into one of their collections. It starts in their collection,
 * not for sale; putting it on the market is a listing (resellNFT), which waits in the review
 * queue like every listing — no sale reaches buyers without review.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type {} from '../tables'; // the area's tables join Database there
import { inTransaction } from '../../../db/tx';
import { AppError } from '../../../errors';
import { createItem } from './catalog';
import { answered } from './shared';
import { uploadedMediaType } from './uploads';

const DAY = 86_400_000;
/** the currencies NFTs are priced in (getNftCurrency) */
export const NFT_CURRENCIES = [2, 4];

export interface NewWork {
  collection_id: number;
  title: string;
  description?: string;
  media: string;
  currency_id: number;
  price?: unknown;
}

/** The caller's artist profile, or nft_not_artist. */
export async function artistOfUser(db: Kysely<Database>, userId: number): Promise<{ id: number; name: string }> {
  const a = await db
    .selectFrom('nft_artists')
    .select(['id', 'name'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .executeTakeFirst();
  if (!a) throw new AppError('nft_not_artist');
  return a;
}

/** createWork: answers the new work's code. The price is the creator's asking price, shown until a listing sets its own. */
export async function createWork(
  db: Kysely<Database>,
  userId: number,
  w: NewWork,
  nowMs: number,
): Promise<{ code: string }> {
  const artist = await artistOfUser(db, userId);
  if (!NFT_CURRENCIES.includes(w.currency_id)) throw new AppError('param_error');
  const mediaType = await uploadedMediaType(db, w.media, userId);
  return inTransaction(db, async (trx) => {
    const c = await trx
      .selectFrom('nft_collections')
      .select('id')
      .where('id', '=', w.collection_id)
      .where('artist_id', '=', artist.id)
      .executeTakeFirst();
    if (!c) throw new AppError('not_found');
    const code = `W${artist.id}-${randomBytes(4).toString('hex').toUpperCase()}`;
    const id = await createItem(trx, {
      code,
      collectionId: c.id,
      artistId: artist.id,
      title: w.title,
      description: w.description,
      currencyId: w.currency_id,
      price: w.price,
      payType: 1,
      startMs: nowMs,
      endMs: nowMs + 30 * DAY,
      mediaType,
      media: w.media,
    });
    await trx
      .updateTable('nft_items')
      .set({ owner_id: userId, listing: 'not_for_sale', on_sale: false })
      .where('id', '=', id)
      .execute();
    return answered(trx, userId, { code });
  });
}
