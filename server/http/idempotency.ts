/**
 * Safe client retries (DESIGN §4): a state-changing POST that carries an `Idempotency-Key`
 * header runs once per (user, key); a retry gets the stored answer instead of running again.
 * Use inside an authenticated route:  return withIdempotency(req, 'wallet/out', () => doIt());
 */
import type { FastifyRequest } from 'fastify';
import { HEADERS } from '../../core';
import { AppError } from './envelope';

export async function withIdempotency<T>(req: FastifyRequest, route: string, run: () => Promise<T>): Promise<T> {
  const raw = req.headers[HEADERS.idempotencyKey];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key) return run();
  if (key.length > 100 || !req.userId) throw new AppError('param_error');
  const db = req.server.db;
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({ user_id: req.userId, key, route, response: null })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) {
    const prior = await db.selectFrom('idempotency_keys').select(['route', 'response']).where('user_id', '=', req.userId).where('key', '=', key).executeTakeFirst();
    // Same key for another route, or the first attempt still running: refuse rather than guess.
    if (!prior || prior.route !== route || prior.response === null) throw new AppError('too_many_requests');
    return prior.response as T;
  }
  try {
    const result = await run();
    await db.updateTable('idempotency_keys').set({ response: JSON.stringify(result) }).where('user_id', '=', req.userId).where('key', '=', key).execute();
    return result;
  } catch (err) {
    // A failed attempt leaves no trace, so the client may retry with the same key.
    await db.deleteFrom('idempotency_keys').where('user_id', '=', req.userId).where('key', '=', key).execute();
    throw err;
  }
}
