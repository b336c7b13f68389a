/**
 * Upload storage: local directory DATA_DIR/uploads, outside the web root, with random names, so a
 * file can never be served or executed by guessing its name. Type is decided by magic bytes, not
 * by the client's claimed content type or file name.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { MediaKind } from './media';

export type ImageKind = 'png' | 'jpg' | 'webp' | 'gif';

export function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length >= 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP')
    return 'webp';
  if (buf.length >= 6 && (buf.toString('ascii', 0, 6) === 'GIF87a' || buf.toString('ascii', 0, 6) === 'GIF89a'))
    return 'gif';
  return null;
}

/** what a stored file's extension may be: a picture, or a sound or video (media.ts) */
export type StoredKind = ImageKind | MediaKind;

export interface UploadStore {
  /** saves and returns the file reference clients hand back (e.g. "upload/3f…a1.png") */
  save(buf: Buffer, kind: StoredKind): Promise<string>;
}

export function localUploadStore(dataDir: string): UploadStore {
  const dir = path.join(dataDir, 'uploads');
  return {
    async save(buf, kind) {
      await fs.mkdir(dir, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${kind}`;
      // wx: never overwrite, even in the astronomically unlikely case of a name collision.
      await fs.writeFile(path.join(dir, name), buf, { flag: 'wx', mode: 0o640 });
      return `upload/${name}`;
    },
  };
}
