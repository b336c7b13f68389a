/**
 * Back office, the NFT catalogue's writes (under /admin/api/nft): create and edit artists,
 * collections and items (fixed price, auction, or a blind-box series with its manifest). Each write
 * runs in one transaction with its operator_actions row (who, what, when, why, what changed).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { logAction } from '../../auth/operators';
import { inTransaction, type Trx } from '../../db/tx';
import { id, optId, optText, text } from '../../kernel/fields';
import { AppError } from '../../errors';
import { parseTime } from './domain/review';
import { createArtist, createCollection, createItem, createSeries } from './domain/catalog';
import { editArtist, editCollection, editItem, type Changes } from './domain/catalog-edit';
import { uploadedMediaType } from './domain/uploads';
import { NFT_CURRENCIES } from './domain/works';
import type { ManifestEntry } from '../../../core';

const ItemBody = z.object({
  code: text(48),
  collection_id: id,
  title: text(120),
  description: optText(2000),
  rarity: z.enum(['N', 'R', 'SR', 'SSR']).default('R'),
  currency_id: id,
  price: z.string(),
  pay_type: z.enum(['1', '2', '3']),
  start_time: z.string(),
  end_time: z.string(),
  margin: z.string().optional(),
  per_increase: z.string().optional(),
  royalty_rate: z
    .string()
    .regex(/^0(\.\d{1,6})?$/)
    .optional(),
  manifest: z.string().optional(),
  /** an uploaded file's address (POST /media); none → a procedural picture drawn from the code */
  media: optText(200),
});
type ItemForm = z.infer<typeof ItemBody>;
const Manifest = z
  .array(z.object({ prize: z.string().min(1).max(80), count: z.number().int().min(0).max(100_000) }))
  .min(1);
/** an edit form: empty fields mean "unchanged" */
const blank = <T extends z.ZodType>(t: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), t.optional());
const reason = z.string().trim().min(1, { error: 'reason_required' }).max(500);
const ItemEdit = z.object({
  id,
  reason,
  title: blank(text(120).min(1)),
  description: z.string().max(2000).optional(),
  rarity: blank(z.enum(['N', 'R', 'SR', 'SSR'])),
  price: blank(z.string()),
  per_increase: blank(z.string()),
  margin: blank(z.string()),
  start_time: blank(z.string()),
  end_time: blank(z.string()),
  manifest: blank(z.string()),
});

/** a manifest as the forms send it (JSON text); anything else is a parameter error */
function manifestOf(raw: string | undefined): ManifestEntry[] | undefined {
  if (raw === undefined) return undefined;
  const m = Manifest.safeParse(
    (() => {
      try {
        return JSON.parse(raw);
      } catch {
        return null;
      }
    })(),
  );
  if (!m.success) throw new AppError('param_error');
  return m.data;
}

const ArtistBody = z.object({ name: text(80).min(1), bio: optText(1000), user_id: optId });
const CollectionBody = z.object({ artist_id: id, name: text(80).min(1), description: optText(1000) });

/** POST /artists and /collections: a new artist (optionally a user's) and a new collection of an artist. */
export function registerArtistCreates(op: FastifyInstance): void {
  const db = op.db;
  op.post('/artists', async (req) => {
    const b = parse(ArtistBody, req.body);
    return ok(
      await inTransaction(db, async (trx) => {
        const aid = await createArtist(trx, { name: b.name, bio: b.bio, userId: b.user_id ?? null });
        await logAction(trx, {
          operatorId: req.operatorId,
          action: 'nft_artist_create',
          target: `nft_artist:${aid}`,
          reason: b.name,
        });
        return aid;
      }),
    );
  });
  op.post('/collections', async (req) => {
    const b = parse(CollectionBody, req.body);
    return ok(
      await inTransaction(db, async (trx) => {
        const cid = await createCollection(trx, b.artist_id, b.name, b.description ?? '');
        await logAction(trx, {
          operatorId: req.operatorId,
          action: 'nft_collection_create',
          target: `nft_collection:${cid}`,
          reason: b.name,
        });
        return cid;
      }),
    );
  });
}

