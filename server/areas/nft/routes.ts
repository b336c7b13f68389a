/**
 * /api/bind_box/… (spec §7, WIRE.md "NFT"): every read answers GET and POST (the clients send
 * either); every money step is POST, authenticated and idempotent (its answer stored in the
 * effect's transaction, see shared.ts answered()).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { withIdempotency, type RequestKey } from '../../http/idempotency';
import { optionalUser } from '../../http/auth';
import { requestInput as input } from '../../kernel/input';
import { id, optInt, optText, text } from '../../kernel/fields';
import { pagingShape } from '../../kernel/paging';
import { buyNFT } from './domain/sale';
import { submitListing } from './domain/review';
import { auctionNFT, marginNFT, payNFTOrder, readOrderMessage } from './domain/auction';
import { openBlindBox } from './domain/boxes';
import { artistDetail, artists, favourites, itemDetail, listItems, toggleFavourite } from './domain/item-views';
import { auctionOrders, myNfts, myOrders, orderDetail } from './domain/order-views';
import { bidLog, myBids } from './domain/bid-views';
import { collectionDetail, collections } from './domain/collections';
import { demoVideo, wavOf, DEMO_VIDEO } from './domain/media';
import { artSvg } from './domain/art';
import { localUploadStore } from '../../storage/uploads';
import { readSniffedUpload, uploadContext } from '../../http/upload-body';
import { checkUploadBytes, checkUploadCount } from '../../shared/files/upload-quota';
import { saveNftMedia, sniffNftMedia, uploadedMedia } from './domain/uploads';
import { artistOfUser, createWork, NFT_CURRENCIES } from './domain/works';

const code = text(64).refine((s) => s.length > 0, { error: 'nft_not_found' });
const Code = z.object({ code });
const ListQuery = z.object({
  currency: optInt(1),
  pay_type: optInt(1, 3),
  status: optInt(0, 2),
  type: optInt(1, 4),
  keyword: optText(64),
  artist: optInt(1),
  collection: optInt(1),
});
const price = z.union([z.string(), z.number()]).optional();

type Handler = (req: FastifyRequest) => Promise<unknown>;

/** A read answers GET and POST alike (the clients send either); `needsUser` puts it behind the login. */
function readRoute(app: FastifyInstance) {
  const auth = { preHandler: app.authenticate };
  return (path: string, handler: Handler, needsUser = false) => {
    app.get(path, needsUser ? auth : {}, handler);
    app.post(path, needsUser ? auth : {}, handler);
  };
}

/**
 * A money step: POST, authenticated, its body checked, its answer kept for the Idempotency-Key —
 * `inStatement`: the key claimed by the step's own write (buyNFT's group commit, or its
 * transaction's answered()), no reservation row first.
 */
function guardedRoute(app: FastifyInstance) {
  const auth = { preHandler: app.authenticate };
  return <T>(
    path: string,
    schema: z.ZodType<T>,
    run: (req: FastifyRequest, b: T, key: RequestKey) => Promise<unknown>,
    opts: { inStatement?: boolean } = {},
  ) =>
    app.post(`/bind_box/${path}`, auth, async (req) => {
      const b = parse(schema, input(req));
      return withIdempotency(req, `bind_box/${path}`, async (key) => ok(await run(req, b, key)), opts);
    });
}

const nftNow = (app: FastifyInstance) => () => app.nft.now();

export async function nftRoutes(app: FastifyInstance): Promise<void> {
  registerCatalogueReads(app);
  registerAccountReads(app);
  registerMoneySteps(app);
  registerCreatorRoutes(app);
  registerMediaFiles(app);
}

const IdOrCodeBody = z.object({ id: optInt(1), code: optText(64) });
const UidBody = z.object({ uid: id });
const IdBody = z.object({ id });

