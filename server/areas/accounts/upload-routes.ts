/** POST /upload (spec §7): one image in multipart field `file`, login required; message = reference. The quota counts the re-encoded bytes, which are what is stored. */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { localUploadStore } from '../../storage/uploads';
import { readImageUpload, uploadContext } from '../../http/upload-body';
import { recordUpload } from '../../shared/files/files';
import { checkUploadBytes, checkUploadCount } from '../../shared/files/upload-quota';

export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const store = localUploadStore(app.config.dataDir);
  const uploadDir = path.join(app.config.dataDir, 'uploads');

  uploadContext(app, (scope) =>
    scope.post('/upload', { preHandler: app.authenticate }, async (req) => {
      const { buf, kind } = await readImageUpload(req, app.config.uploadMaxBytes, () =>
        checkUploadCount(app.db, req.userId, app.config.uploadQuota),
      );
      await checkUploadBytes(app.db, uploadDir, req.userId, app.config.uploadQuota, buf.length);
      const ref = await store.save(buf, kind);
      // The owner is recorded so the file is shown only to those allowed (GET /api/file/:name).
      await recordUpload(app.db, ref, req.userId, createHash('sha256').update(buf).digest('hex'));
      return ok(ref);
    }),
  );
}
