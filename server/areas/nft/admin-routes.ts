/**
 * Back office under /admin/api/nft (operators only, mounted with mountBackOffice): the catalogue
 * — create and edit artists, collections, items (fixed price or auction) and blind-box series
 * with their manifest, and list them — plus the review queue and revenue (admin-review.ts). Each
 * write runs in one transaction with its operator_actions row (who, what, when, why, what changed).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { logAction } from '../../auth/operators';
import { inTransaction } from '../../db/tx';
import { id, optId, optText, text } from '../../kernel/fields';
import { AppError } from '../../errors';
import { canon } from '../../kernel/decimal';
import { parseTime } from './domain/review';
import { createArtist, createCollection, createItem, createSeries } from './domain/catalog';
import { editArtist, editCollection, editItem } from './domain/catalog-edit';
import { nftReviewRoutes } from './admin-review';
import { localUploadStore } from '../../storage/uploads';
import { readSniffedUpload } from '../../http/upload-body';
import { saveNftMedia, sniffNftMedia, uploadedMediaType } from './domain/uploads';
import { NFT_CURRENCIES } from './domain/works';
import { editable } from './domain/edit-rules';
import type { AdminNftItem, ManifestEntry } from '../../../core';

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

export function nftAdminRoutes(now: () => number) {
  return async (op: FastifyInstance): Promise<void> => {
    const db = op.db;
    // the newest 200 (or those whose code or title holds `q`) with the names an operator reads
    // (collection, artist, currency), a series' manifest and sales, and what may change now
    op.get('/items', async (req) => {
      const { q } = parse(z.object({ q: z.string().trim().max(60).optional() }), req.query);
      let base = db
        .selectFrom('nft_items as i')
        .innerJoin('nft_collections as c', 'c.id', 'i.collection_id')
        .innerJoin('nft_artists as a', 'a.id', 'i.artist_id')
        .innerJoin('currencies as cur', 'cur.id', 'i.currency_id')
        .leftJoin('nft_box_series as s', 's.item_id', 'i.id');
      if (q) {
        const like = `%${q.replace(/[\\%_]/g, (m) => '\\' + m)}%`;
        base = base.where((eb) => eb.or([eb('i.code', 'ilike', like), eb('i.title', 'ilike', like)]));
      }
      const rows = await base
        .select([
          'i.id',
          'i.code',
          'i.title',
          'i.description',
          'i.rarity',
          'i.collection_id',
          'c.name as collection_name',
          'a.name as artist_name',
          'i.currency_id',
          'cur.name as currency_name',
          'i.pay_type',
          'i.price',
          'i.per_increase',
          'i.margin',
          'i.listing',
          'i.auction_state',
          'i.owner_id',
          'i.bid_count',
          'i.media_type',
          'i.start_at',
          'i.end_at',
        ])
        .select(['s.manifest', 's.total', 's.sold', 's.commitment', 's.revealed_at'])
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('nft_margins as m')
                .select('m.id')
                .whereRef('m.item_id', '=', 'i.id')
                .where('m.status', '=', 'held'),
            )
            .as('held'),
        )
        .orderBy('i.id', 'desc')
        .limit(200)
        .execute();
      const nowMs = now();
      return ok(
        rows.map(({ manifest, total, sold, commitment, revealed_at, held, ...r }): AdminNftItem => ({
          ...r,
          pay_type: r.pay_type as AdminNftItem['pay_type'],
          price: canon(r.price),
          per_increase: canon(r.per_increase),
          margin: canon(r.margin),
          start_at: new Date(r.start_at).toISOString(),
          end_at: new Date(r.end_at).toISOString(),
          editable: editable({ ...r, held: Boolean(held), sold: sold ?? 0, revealed: revealed_at !== null }, nowMs),
          series:
            manifest && commitment !== null
              ? {
                  manifest: typeof manifest === 'string' ? JSON.parse(manifest) : manifest,
                  total: total ?? 0,
                  sold: sold ?? 0,
                  commitment,
                  revealed: revealed_at !== null,
                }
              : null,
        })),
      );
    });
    // a work's picture, GIF, sound or video: checked by its bytes within the NFT media ceiling, logged
    const store = localUploadStore(op.config.dataDir);
    op.post('/media', async (req) => {
      const file = await readSniffedUpload(req, op.config.nftMediaMaxBytes, sniffNftMedia, 'nft_media_type_invalid');
      const saved = await saveNftMedia(db, store, file, { operatorId: req.operatorId });
      await inTransaction(db, (trx) =>
        logAction(trx, {
          operatorId: req.operatorId,
          action: 'nft_media_upload',
          target: `nft_media:${saved.media.split('/').pop()}`,
          reason: file.kind.mime,
          detail: { bytes: file.buf.length },
        }),
      );
      return ok(saved);
    });
    // what an item may be priced in (the same list the app's getNftCurrency answers)
    op.get('/currencies', async () =>
      ok(
        await db
          .selectFrom('currencies')
          .select(['id', 'name'])
          .where('id', 'in', NFT_CURRENCIES)
          .orderBy('id', 'desc')
          .execute(),
      ),
    );
    op.get('/artists', async () =>
      ok(await db.selectFrom('nft_artists').select(['id', 'name', 'bio', 'user_id']).orderBy('id').execute()),
    );
    op.get('/collections', async () =>
      ok(
        await db
          .selectFrom('nft_collections')
          .select(['id', 'artist_id', 'name', 'description'])
          .orderBy('id')
          .execute(),
      ),
    );
    op.post('/artists', async (req) => {
      const b = parse(z.object({ name: text(80).min(1), bio: optText(1000), user_id: optId }), req.body);
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
      const b = parse(z.object({ artist_id: id, name: text(80).min(1), description: optText(1000) }), req.body);
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
    op.post('/items', async (req) => {
      const b = parse(ItemBody, req.body);
      const startMs = parseTime(b.start_time);
      const endMs = parseTime(b.end_time);
      if (startMs === undefined || endMs === undefined) throw new AppError('param_error');
      if (!NFT_CURRENCIES.includes(b.currency_id)) throw new AppError('nft_currency_invalid');
      return ok(
        await inTransaction(db, async (trx) => {
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
          let itemId: number;
          if (b.pay_type === '3') {
            itemId = (await createSeries(trx, { ...base, manifest: manifestOf(b.manifest ?? '') ?? [] })).itemId;
          } else {
            itemId = await createItem(trx, { ...base, payType: b.pay_type === '2' ? 2 : 1 });
          }
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

    op.post('/artists/edit', async (req) => {
      const b = parse(
        z.object({ id, reason, name: blank(text(80).min(1)), bio: z.string().max(1000).optional() }),
        req.body,
      );
      return ok(
        await inTransaction(db, async (trx) => {
          const changes = await editArtist(trx, b.id, { name: b.name, bio: b.bio });
          await logAction(trx, {
            operatorId: req.operatorId,
            action: 'nft_artist_edit',
            target: `nft_artist:${b.id}`,
            reason: b.reason,
            detail: changes,
          });
          return changes;
        }),
      );
    });
    op.post('/collections/edit', async (req) => {
      const b = parse(
        z.object({ id, reason, name: blank(text(80).min(1)), description: z.string().max(1000).optional() }),
        req.body,
      );
      return ok(
        await inTransaction(db, async (trx) => {
          const changes = await editCollection(trx, b.id, { name: b.name, description: b.description });
          await logAction(trx, {
            operatorId: req.operatorId,
            action: 'nft_collection_edit',
            target: `nft_collection:${b.id}`,
            reason: b.reason,
            detail: changes,
          });
          return changes;
        }),
      );
    });
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
    await nftReviewRoutes(op, now);
  };
}