/** The public catalogue: items, one item, artists, collections, the currencies prices are in. */
function registerCatalogueReads(app: FastifyInstance): void {
  const db = app.db;
  const now = nftNow(app);
  const read = readRoute(app);
  read('/bind_box/getBoxList', async (req) =>
    ok(await listItems(db, await optionalUser(req), parse(ListQuery, input(req)), now())),
  );
  read('/bind_box/getBoxDetail', async (req) => {
    const q = parse(IdOrCodeBody, input(req));
    return ok(
      await itemDetail(
        db,
        await optionalUser(req),
        { id: q.id, code: q.code || undefined },
        now(),
        app.config.nftSoftCloseMs,
      ),
    );
  });
  read('/bind_box/getArtist', async () => ok(await artists(db)));
  read('/bind_box/getArtistDetail', async (req) =>
    ok(await artistDetail(db, await optionalUser(req), parse(UidBody, input(req)).uid, now())),
  );
  read('/bind_box/getCollections', async () => ok(await collections(db)));
  read('/bind_box/getCollectionDetail', async (req) =>
    ok(await collectionDetail(db, await optionalUser(req), parse(IdBody, input(req)).id, now())),
  );
  read('/bind_box/getNftCurrency', async () =>
    ok(
      await db
        .selectFrom('currencies')
        .select(['id', 'name'])
        .where('id', 'in', NFT_CURRENCIES)
        .orderBy('id', 'desc')
        .execute(),
    ),
  );
}

const PageQuery = z.object(pagingShape);

/** The caller's own favourites, works, bids and orders (and the won auctions still to pay); an item's bid log. */
function registerAccountReads(app: FastifyInstance): void {
  const db = app.db;
  const now = nftNow(app);
  const read = readRoute(app);
  read('/bind_box/getCollection', async (req) => ok(await favourites(db, req.userId, now())), true);
  read('/bind_box/getBindBoxQuotationLog', async (req) => ok(await bidLog(db, parse(Code, input(req)).code)));
  read('/bind_box/getMyNFTs', async (req) => ok(await myNfts(db, req.userId, now())), true);
  read(
    '/bind_box/getMyBindBoxQuotationLog',
    async (req) => ok(await myBids(db, req.userId, parse(PageQuery, input(req)))),
    true,
  );
  read(
    '/bind_box/getMyNFTOrders',
    async (req) => ok(await myOrders(db, req.userId, parse(PageQuery, input(req)))),
    true,
  );
  read(
    '/bind_box/getNFTOrder',
    async (req) => ok(await orderDetail(db, req.userId, parse(IdBody, input(req)).id)),
    true,
  );
  read('/bind_box/getNeedPayNFTOrder', async (req) => ok(await auctionOrders(db, req.userId)), true);
}

/** Favourite and read marks, then the money steps: buy, margin, bid, pay, open a box, resell. */
function registerMoneySteps(app: FastifyInstance): void {
  const db = app.db;
  const auth = { preHandler: app.authenticate };
  const now = nftNow(app);
  const guarded = guardedRoute(app);
  app.post('/bind_box/collect', auth, async (req) =>
    ok(await toggleFavourite(db, req.userId, parse(Code, input(req)).code)),
  );
  app.post('/bind_box/readNFTOrderMessage', auth, async (req) => {
    await readOrderMessage(db, req.userId, parse(IdBody, input(req)).id);
    return ok(true);
  });

  guarded('buyNFT', Code, (req, b, key) => buyNFT(db, req.userId, b.code, now(), key), { inStatement: true });
  guarded('marginNFT', Code, (req, b, key) => marginNFT(db, req.userId, b.code, now(), key));
  guarded('auctionNFT', z.object({ code, price }), (req, b, key) =>
    auctionNFT(
      db,
      req.userId,
      { code: b.code, price: b.price },
      now(),
      { softCloseMs: app.config.nftSoftCloseMs, notify: app.nft.notify },
      key,
    ),
  );
  guarded('payNFTOrder', z.object({ id }), (req, b, key) => payNFTOrder(db, req.userId, b.id, now(), key));
  guarded('openBlindBox', Code, (req, b, key) => openBlindBox(db, req.userId, b.code, now(), key));
  // a holder's listing (fixed price or auction) goes to the review queue; review.ts
  const Listing = z.object({
    code,
    price,
    pay_type: z.unknown().optional(),
    per_increase: z.unknown().optional(),
    margin: z.unknown().optional(),
    start_time: z.unknown().optional(),
    end_time: z.unknown().optional(),
  });
  guarded('resellNFT', Listing, (req, b, key) => submitListing(db, req.userId, { ...b, price: b.price }, now(), key));
}

