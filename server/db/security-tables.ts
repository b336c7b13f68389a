/** Kysely interface of the credential throttle's table (migration 043_auth_throttle_sources). */
import type { ColumnType } from 'kysely';

export interface SecurityTables {
  auth_throttle: {
    kind: string;
    subject: string;
    /** who guesses ('ip:…', 'dev:…', 's:…'), or '*' for the subject's budget across sources */
    source: string;
    failures: ColumnType<number, number | undefined, number>;
    next_at: ColumnType<Date, Date, Date>;
    /** a source: when first seen; the budget row: when its window began */
    first_seen: ColumnType<Date, Date, Date>;
    updated_at: ColumnType<Date, Date, Date>;
  };
}
