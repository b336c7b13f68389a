/**
 * POST /api/dev/feed {symbol, price} — with MARKET_FEED=scripted only, one tick at that price, so a
 * browser journey can move a price (a loan to its margin call) as the server tests do. Same guard
 * as the outbox: loopback and the secret; with any other feed it does not exist (404).
 *
 * GET /api/dev/outbox?to=… — the messages the dev transport "sent" to one recipient, newest
 * first, so the local demo and the e2e tests can read verification codes. Registered only when
 * config.devOutbox is on, which loadConfig never allows under NODE_ENV=production.
 *
 * Reading codes is reading every account's keys, so: loopback peers only (others get a plain 404),
 * the secret from the start-up banner (header x-dev-outbox-secret or ?secret=), exact recipients.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { errorEnvelope, ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { decimal, intOr } from '../../kernel/fields';
import { ScriptedFeed } from '../../market/feed';
import { requestLang } from '../../http/lang';
import { translate } from '../../i18n/messages';
import { isLoopback, OUTBOX_SECRET_HEADER, secretMatches } from '../../kernel/outbox-secret';

const Query = z.object({
  to: z.string().trim().min(1).max(190),
  limit: intOr(1, 50, 10),
  secret: z.string().max(200).optional(),
});

/** The TCP peer, and with TRUST_PROXY the forwarded client too: both must be this machine. */
function fromLoopback(req: FastifyRequest): boolean {
  return isLoopback(req.socket.remoteAddress) && isLoopback(req.ip);
}

const FeedBody = z.object({ symbol: z.string().trim().min(3).max(32), price: decimal });

export async function devRoutes(app: FastifyInstance): Promise<void> {
  app.get('/dev/outbox', async (req, reply) => {
    if (!fromLoopback(req))
      return reply.code(404).send(errorEnvelope('error', translate('not_found', requestLang(req))));
    const q = parse(Query, req.query);
    if (!secretMatches(req.headers[OUTBOX_SECRET_HEADER] ?? q.secret, app.config.devOutboxSecret)) {
      return reply.code(403).send(errorEnvelope('error', translate('dev_outbox_secret_required', requestLang(req))));
    }
    const to = q.to.toLowerCase();
    const rows = await app.db
      .selectFrom('outbox')
      .select(['id', 'channel', 'recipient', 'subject', 'body', 'code', 'created_at'])
      // SMS recipients may be stored as "+86 138…": the bare number must equal the part after the
      // space. Equality only: a LIKE on caller input would let `%` list everyone's codes.
      .where((eb) => eb.or([eb('recipient', '=', to), eb(sql<string>`split_part(recipient, ' ', 2)`, '=', to)]))
      .orderBy('id', 'desc')
      .limit(q.limit)
      .execute();
    return ok(rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })));
  });

  app.post('/dev/feed', async (req, reply) => {
    const feed = app.market.feed;
    if (!fromLoopback(req) || !(feed instanceof ScriptedFeed))
      return reply.code(404).send(errorEnvelope('error', translate('not_found', requestLang(req))));
    if (!secretMatches(req.headers[OUTBOX_SECRET_HEADER], app.config.devOutboxSecret)) {
      return reply.code(403).send(errorEnvelope('error', translate('dev_outbox_secret_required', requestLang(req))));
    }
    const b = parse(FeedBody, req.body);
    feed.push(b.symbol, b.price);
    return ok(true);
  });
}
