/** The currency row an IEO token is credited in (created with the project when its symbol is new). */
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { Database } from '../../../../db/schema';
import { AppError } from '../../../../errors';

/** Token currencies get ids above 1000, clear of the catalogue's fixed ids. */
const FIRST_TOKEN_ID = 1001;

export async function ensureTokenCurrency(
  trx: Transaction<Database>,
  symbol: string,
  decimals: number,
  opts: { reuseIeoToken: boolean },
): Promise<number> {
  // one token creator at a time: two projects created at once would both pick max(id)+1 (or both
  // insert one new symbol) and one would die of a unique violation
  await sql`SELECT pg_advisory_xact_lock(hashtext('ieo:token-currency'))`.execute(trx);
  const existing = await trx
    .selectFrom('currencies')
    .select('id')
    .where(sql<string>`upper(name)`, '=', symbol.toUpperCase())
    .executeTakeFirst();
  if (existing) {
    // Re-using a coin some other project issued is fine (a second round); a catalogue coin is not.
    if (opts.reuseIeoToken && existing.id >= FIRST_TOKEN_ID) return existing.id;
    throw new AppError('ieo_symbol_taken');
  }
  const max = await trx
    .selectFrom('currencies')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirstOrThrow();
  const id = Math.max(FIRST_TOKEN_ID, Number(max.m ?? 0) + 1);
  await trx
    .insertInto('currencies')
    .values({ id, name: symbol, networks: [], market: 'crypto', price_decimals: 4, qty_decimals: decimals, sort: 0 })
    .execute();
  return id;
}
