/** Kysely interface of the security area's table (migration 010_auth_throttle). */
import type { ColumnType } from 'kysely';

export interface SecurityTables {
  auth_failures: {
    kind: string;
    subject: string;
    failures: ColumnType<number, number | undefined, number>;
    locked_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
    updated_at: ColumnType<Date, Date | undefined, Date>;
  };
}
