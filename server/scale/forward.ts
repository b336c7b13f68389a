/**
 * Trading writes go to the engine leader (cluster mode). The matching engine's books, resting
 * orders, positions and pending seconds orders live in the leader's memory, and a market order
 * must walk the one true book once — so an `api` node that does not lead passes these few
 * requests, untouched (body, cookie, token, Idempotency-Key), to the leader's address in the lease
 * row and returns its answer. The leader runs them exactly as one process does today: conditional
 * debit, match, answer stored with the effect, all in one fenced transaction. If the leader dies
 * mid-request the client gets "try again" and its retry with the same Idempotency-Key is answered
 * once. Reads stay on every node (they read PostgreSQL).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { Leadership } from './leadership';

/** the routes that change the engine's in-memory state (server/areas/trade/routes.ts) */
const ENGINE_WRITES: ReadonlySet<string> = new Set([
  '/api/coin/trade',
  '/api/coin/cancel',
  '/api/lever/submit',
  '/api/lever/close',
  '/api/lever/setstop',
  '/api/lever/batch_close',
  '/api/microtrade/submit',
]);

const FORWARD_HEADER = 'x-h5-forwarded';
const FORWARD_TIMEOUT_MS = 8000;
/** hop-by-hop and length headers fetch sets itself */
const DROP_REQUEST = new Set([
  'host',
  'connection',
  'content-length',
  'accept-encoding',
  'transfer-encoding',
  'keep-alive',
]);
const DROP_RESPONSE = new Set(['connection', 'content-length', 'transfer-encoding', 'content-encoding', 'keep-alive']);

export function registerEngineForwarding(app: FastifyInstance, leadership: Leadership, secret: string): void {
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method !== 'POST' || !ENGINE_WRITES.has(req.url.split('?')[0])) return;
    if (leadership.isLeader()) return;
    // sent here as the leader, but no longer leading: the sender asks the lease again on retry
    if (req.headers[FORWARD_HEADER] === secret) throw new AppError('engine_unavailable');
    const address = await leadership.leaderAddress();
    if (!address) throw new AppError('engine_unavailable');
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (v === undefined || DROP_REQUEST.has(k)) continue;
      headers.set(k, Array.isArray(v) ? v.join(', ') : v);
    }
    headers.set(FORWARD_HEADER, secret);
    headers.set('x-forwarded-for', req.ip);
    let res: Response;
    try {
      // a paused leader never answers: the client hears "try again" and retries with its key
      res = await fetch(`${address}${req.url}`, {
        method: 'POST',
        headers,
        body: req.raw as unknown as ReadableStream,
        duplex: 'half',
        signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
      } as RequestInit);
    } catch (err) {
      req.log.warn({ err, address }, 'engine: forwarding a trading write failed');
      throw new AppError('engine_unavailable');
    }
    const body = Buffer.from(await res.arrayBuffer());
    reply.code(res.status);
    res.headers.forEach((v, k) => {
      if (!DROP_RESPONSE.has(k)) void reply.header(k, v);
    });
    return reply.send(body);
  });
}

/** A forwarded request is already counted by the node that took it from the client. */
export function isForwarded(req: FastifyRequest, secret: string): boolean {
  return req.headers[FORWARD_HEADER] === secret;
}
