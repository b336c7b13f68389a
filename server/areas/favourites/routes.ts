/**
 * Favourites (spec §7): GET /optional/list, POST /optional/add, POST /optional/del. Every route
 * needs a login and touches only the caller's rows.
 *
 * - add {currency_id[, legal_id]} or {symbol} → the favourite row; adding it again is a no-op
 *   that answers the same row.
 * - del {id} → removes that row of the caller's (another user's id is "not found", like a missing
 *   one); del {currency_id[, legal_id]} or {symbol} → removes the pair if it was a favourite and
 *   answers {removed} either way, so a repeated tap is harmless.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { AppError } from '../../errors';
import { parse } from '../../kernel/validate';
import {
  addFavourite,
  listFavourites,
  removeFavouriteById,
  removeFavouriteByPair,
  resolvePair,
  type PairQuery,
} from './domain/favourites';
import { int } from '../../kernel/fields';

const id = int(1);
const SYMBOL = /^[A-Z0-9]{1,16}\/[A-Z0-9]{1,16}$/;

const fields = {
  symbol: z.string().trim().toUpperCase().regex(SYMBOL).optional(),
  currency_id: id.optional(),
  legal_id: id.optional(),
};
type Named = { symbol?: string; currency_id?: number; legal_id?: number; id?: number };

/** Exactly one way of naming the target; legal_id only refines a currency_id. */
const oneWay = (b: Named) =>
  [b.symbol, b.currency_id, b.id].filter((v) => v !== undefined).length === 1 &&
  (b.legal_id === undefined || b.currency_id !== undefined);

const AddBody = z.object(fields).refine(oneWay, { message: 'param_error' });
const DelBody = z.object({ ...fields, id: id.optional() }).refine(oneWay, { message: 'param_error' });

function pairQuery(b: Named): PairQuery {
  return b.symbol !== undefined ? { symbol: b.symbol } : { currency_id: b.currency_id as number, legal_id: b.legal_id };
}

export async function optionalRoutes(api: FastifyInstance): Promise<void> {
  const auth = { preHandler: api.authenticate };

  api.get('/optional/list', auth, async (req) => ok(await listFavourites(api.db, req.userId)));

  api.post('/optional/add', auth, async (req) => {
    const b = parse(AddBody, req.body);
    const pair = await resolvePair(api.db, pairQuery(b));
    if (!pair) throw new AppError('not_found');
    return ok(await addFavourite(api.db, req.userId, pair));
  });

  api.post('/optional/del', auth, async (req) => {
    const b = parse(DelBody, req.body);
    if (b.id !== undefined) {
      const n = await removeFavouriteById(api.db, req.userId, b.id);
      if (n === 0) throw new AppError('not_found');
      return ok({ removed: true });
    }
    const pair = await resolvePair(api.db, pairQuery(b));
    if (!pair) throw new AppError('not_found');
    return ok({ removed: (await removeFavouriteByPair(api.db, req.userId, pair)) > 0 });
  });
}
