/**
 * NFT media uploads: a creator's or an operator's picture, GIF, sound or video, through
 * the storage interface with the same checks as every upload — one file within a size limit,
 * recognised by its magic bytes (a renamed text file is refused whatever it is called) — recorded
 * in nft_media with what it is, and served only from there with its own content type. A creator's
 * files also count against the per-user upload quota (an `uploads` row each).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../../db/schema';
import type {} from '../tables'; // the area's tables join Database there
import { inTransaction } from '../../../db/tx';
import { AppError } from '../../../errors';
import { sniffImage, type StoredKind, type UploadStore } from '../../../storage/uploads';
import { MEDIA_TYPES, sniffMedia } from '../../../storage/media';
import { reencodeImage } from '../../../storage/reencode';
import { NFT_MEDIA_TYPES } from '../../../../core';
import { mediaUrl } from './media';

export interface NftMediaFile {
  kind: StoredKind;
  type: number;
  mime: string;
}

const IMAGE_MIME = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' } as const;

/** What an NFT's media file is, from its bytes: a picture (GIF its own type), a sound or a video; null for anything else. */
export function sniffNftMedia(buf: Buffer): NftMediaFile | null {
  const img = sniffImage(buf);
  if (img)
    return { kind: img, type: img === 'gif' ? NFT_MEDIA_TYPES.gif : NFT_MEDIA_TYPES.image, mime: IMAGE_MIME[img] };
  const m = sniffMedia(buf);
  if (!m) return null;
  return {
    kind: m,
    type: MEDIA_TYPES[m].av === 'audio' ? NFT_MEDIA_TYPES.audio : NFT_MEDIA_TYPES.video,
    mime: MEDIA_TYPES[m].mime,
  };
}

const NAME_RE = /^[0-9a-f]{32}\.[a-z0-9]{2,4}$/;

const isImage = (kind: StoredKind): kind is keyof typeof IMAGE_MIME => kind in IMAGE_MIME;

/** Stores a checked file and records it; answers the address items carry in `media` and its media type. */
export async function saveNftMedia(
  db: Kysely<Database>,
  store: UploadStore,
  checked: { buf: Buffer; kind: NftMediaFile },
  by: { userId: number } | { operatorId: number },
): Promise<{ media: string; type: number }> {
  // pictures and GIFs are stored re-encoded, like every uploaded image (storage/reencode.ts)
  const kind = checked.kind.kind;
  const file = isImage(kind) ? { buf: await reencodeImage(checked.buf, kind), kind: checked.kind } : checked;
  const ref = await store.save(file.buf, file.kind.kind);
  const name = ref.replace(/^upload\//, '');
  const sha256 = createHash('sha256').update(file.buf).digest('hex');
  await inTransaction(db, async (trx) => {
    const user = 'userId' in by ? by.userId : null;
    if (user !== null) await trx.insertInto('uploads').values({ name, user_id: user, sha256 }).execute();
    await trx
      .insertInto('nft_media')
      .values({
        name,
        media_type: file.kind.type,
        mime: file.kind.mime,
        bytes: file.buf.length,
        sha256,
        user_id: user,
        operator_id: 'operatorId' in by ? by.operatorId : null,
      })
      .execute();
  });
  return { media: mediaUrl(name), type: file.kind.type };
}

/**
 * An item's `media` field names an uploaded file: its media type, if the file exists and (for a
 * creator) is their own; otherwise nft_media_unknown, so an item never points at someone else's
 * upload or at nothing.
 */
export async function uploadedMediaType(db: Db, media: string, userId?: number): Promise<number> {
  const prefix = mediaUrl('');
  const name = media.startsWith(prefix) ? decodeURIComponent(media.slice(prefix.length)) : '';
  if (!NAME_RE.test(name)) throw new AppError('nft_media_unknown');
  let q = db.selectFrom('nft_media').select('media_type').where('name', '=', name);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError('nft_media_unknown');
  return row.media_type;
}

/** An uploaded file to serve: its bytes and content type, or undefined (not an NFT upload, or gone). */
export async function uploadedMedia(
  db: Kysely<Database>,
  dataDir: string,
  name: string,
): Promise<{ buf: Buffer; mime: string } | undefined> {
  if (!NAME_RE.test(name)) return undefined;
  const row = await db.selectFrom('nft_media').select('mime').where('name', '=', name).executeTakeFirst();
  if (!row) return undefined;
  try {
    return { buf: await fs.readFile(path.join(dataDir, 'uploads', name)), mime: row.mime };
  } catch {
    return undefined;
  }
}
