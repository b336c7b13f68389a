import type { Kysely } from 'kysely';

/** Tables for identity, wallets, cards, recharge, withdraw, transfers, back office. */
export async function up(_db: Kysely<unknown>): Promise<void> {
  // filled in by the area that owns it
}
