/**
 * The living demo (a demo seed step): three artists with procedural art, collections, fixed-price
 * items, an auction ending a few minutes after start-up, a blind-box series on sale and items
 * already owned by an artist and listed for resale. Runs once (seed_key of the first artist).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type {} from '../tables'; // the area's tables join Database there
import { inTransaction, type Trx } from '../../../db/tx';
import { hashPassword } from '../../../auth/passwords';
import { randomBytes } from 'node:crypto';
import { createArtist, createCollection, createItem, createSeries } from './catalog';
import { DEMO_VIDEO, mediaUrl } from './media';

const USDT = 4;
const ETH = 2;
const DAY = 86_400_000;
const ARTISTS = [
  { key: 'aurora', name: 'Aurora Lin', bio: 'Generative colour fields drawn from a single hash.' },
  { key: 'kenji', name: 'Kenji Mori', bio: 'Geometry, rhythm and the occasional circle out of place.' },
  { key: 'sofia', name: 'Sofía Reyes', bio: 'Warm gradients for cold markets.' },
] as const;

type DemoArtist = { artist: number; collection: number; user: number };

/** Where and when a demo work sells: its artist's collection, in USDT, from `fromMs` before now to `toMs` after. */
function onSale(by: { artist: number; collection: number }, nowMs: number, fromMs: number, toMs: number) {
  return {
    collectionId: by.collection,
    artistId: by.artist,
    currencyId: USDT,
    startMs: nowMs - fromMs,
    endMs: nowMs + toMs,
  };
}

export async function seedNftDemo(db: Kysely<Database>, nowMs: number): Promise<void> {
  const done = await db.selectFrom('nft_artists').select('id').where('seed_key', '=', 'demo-aurora').executeTakeFirst();
  if (done) return;
  const hash = await hashPassword(randomBytes(16).toString('hex')); // artists are demo accounts nobody logs into
  await inTransaction(db, async (trx) => {
    const ids = await seedArtists(trx, hash);
    await seedFixedPrice(trx, ids, nowMs);
    await seedAuctionsAndBox(trx, ids, nowMs);
    await seedResale(trx, ids, nowMs);
  });
}

/** The three artists: each a demo user, an artist profile and one collection. */
async function seedArtists(trx: Trx, hash: string): Promise<DemoArtist[]> {
  const ids: DemoArtist[] = [];
  for (const a of ARTISTS) {
    const u = await trx
      .insertInto('users')
      .values({
        email: `nft.${a.key}@example.com`,
        password_hash: hash,
        nickname: a.name,
        signature: 'Demo artist',
        invite_code: `NFT${a.key.toUpperCase()}`.slice(0, 8),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const artist = await createArtist(trx, { name: a.name, bio: a.bio, userId: u.id, seedKey: `demo-${a.key}` });
    ids.push({
      artist,
      collection: await createCollection(trx, artist, `${a.name.split(' ')[0]} Originals`, a.bio),
      user: u.id,
    });
  }
  return ids;
}

/** Four fixed-price works per artist, the fourth priced in ETH. */
async function seedFixedPrice(trx: Trx, ids: DemoArtist[], nowMs: number): Promise<void> {
  const rarities = ['N', 'R', 'SR', 'SSR'];
  let n = 0;
  for (const [i, who] of ids.entries()) {
    for (let j = 0; j < 4; j++) {
      n++;
      await createItem(trx, {
        ...onSale(who, nowMs, DAY, 30 * DAY),
        code: `ART-${1000 + n}`,
        title: `${['Tide', 'Ember', 'Prism', 'Drift'][j]} #${n}`,
        description: 'A procedural artwork generated from its code.',
        rarity: rarities[(i + j) % 4],
        currencyId: j === 3 ? ETH : USDT,
        price: j === 3 ? '0.05' : String(20 + n * 5),
        payType: 1,
      });
    }
  }
}

/** Two auctions (one ending a few minutes after start-up, one in a day) and a blind-box series on sale. */
async function seedAuctionsAndBox(trx: Trx, ids: DemoArtist[], nowMs: number): Promise<void> {
  await createItem(trx, {
    ...onSale(ids[0], nowMs, 60_000, 6 * 60_000),
    code: 'AUC-2001',
    title: 'Aurora at Dusk (auction)',
    rarity: 'SSR',
    price: '100',
    margin: '10',
    perIncrease: '5',
    payType: 2,
  });
  await createItem(trx, {
    ...onSale(ids[1], nowMs, 60_000, DAY),
    code: 'AUC-2002',
    title: 'Kenji Grid No. 9 (auction)',
    rarity: 'SR',
    price: '50',
    margin: '5',
    perIncrease: '2',
    payType: 2,
  });
  await createSeries(trx, {
    ...onSale(ids[2], nowMs, 60_000, 7 * DAY),
    code: 'BOX-3001',
    title: 'Sofía Mystery Box',
    rarity: 'R',
    price: '9.9',
    manifest: [
      { prize: 'SSR:Golden Hour', count: 1 },
      { prize: 'SR:Rose Quartz', count: 4 },
      { prize: 'R:Sand', count: 10 },
      { prize: 'N:Haze', count: 25 },
    ],
  });
}

/** A resale: the first artist owns a Kenji piece and lists it (royalty goes to Kenji). */
async function seedResale(trx: Trx, ids: DemoArtist[], nowMs: number): Promise<void> {
  const resale = await createItem(trx, {
    ...onSale(ids[1], nowMs, DAY, 30 * DAY),
    code: 'ART-1900',
    title: 'Second Hand Moon',
    rarity: 'SR',
    price: '75',
    payType: 1,
  });
  await trx
    .updateTable('nft_items')
    .set({ owner_id: ids[0].user, listing: 'reselling', resold_count: 1 })
    .where('id', '=', resale)
    .execute();
}

/**
 * The demo's sound and video works (media.ts): one audio piece by Kenji, one video by Aurora, both
 * fixed price. A step of its own, keyed by the audio's code, so a database seeded before it gets them too.
 */
export async function seedNftMedia(db: Kysely<Database>, nowMs: number): Promise<void> {
  if (await db.selectFrom('nft_items').select('id').where('code', '=', 'SND-4001').executeTakeFirst()) return;
  const artist = async (key: string) =>
    db
      .selectFrom('nft_artists as a')
      .innerJoin('nft_collections as c', 'c.artist_id', 'a.id')
      .select(['a.id as artist', 'c.id as collection'])
      .where('a.seed_key', '=', `demo-${key}`)
      .orderBy('c.id')
      .executeTakeFirst();
  const kenji = await artist('kenji');
  const aurora = await artist('aurora');
  if (!kenji || !aurora) return; // the catalogue's demo was not seeded
  await inTransaction(db, async (trx) => {
    await createItem(trx, {
      ...onSale(kenji, nowMs, DAY, 30 * DAY),
      code: 'SND-4001',
      title: 'Eight Notes in C',
      description: 'A sound work: eight notes of a pentatonic scale chosen by its own hash.',
      rarity: 'SR',
      price: '30',
      payType: 1,
      mediaType: 3,
      media: mediaUrl('SND-4001.wav'),
    });
    await createItem(trx, {
      ...onSale(aurora, nowMs, DAY, 30 * DAY),
      code: 'VID-5001',
      title: 'Orbits (video)',
      description: 'Three seconds of circles in orbit, drawn and recorded on a canvas.',
      rarity: 'SSR',
      price: '60',
      payType: 1,
      mediaType: 4,
      media: mediaUrl(DEMO_VIDEO),
    });
  });
}
