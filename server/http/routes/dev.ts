/**
 * GET /api/dev/outbox?to=… — the messages the dev transport "sent" to one recipient, newest
 * first, so the local demo and the e2e tests can read verification codes. Registered only when
 * config.devOutbox is on, which loadConfig never allows under NODE_ENV=production.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../envelope';
import { parse } from '../validate';
import { intOr } from '../fields';

const Query = z.object({ to: z.string().trim().min(1).max(190), limit: intOr(1, 50, 10) });

export async function devRoutes(app: FastifyInstance): Promise<void> {
  app.get('/dev/outbox', async (req) => {
    const q = parse(Query, req.query);
    const to = q.to.toLowerCase();
    const rows = await app.db
      .selectFrom('outbox')
      .select(['id', 'channel', 'recipient', 'subject', 'body', 'code', 'created_at'])
      // SMS recipients may be stored with their +area prefix: match the bare number too.
      .where((eb) => eb.or([eb('recipient', '=', to), eb('recipient', 'like', `% ${to}`)]))
      .orderBy('id', 'desc')
      .limit(q.limit)
      .execute();
    return ok(rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })));
  });
}
