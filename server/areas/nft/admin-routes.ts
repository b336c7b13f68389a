/**
 * Back office under /admin/api/nft (operators only, mounted with mountBackOffice): the catalogue
 * — create and edit artists, collections, items (fixed price or auction) and blind-box series
 * with their manifest (admin-catalog.ts), and list them — plus the review queue and revenue
 * (admin-review.ts). Each write runs in one transaction with its operator_actions row (who, what,
 * when, why, what changed).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { logAction } from '../../auth/operators';
import { inTransaction } from '../../db/tx';
import { canon } from '../../kernel/decimal';
import { nftReviewRoutes } from './admin-review';
import { registerArtistCreates, registerArtistEdits, registerItemCreate, registerItemEdit } from './admin-catalog';
import { localUploadStore } from '../../storage/uploads';
import { readSniffedUpload, uploadContext } from '../../http/upload-body';
import { saveNftMedia, sniffNftMedia } from './domain/uploads';
import { NFT_CURRENCIES } from './domain/works';
import { editable } from './domain/edit-rules';
import type { AdminNftItem } from '../../../core';

type Db = FastifyInstance['db'];

export function nftAdminRoutes(now: () => number) {
  return async (op: FastifyInstance): Promise<void> => {
    registerItemList(op, now);
    registerMediaUpload(op);
    registerCatalogueReads(op);
    registerArtistCreates(op);
    registerItemCreate(op);
    registerArtistEdits(op);
    registerItemEdit(op, now);
    await nftReviewRoutes(op, now);
  };
}

const SearchQuery = z.object({ q: z.string().trim().max(60).optional() });

/**
 * GET /items: the newest 200 (or those whose code or title holds `q`) with the names an operator
 * reads (collection, artist, currency), a series' manifest and sales, and what may change now.
 */
function registerItemList(op: FastifyInstance, now: () => number): void {
  const db = op.db;
  op.get('/items', async (req) => {
    const { q } = parse(SearchQuery, req.query);
    const rows = await itemRows(db, q);
    const nowMs = now();
    return ok(rows.map((row) => adminItem(row, nowMs)));
  });
}

async function itemRows(db: Db, q: string | undefined) {
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
  return base
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
}

function adminItem(
  { manifest, total, sold, commitment, revealed_at, held, ...r }: Awaited<ReturnType<typeof itemRows>>[number],
  nowMs: number,
): AdminNftItem {
  return {
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
  };
}

/** POST /media: a work's picture, GIF, sound or video, checked by its bytes within the NFT media ceiling, logged. */
function registerMediaUpload(op: FastifyInstance): void {
  const db = op.db;
  const store = localUploadStore(op.config.dataDir);
  uploadContext(op, (scope) =>
    scope.post('/media', async (req) => {
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
    }),
  );
}

/** The lists the catalogue forms choose from: currencies, artists, collections. */
function registerCatalogueReads(op: FastifyInstance): void {
  const db = op.db;
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
      await db.selectFrom('nft_collections').select(['id', 'artist_id', 'name', 'description']).orderBy('id').execute(),
    ),
  );
}
