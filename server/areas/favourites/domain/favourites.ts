/**
 * Favourite pairs (spec §3 "Optional: currency_id, id"). A favourite names one listed pair by its
 * base and quote currency ids; every query is scoped to the calling user, so one user can neither
 * see nor remove another's rows.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

export interface Favourite {
  /** row id, what /optional/del {id} takes */
  id: number;
  currency_id: number;
  legal_id: number;
  symbol: string;
  /** ms epoch */
  created_at: number;
}

export interface PairRef {
  symbol: string;
  currency_id: number;
  legal_id: number;
}

/** How a request names a pair: by symbol, or by base currency (plus quote when it has several). */
export type PairQuery = { symbol: string } | { currency_id: number; legal_id?: number };

/**
 * The listed (status 1) pair a request means, or undefined. A bare currency_id is accepted only
 * while that currency has exactly one listed pair; otherwise the caller must say which quote.
 */
export async function resolvePair(db: Kysely<Database>, q: PairQuery): Promise<PairRef | undefined> {
  let query = db.selectFrom('pairs').select(['symbol', 'currency_id', 'legal_id']).where('status', '=', 1);
  if ('symbol' in q) query = query.where('symbol', '=', q.symbol);
  else {
    query = query.where('currency_id', '=', q.currency_id);
    if (q.legal_id !== undefined) query = query.where('legal_id', '=', q.legal_id);
  }
  const rows = await query.limit(2).execute();
  return rows.length === 1 ? rows[0] : undefined;
}

/** The user's favourites in the order they were added, listed pairs only. */
export async function listFavourites(db: Kysely<Database>, userId: number): Promise<Favourite[]> {
  const rows = await db
    .selectFrom('optional_pairs as o')
    .innerJoin('pairs as p', (j) =>
      j.onRef('p.currency_id', '=', 'o.currency_id').onRef('p.legal_id', '=', 'o.legal_id'),
    )
    .select(['o.id', 'o.currency_id', 'o.legal_id', 'p.symbol', 'o.created_at'])
    .where('o.user_id', '=', userId)
    .where('p.status', '=', 1)
    .orderBy('o.id')
    .execute();
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).getTime() }));
}

/** Adds a favourite; adding one the user already has changes nothing and answers the same row. */
export async function addFavourite(db: Kysely<Database>, userId: number, pair: PairRef): Promise<Favourite> {
  await db
    .insertInto('optional_pairs')
    .values({ user_id: userId, currency_id: pair.currency_id, legal_id: pair.legal_id })
    .onConflict((oc) => oc.columns(['user_id', 'currency_id', 'legal_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('optional_pairs')
    .select(['id', 'currency_id', 'legal_id', 'created_at'])
    .where('user_id', '=', userId)
    .where('currency_id', '=', pair.currency_id)
    .where('legal_id', '=', pair.legal_id)
    .executeTakeFirstOrThrow();
  return { ...row, symbol: pair.symbol, created_at: new Date(row.created_at).getTime() };
}

/** Removes the user's row with this id; 0 when there is none (including another user's id). */
export async function removeFavouriteById(db: Kysely<Database>, userId: number, id: number): Promise<number> {
  const r = await db.deleteFrom('optional_pairs').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Removes the user's favourite of this pair; 0 when it was not a favourite (a repeat is harmless). */
export async function removeFavouriteByPair(db: Kysely<Database>, userId: number, pair: PairRef): Promise<number> {
  const r = await db
    .deleteFrom('optional_pairs')
    .where('user_id', '=', userId)
    .where('currency_id', '=', pair.currency_id)
    .where('legal_id', '=', pair.legal_id)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
