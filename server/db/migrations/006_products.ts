import type { Kysely } from 'kysely';

/** Tables for dual invest, lock mining, IEO, copy trading. */
export async function up(_db: Kysely<unknown>): Promise<void> {
  // filled in by the area that owns it
}
