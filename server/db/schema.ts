/**
 * The Kysely database interface. Each part owns its tables' interfaces and they are joined here;
 * an area under server/areas/ adds its own from its folder (tables.ts), by declaration merging:
 * `declare module '../../db/schema' { interface Database extends ItsTables {} }`.
 * NUMERIC columns are decimal strings in TypeScript (never JS numbers).
 */
import type { Kysely, Transaction } from 'kysely';
import type { MarketTables } from './market-tables';
import type { CoreTables } from './tables';
import type { SecurityTables } from './security-tables';

export interface Database extends CoreTables, MarketTables, SecurityTables {}

/** The handle a service takes: the pool, or the transaction it runs inside. */
export type Db = Kysely<Database> | Transaction<Database>;
