/**
 * Kysely interfaces of the security area's tables (user_ga: migration 005_funds; auth_failures:
 * 010_auth_throttle). They join the app's Database from here (declaration merging).
 */
import type { ColumnType } from 'kysely';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface SecurityTables {
  user_ga: { user_id: number; pending_secret: Nullable<string>; secret: Nullable<string>; bound_at: Nullable<Date>; last_step: ColumnType<string, string | number | undefined, string | number> };
  auth_failures: {
    kind: string;
    subject: string;
    failures: ColumnType<number, number | undefined, number>;
    locked_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
    updated_at: ColumnType<Date, Date | undefined, Date>;
  };
}

declare module '../../db/schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the app's Database
  interface Database extends SecurityTables {}
}
