/**
 * Safe client retries (DESIGN §4): a state-changing POST that carries an `Idempotency-Key`
 * header runs once per (user, key); a retry gets the stored answer instead of running again.
 * Use inside an authenticated route:  return withIdempotency(req, 'wallet/out', (key) => doIt(key));
 * `key` (undefined without the header) must be handed to the operation's transaction (inTransaction's
 * `key`) or group-commit writer: nothing else can mark the key committed.
 *
 * Crash safety: the reservation records this process (owner), and the guarded operation marks the
 * key committed in its own transaction (db/idempotency-scope.ts), the key handed to it explicitly. A retry that finds a key still
 * in flight from a process that is gone recovers it: not committed → the reservation is dropped
 * and the operation runs once; committed → the original answer (stored in the operation's
 * transaction, or rebuilt from the committed row by the route's replay).
 *
 * In-statement mode (`inStatement`), for a route whose one write is a pooled ledger transfer
 * (db/ledger-transfer.ts): no reservation row first — the key's row is written, committed and
 * with the transfer's ref, by the group commit's statement that makes the moves (migration 044),
 * and the answer is not written after: a retry rebuilds it from the ref by the route's replay. A
 * request costs no round trip of its own for its key. Two attempts at once in this process: the
 * second is told to retry, as a reservation would; a key that exists already (a retry, or another
 * node's attempt) makes the statement skip the transfer, and the request takes the usual path — as
 * does a refusal before the statement when the key exists (the first attempt's effect refused it).
 * A route whose write is a transaction stores its key there (idempotency-scope.ts answerInTx).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HEADERS } from '../../core';
import { KeyTaken, type IdempotencyScope } from '../db/idempotency-scope';
import { isUniqueViolation } from '../db/tx';
import { AppError } from '../errors';
import { replayFor, type CommittedRef } from './idempotency-replay';

/** this process: a reservation owned by another boot id was left by a process that is gone */
const BOOT_ID = randomUUID();
/** a foreign in-flight key younger than this may belong to a live sibling process: wait */
const STALE_MS = 5_000;

type Claim = { claimed: true } | { claimed: false; answer: unknown };

async function claim(app: FastifyInstance, userId: number, key: string, route: string): Promise<Claim> {
  const db = app.db;
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, route, response: null, owner: BOOT_ID })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return { claimed: true };
  const prior = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  // Same key for another route: refuse rather than guess.
  if (!prior || prior.route !== route) throw new AppError('too_many_requests');
  if (prior.response !== null) return { claimed: false, answer: prior.response };
  const replay = replayFor(route);
  // committed: its effect stands whoever runs it, and the answer is rebuilt from its row
  if (prior.committed_at !== null && prior.committed_ref !== null && replay) {
    const answer = await replay(app, userId, prior.committed_ref as CommittedRef, prior.created_at);
    await db
      .updateTable('idempotency_keys')
      .set({ response: JSON.stringify(answer) })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
    return { claimed: false, answer };
  }
  const stale = prior.owner !== BOOT_ID && Date.now() - prior.created_at.getTime() > STALE_MS;
  if (!stale) throw new AppError('too_many_requests'); // the first attempt is still running
  if (prior.committed_at !== null) throw new AppError('too_many_requests'); // committed, answer not rebuildable: never run twice
  // Never committed: the crashed attempt left no effect. Take the key over (once) and run.
  const taken = await db
    .updateTable('idempotency_keys')
    .set({ owner: BOOT_ID, created_at: new Date() })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('owner', 'is not distinct from', prior.owner)
    .where('committed_at', 'is', null)
    .where('response', 'is', null)
    .executeTakeFirst();
  if (taken.numUpdatedRows !== 1n) throw new AppError('too_many_requests');
  return { claimed: true };
}

async function keyExists(req: FastifyRequest, key: string): Promise<boolean> {
  const row = await req.server.db
    .selectFrom('idempotency_keys')
    .select('key')
    .where('user_id', '=', req.userId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

/** the request's idempotency key as the guarded operation is handed it (undefined: no header) */
export type RequestKey = IdempotencyScope | undefined;
/** the guarded operation, handed the request's key */
export type Guarded<T> = (key: RequestKey) => Promise<T>;

/** keys of this process's in-statement attempts still running (`user:key`) */
const running = new Set<string>();

/**
 * In-statement mode: undefined when the key turned out to exist (the usual path answers then).
 * A run that did not hand the key to a transfer (it ended before one) stores its answer itself.
 */
async function inStatement<T>(req: FastifyRequest, route: string, key: string, run: Guarded<T>) {
  const userId = req.userId;
  const id = `${userId}:${key}`;
  if (running.has(id)) throw new AppError('too_many_requests'); // the first attempt is still running
  running.add(id);
  const s: IdempotencyScope = { userId, key, claim: { route, owner: BOOT_ID } };
  try {
    const result = await run(s);
    if (!s.consumed)
      await req.server.db
        .insertInto('idempotency_keys')
        .values({ user_id: userId, key, route, response: JSON.stringify(result), owner: BOOT_ID })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .execute();
    return { result };
  } catch (err) {
    if (err instanceof KeyTaken || isUniqueViolation(err, 'idempotency_keys_pkey')) return undefined;
    // refused before its write took the key: a retry of a request that did commit (its effect now
    // makes the checks refuse, e.g. an item it bought) answers the stored answer instead
    if (!s.consumed && (await keyExists(req, key))) return undefined;
    throw err;
  } finally {
    running.delete(id);
  }
}

export async function withIdempotency<T>(
  req: FastifyRequest,
  route: string,
  run: Guarded<T>,
  opts: { inStatement?: boolean } = {},
): Promise<T> {
  const raw = req.headers[HEADERS.idempotencyKey];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key) return run(undefined);
  if (key.length > 100 || !req.userId) throw new AppError('param_error');
  const db = req.server.db;
  const userId = req.userId;
  if (opts.inStatement) {
    const done = await inStatement(req, route, key, run);
    if (done) return done.result;
  }
  const c = await claim(req.server, userId, key, route);
  if (!c.claimed) return c.answer as T;
  try {
    const result = await run({ userId, key });
    await db
      .updateTable('idempotency_keys')
      .set({ response: JSON.stringify(result) })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
    return result;
  } catch (err) {
    // A failed attempt leaves no trace, so the client may retry with the same key.
    await db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('committed_at', 'is', null)
      .execute();
    throw err;
  }
}
