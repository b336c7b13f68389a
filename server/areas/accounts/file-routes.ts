/**
 * GET /api/file/:name — serves an upload. Avatars: anyone. Anything else: its owner or an
 * operator (Authorization header), or whoever holds a valid signed URL (only handed to them).
 * Files live outside the web root under random names; served with nosniff and no caching by proxies.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bearerToken } from '../../http/auth';
import { lookupSession } from '../../auth/sessions';
import { signatureValid, uploadInfo } from '../../shared/files/files';
import { operatorOf } from '../../http/operator-auth';

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };
const Query = z.object({ exp: z.coerce.number().int().optional(), sig: z.string().max(100).optional() });

async function viewerAllowed(req: FastifyRequest, ownerId: number | null): Promise<boolean> {
  const token = bearerToken(req.headers.authorization);
  if (!token) return false;
  const s = await lookupSession(req.server.db, token);
  if (s.ok) return ownerId !== null && s.userId === ownerId;
  return (await operatorOf(req)) !== undefined;
}

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const dir = path.join(app.config.dataDir, 'uploads');

  app.get('/file/:name', async (req: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
    const name = req.params.name;
    const info = await uploadInfo(app.db, name);
    const denied = () => reply.code(404).type('text/plain').send('not found');
    if (!info) return denied();
    let allowed = info.purpose === 'avatar';
    if (!allowed) {
      const q = Query.safeParse(req.query);
      if (q.success && q.data.exp && q.data.sig) allowed = await signatureValid(app.db, name, q.data.exp, q.data.sig);
    }
    if (!allowed) allowed = await viewerAllowed(req, info.user_id);
    // 404, not 403: a stranger learns nothing about which names exist.
    if (!allowed) return denied();
    let buf: Buffer;
    try {
      buf = await fs.readFile(path.join(dir, name));
    } catch {
      return denied();
    }
    return reply
      .type(TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', info.purpose === 'avatar' ? 'public, max-age=86400' : 'private, no-store')
      .header('content-security-policy', "default-src 'none'")
      .send(buf);
  });
}
