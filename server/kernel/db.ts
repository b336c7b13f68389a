/** The database handle an area's service takes: the pool, or the transaction it runs inside. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

export type Db = Kysely<Database> | Transaction<Database>;

/** a timestamp as the API answers it (ISO 8601), null when absent */
export function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}
