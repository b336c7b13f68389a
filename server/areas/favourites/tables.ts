/** Kysely interface of the favourites table (migration 003_optional). */
import type { ColumnType, Generated } from 'kysely';

export interface OptionalPairsTable {
  id: Generated<number>;
  user_id: number;
  /** the pair's base currency (spec §3 "Optional: currency_id, id") */
  currency_id: number;
  /** the pair's quote (legal) currency; with currency_id it names one row of `pairs` */
  legal_id: number;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface OptionalTables {
  optional_pairs: OptionalPairsTable;
}

declare module '../../db/schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the app's Database
  interface Database extends OptionalTables {}
}
