/**
 * Versioned migrations, run in name order at start. Add a file NNN_name.ts exporting up(db) and
 * list it here; never edit a migration that has shipped.
 */
import type { Migration } from 'kysely';
import * as m001 from './001_init';
import * as m002 from './002_market';

export const migrations: Record<string, Migration> = {
  '001_init': m001,
  '002_market': m002,
};
