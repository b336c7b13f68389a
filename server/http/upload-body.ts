/**
 * The body of an image upload (spec §7: one file in multipart field `file`): read within the size
 * limit and recognised by its magic bytes, never by its name or declared type. Shared by /upload
 * and the guest chat's upload, so both apply the same checks.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { sniffImage, type ImageKind } from '../storage/uploads';

export async function readImageUpload(req: FastifyRequest, maxBytes: number, beforeRead?: () => Promise<void>): Promise<{ buf: Buffer; kind: ImageKind }> {
  if (!req.isMultipart()) throw new AppError('param_error');
  if (beforeRead) await beforeRead();
  const file = await req.file();
  if (!file || file.fieldname !== 'file') throw new AppError('param_error');
  let buf: Buffer;
  try {
    buf = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('file_too_large', { mb: Math.round(maxBytes / (1024 * 1024)) });
    throw err;
  }
  const kind = sniffImage(buf);
  if (!kind) throw new AppError('file_type_invalid');
  return { buf, kind };
}
