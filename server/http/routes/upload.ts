/** POST /upload (spec §7): one image in multipart field `file`, login required; message = reference. */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ok } from '../envelope';
import { AppError } from '../../errors';
import { localUploadStore, sniffImage } from '../../storage/uploads';
import { recordUpload } from '../../domain/profile/files';
import { checkUploadBytes, checkUploadCount } from '../../domain/profile/upload-quota';

export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const store = localUploadStore(app.config.dataDir);
  const uploadDir = path.join(app.config.dataDir, 'uploads');
  const maxMb = Math.round(app.config.uploadMaxBytes / (1024 * 1024));

  app.post('/upload', { preHandler: app.authenticate }, async (req) => {
    if (!req.isMultipart()) throw new AppError('param_error');
    await checkUploadCount(app.db, req.userId, app.config.uploadQuota);
    const file = await req.file();
    if (!file || file.fieldname !== 'file') throw new AppError('param_error');
    let buf: Buffer;
    try {
      buf = await file.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('file_too_large', { mb: maxMb });
      throw err;
    }
    const kind = sniffImage(buf);
    if (!kind) throw new AppError('file_type_invalid');
    await checkUploadBytes(app.db, uploadDir, req.userId, app.config.uploadQuota, buf.length);
    const ref = await store.save(buf, kind);
    // The owner is recorded so the file is shown only to those allowed (GET /api/file/:name).
    await recordUpload(app.db, ref, req.userId, createHash('sha256').update(buf).digest('hex'));
    return ok(ref);
  });
}
