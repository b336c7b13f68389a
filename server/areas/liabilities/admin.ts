/**
 * Back office under /admin/api/liabilities (operators only): take a snapshot now, with a reason
 * that goes in the operator action log in the snapshot's own transaction. There is deliberately
 * no route that edits or removes a snapshot (the database refuses it too).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { logAction } from '../../auth/operators';
import { text } from '../../kernel/fields';
import { listSnapshots, takeSnapshot } from './domain';

const ReasonBody = z.object({ reason: text(500).min(1) });

export async function liabilityAdminRoutes(op: FastifyInstance): Promise<void> {
  op.get('', async () => ok(await listSnapshots(op.db)));
  op.post('/snapshot', async (req) => {
    const { reason } = parse(ReasonBody, req.body);
    const summary = await takeSnapshot(op.db, {
      kind: 'operator',
      operatorId: req.operatorId,
      reason,
      afterWrite: async (trx, s) =>
        void (await logAction(trx, {
          operatorId: req.operatorId,
          action: 'liabilities_snapshot',
          target: `liability_snapshot:${s.id}`,
          reason,
          detail: { rootHash: s.rootHash, journalId: s.journalId, leafCount: s.leafCount },
        })),
    });
    return ok(summary);
  });
}
