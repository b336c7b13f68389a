import { Migrator, type Kysely } from 'kysely';
import { migrations } from './migrations';

/**
 * Brings the schema up to date; throws with the failing migration's error.
 * `schema` names the PostgreSQL schema that holds Kysely's migration tables. Pass it whenever the
 * connection's search_path is not `public` (tests): otherwise Kysely's existence check sees
 * another schema's kysely_migration table and skips creating its own.
 */
export async function migrateToLatest(db: Kysely<unknown>, opts: { schema?: string } = {}): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(opts.schema ? { migrationTableSchema: opts.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
