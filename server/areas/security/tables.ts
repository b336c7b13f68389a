/**
 * Kysely interface of the security area's table (user_ga: migration 005_funds). It joins the app's
 * Database from here (declaration merging). The credential throttle's table is server/auth's,
 * so it is in server/db/security-tables.ts.
 */
import type { ColumnType } from 'kysely';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface SecurityAreaTables {
  user_ga: {
    user_id: number;
    pending_secret: Nullable<string>;
    secret: Nullable<string>;
    bound_at: Nullable<Date>;
    last_step: ColumnType<string, string | number | undefined, string | number>;
  };
}

declare module '../../db/schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the app's Database
  interface Database extends SecurityAreaTables {}
}
