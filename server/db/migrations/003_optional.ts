import type { Kysely } from 'kysely';

/** Tables for favourite pairs (market/optional). */
export async function up(_db: Kysely<unknown>): Promise<void> {
  // filled in by the area that owns it
}