/** POST /items: a work (fixed price or auction) or a blind-box series, in its collection's artist's name. */
export function registerItemCreate(op: FastifyInstance): void {
  const db = op.db;
  op.post('/items', async (req) => {
    const b = parse(ItemBody, req.body);
    const startMs = parseTime(b.start_time);
    const endMs = parseTime(b.end_time);
    if (startMs === undefined || endMs === undefined) throw new AppError('param_error');
    if (!NFT_CURRENCIES.includes(b.currency_id)) throw new AppError('nft_currency_invalid');
    return ok(
      await inTransaction(db, async (trx) => {
        const itemId = await createItemOf(trx, b, startMs, endMs);
        await logAction(trx, {
          operatorId: req.operatorId,
          action: 'nft_item_create',
          target: `nft_item:${itemId}`,
          reason: b.code,
          detail: { pay_type: b.pay_type, price: b.price },
        });
        return itemId;
      }),
    );
  });
}

/** The item (or series) the create form describes, in its collection's artist's name; its id. */
async function createItemOf(trx: Trx, b: ItemForm, startMs: number, endMs: number): Promise<number> {
  const c = await trx
    .selectFrom('nft_collections')
    .select('artist_id')
    .where('id', '=', b.collection_id)
    .executeTakeFirst();
  if (!c) throw new AppError('not_found');
  // the code names the work in every action: a second one would be refused by the table, unexplained
  if (await trx.selectFrom('nft_items').select('id').where('code', '=', b.code).executeTakeFirst())
    throw new AppError('nft_code_taken', { code: b.code });
  const media = b.media ? { media: b.media, mediaType: await uploadedMediaType(trx, b.media) } : {};
  const base = {
    ...media,
    code: b.code,
    collectionId: b.collection_id,
    artistId: c.artist_id,
    title: b.title,
    description: b.description,
    rarity: b.rarity,
    currencyId: b.currency_id,
    price: b.price,
    startMs,
    endMs,
    margin: b.margin,
    perIncrease: b.per_increase,
    royaltyRate: b.royalty_rate,
  };
  if (b.pay_type === '3')
    return (await createSeries(trx, { ...base, manifest: manifestOf(b.manifest ?? '') ?? [] })).itemId;
  return createItem(trx, { ...base, payType: b.pay_type === '2' ? 2 : 1 });
}

/** an artist's or a collection's edit form: its name, and its bio or description */
const NamedEdit = z.object({
  id,
  reason,
  name: blank(text(80).min(1)),
  bio: z.string().max(1000).optional(),
  description: z.string().max(1000).optional(),
});

/** POST /artists/edit and /collections/edit: the changed fields, with the reason. */
export function registerArtistEdits(op: FastifyInstance): void {
  namedEdit(op, 'artist', (trx, b) => editArtist(trx, b.id, { name: b.name, bio: b.bio }));
  namedEdit(op, 'collection', (trx, b) => editCollection(trx, b.id, { name: b.name, description: b.description }));
}

function namedEdit(
  op: FastifyInstance,
  kind: 'artist' | 'collection',
  edit: (trx: Trx, b: z.infer<typeof NamedEdit>) => Promise<Changes>,
): void {
  op.post(`/${kind}s/edit`, async (req) => {
    const b = parse(NamedEdit, req.body);
    return ok(
      await inTransaction(op.db, async (trx) => {
        const changes = await edit(trx, b);
        await logAction(trx, {
          operatorId: req.operatorId,
          action: `nft_${kind}_edit`,
          target: `nft_${kind}:${b.id}`,
          reason: b.reason,
          detail: changes,
        });
        return changes;
      }),
    );
  });
}

/** POST /items/edit: what may change now (edit-rules.ts), with the reason. */
export function registerItemEdit(op: FastifyInstance, now: () => number): void {
  const db = op.db;
  op.post('/items/edit', async (req) => {
    const b = parse(ItemEdit, req.body);
    const startMs = parseTime(b.start_time);
    const endMs = parseTime(b.end_time);
    return ok(
      await inTransaction(db, async (trx) => {
        const changes = await editItem(
          trx,
          b.id,
          {
            title: b.title,
            description: b.description,
            rarity: b.rarity,
            price: b.price,
            per_increase: b.per_increase,
            margin: b.margin,
            startMs,
            endMs,
            manifest: manifestOf(b.manifest),
          },
          now(),
        );
        await logAction(trx, {
          operatorId: req.operatorId,
          action: 'nft_item_edit',
          target: `nft_item:${b.id}`,
          reason: b.reason,
          detail: changes,
        });
        return changes;
      }),
    );
  });
}