/**
 * A creator's own works: their artist profile and collections, a media upload (checked by its
 * bytes, within the NFT media ceiling and the user's upload quota), a new work.
 */
function registerCreatorRoutes(app: FastifyInstance): void {
  const db = app.db;
  const auth = { preHandler: app.authenticate };
  const now = nftNow(app);
  readRoute(app)(
    '/bind_box/getMyArtist',
    async (req) => {
      const a = await db
        .selectFrom('nft_artists')
        .select(['id', 'name'])
        .where('user_id', '=', req.userId)
        .orderBy('id')
        .executeTakeFirst();
      if (!a) return ok(null);
      return ok({
        ...a,
        collections: await db
          .selectFrom('nft_collections')
          .select(['id', 'name'])
          .where('artist_id', '=', a.id)
          .orderBy('id')
          .execute(),
      });
    },
    true,
  );
  const store = localUploadStore(app.config.dataDir);
  const uploadDir = `${app.config.dataDir}/uploads`;
  uploadContext(app, (scope) =>
    scope.post('/bind_box/uploadMedia', auth, async (req) => {
      await artistOfUser(db, req.userId);
      const file = await readSniffedUpload(
        req,
        app.config.nftMediaMaxBytes,
        sniffNftMedia,
        'nft_media_type_invalid',
        () => checkUploadCount(db, req.userId, app.config.uploadQuota),
      );
      await checkUploadBytes(db, uploadDir, req.userId, app.config.uploadQuota, file.buf.length);
      return ok(await saveNftMedia(db, store, file, { userId: req.userId }));
    }),
  );
  const Work = z.object({
    collection_id: id,
    title: text(120).refine((s) => s.trim().length > 0, { error: 'param_error' }),
    description: optText(2000),
    media: text(200),
    currency_id: id,
    price,
  });
  guardedRoute(app)('createWork', Work, (req, b) => createWork(db, req.userId, b, now()));
}

/** The procedural artworks (art.ts), the demo's sound and clip (media.ts) and uploaded media. */
function registerMediaFiles(app: FastifyInstance): void {
  const db = app.db;
  // the procedural artworks (art.ts): immutable, so cached for a year
  app.get('/bind_box/art/:file', async (req, reply) => {
    const file = (req.params as { file: string }).file;
    const m = /^([A-Za-z0-9-]{1,64})\.svg$/.exec(file);
    if (!m) return reply.code(404).send();
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(artSvg(m[1]));
  });
  // the demo's sound (synthesised from the code) and clip (media.ts), with their own content types
  app.get('/bind_box/media/:file', async (req, reply) => {
    const file = (req.params as { file: string }).file;
    const cache = 'public, max-age=31536000, immutable';
    if (file === DEMO_VIDEO) return reply.type('video/webm').header('cache-control', cache).send(demoVideo());
    const m = /^([A-Za-z0-9-]{1,64})\.wav$/.exec(file);
    if (!m) {
      // an uploaded file (uploads.ts): only names recorded as NFT media, with the type its bytes showed; never sniffed by the browser
      const up = await uploadedMedia(db, app.config.dataDir, file);
      if (!up) return reply.code(404).send();
      return reply
        .type(up.mime)
        .header('cache-control', cache)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(up.buf);
    }
    return reply.type('audio/wav').header('cache-control', cache).send(wavOf(m[1]));
  });
}
