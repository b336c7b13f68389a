/**
 * /api/liabilities/… : the published snapshots (anyone), the anonymised leaf list as a download
 * (anyone), and the caller's own proof (authenticated; there is no user parameter, so nobody can
 * ask for another user's leaf or salt), served in core's compact layout (docs/liabilities.md).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { id } from '../../kernel/fields';
import { AppError } from '../../errors';
import { encodeProofText } from '../../../core';
import { getSnapshot, leafList, listSnapshots, proofFor } from './domain';

const Params = z.object({ id });

export async function liabilityRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  app.get('/liabilities', async () => ok(await listSnapshots(db)));
  app.get('/liabilities/latest', async () => {
    const s = await getSnapshot(db, 'latest');
    if (!s) throw new AppError('liabilities_none');
    return ok(s);
  });
  app.get('/liabilities/:id', async (req) => {
    const s = await getSnapshot(db, parse(Params, req.params).id);
    if (!s) throw new AppError('liabilities_not_found');
    return ok(s);
  });
  // the proof in core's binary layout as base64url text (about 2.3 KB for a million users × 5 coins)
  app.get('/liabilities/:id/proof', { preHandler: app.authenticate }, async (req) =>
    ok(encodeProofText(await proofFor(db, parse(Params, req.params).id, req.userId))),
  );
  // a file to keep and check offline: the bare {snapshot, leaves} document, not the envelope
  app.get('/liabilities/:id/leaves', async (req, reply) => {
    const sid = parse(Params, req.params).id;
    const list = await leafList(db, sid);
    return reply
      .header('content-disposition', `attachment; filename="liabilities-${sid}-leaves.json"`)
      .type('application/json')
      .send(JSON.stringify(list));
  });
}
