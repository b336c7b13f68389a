/** The catalogue's collections: the list (with their artist and how many works) and one collection with its works. */
import type { NftCollection, NftItem } from '../../../../core';
import type { Db } from '../../../db/schema';
import type {} from '../tables'; // the area's tables join Database there
import { AppError } from '../../../errors';
import { listItems } from './item-views';

function collectionQuery(db: Db) {
  return db
    .selectFrom('nft_collections as c')
    .innerJoin('nft_artists as a', 'a.id', 'c.artist_id')
    .leftJoin('nft_items as i', 'i.collection_id', 'c.id')
    .select([
      'c.id',
      'c.name',
      'c.description',
      'c.cover',
      'a.id as artist_id',
      'a.name as artist_name',
      'a.avatar as artist_avatar',
      (eb) => eb.fn.count<string>('i.id').as('works'),
    ])
    .groupBy(['c.id', 'c.name', 'c.description', 'c.cover', 'a.id', 'a.name', 'a.avatar']);
}
const toCollection = (
  r: Awaited<ReturnType<ReturnType<typeof collectionQuery>['executeTakeFirstOrThrow']>>,
): NftCollection => ({
  id: r.id,
  name: r.name,
  description: r.description,
  cover: r.cover,
  artist_id: r.artist_id,
  artist_name: r.artist_name,
  artist_avatar: r.artist_avatar,
  works: Number(r.works),
});

/** getCollections: every collection, oldest first */
export async function collections(db: Db): Promise<NftCollection[]> {
  return (await collectionQuery(db).orderBy('c.id').execute()).map(toCollection);
}

/** getCollectionDetail {id}: one collection and its works on the market */
export async function collectionDetail(
  db: Db,
  userId: number,
  id: number,
  nowMs: number,
): Promise<NftCollection & { items: NftItem[] }> {
  const r = await collectionQuery(db).where('c.id', '=', id).executeTakeFirst();
  if (!r) throw new AppError('not_found');
  return { ...toCollection(r), items: await listItems(db, userId, { collection: id }, nowMs) };
}
