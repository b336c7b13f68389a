import type { Kysely } from 'kysely';

/** Tables for spot, lever and seconds orders. */
export async function up(_db: Kysely<unknown>): Promise<void> {
  // filled in by the area that owns it
}
