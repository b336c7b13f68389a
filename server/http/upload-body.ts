/**
 * The body of an upload (spec §7: one file in multipart field `file`): read within the size limit
 * and recognised by its magic bytes, never by its name or declared type. Shared by /upload, the
 * guest chat's upload and the NFT media uploads, so all apply the same checks.
 *
 * The multipart parser (@fastify/multipart) is registered only in the upload routes' own contexts
 * (uploadContext): it adds an async onRequest and an async onResponse hook to every request of its
 * context, which the other routes — money through the API among them — then do not pay. Elsewhere a
 * multipart body is taken as no body (ignoredMultipart), as the parser's did for a route that reads
 * no file.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { AppError } from '../errors';
import { sniffImage, type ImageKind } from '../storage/uploads';
import { reencodeImage } from '../storage/reencode';

/** The root's multipart parser: the body is left unread (no file is read outside uploadContext). */
export function ignoreMultipart(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));
}

/**
 * `routes` registered in a context of their own with the multipart parser (within the app's upload
 * limits; readFile sets each request's file size).
 */
export function uploadContext(app: FastifyInstance, routes: (scope: FastifyInstance) => void): void {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('multipart/form-data');
    await scope.register(multipart, {
      limits: { fileSize: scope.config.uploadMaxBytes, files: 1, fields: 10, fieldSize: 1024 },
    });
    routes(scope);
  });
}

/** Reads the one file, refusing it past `maxBytes` (a per-request limit: media may exceed the app's image ceiling). */
async function readFile(req: FastifyRequest, maxBytes: number, beforeRead?: () => Promise<void>): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('param_error');
  if (beforeRead) await beforeRead();
  const file = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!file || file.fieldname !== 'file') throw new AppError('param_error');
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('file_too_large', { mb: Math.round(maxBytes / (1024 * 1024)) });
    throw err;
  }
}

/** A picture, decoded and re-encoded without its metadata (storage/reencode.ts): what is stored is `buf`. */
export async function readImageUpload(
  req: FastifyRequest,
  maxBytes: number,
  beforeRead?: () => Promise<void>,
): Promise<{ buf: Buffer; kind: ImageKind }> {
  const file = await readSniffedUpload(req, maxBytes, sniffImage, 'file_type_invalid', beforeRead);
  return { buf: await reencodeImage(file.buf, file.kind), kind: file.kind };
}

/** A file whose bytes `sniff` recognises; otherwise `refusal` (a message key naming what is accepted). */
export async function readSniffedUpload<K>(
  req: FastifyRequest,
  maxBytes: number,
  sniff: (buf: Buffer) => K | null,
  refusal: 'file_type_invalid' | 'nft_media_type_invalid',
  beforeRead?: () => Promise<void>,
): Promise<{ buf: Buffer; kind: K }> {
  const buf = await readFile(req, maxBytes, beforeRead);
  const kind = sniff(buf);
  if (kind === null) throw new AppError(refusal);
  return { buf, kind };
}
