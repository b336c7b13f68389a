import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { migrations } from './migrations';

/**
 * Where areas keep their own migrations: server/areas/<area>/migrations/NNN_name.ts. They are
 * found on disk (not imported by name) so the database layer never imports an area and a new
 * area's migration is one file in its own folder. Names share one sequence with
 * server/db/migrations (the next free NNN); Kysely runs them all in name order.
 */
const AREAS_DIR = fileURLToPath(new URL('../areas/', import.meta.url));
const MIGRATION_FILE = /^(\d{3}_[a-z0-9_]+)\.ts$/;

export async function areaMigrations(dir = AREAS_DIR): Promise<Record<string, Migration>> {
  const found: Record<string, Migration> = {};
  for (const area of (await fs.readdir(dir, { withFileTypes: true })).filter((d) => d.isDirectory())) {
    const folder = path.join(dir, area.name, 'migrations');
    const files = await fs.readdir(folder).catch(() => [] as string[]);
    for (const file of files.sort()) {
      const name = MIGRATION_FILE.exec(file)?.[1];
      if (!name) continue;
      if (name in found) throw new Error(`migration ${name} is in two areas`);
      found[name] = (await import(pathToFileURL(path.join(folder, file)).href)) as Migration;
    }
  }
  return found;
}

/** Every migration of the app: the database's own and each area's, by name. */
export async function allMigrations(): Promise<Record<string, Migration>> {
  const fromAreas = await areaMigrations();
  for (const name of Object.keys(fromAreas))
    if (name in migrations) throw new Error(`migration ${name} is both in server/db/migrations and in an area`);
  return { ...migrations, ...fromAreas };
}

/**
 * One migration at a time per database, whatever the schema: Kysely's own lock is taken only after
 * it has looked the tables up (PostgreSQL's catalog, every schema), and that look-up fails when
 * another schema's migration alters or drops a table in the middle of it (a graphile-worker
 * migration dropping job_queues.job_count: "column … does not exist"). Test files on the
 * PostgreSQL server each migrate a schema of their own side by side; deploys start several nodes.
 */
const MIGRATION_LOCK = sql`hashtext('h5:migrate')`;

/** Runs `fn` on one connection holding the database's migration lock (also taken by test schema drops). */
export async function withMigrationLock<T>(db: Kysely<unknown>, fn: (conn: Kysely<unknown>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      return await fn(conn);
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}

/**
 * Brings the schema up to date; throws with the failing migration's error.
 * `schema` names the PostgreSQL schema that holds Kysely's migration tables. Pass it whenever the
 * connection's search_path is not `public` (tests): otherwise Kysely's existence check sees
 * another schema's kysely_migration table and skips creating its own.
 */
export async function migrateToLatest(db: Kysely<unknown>, opts: { schema?: string } = {}): Promise<string[]> {
  const all = await allMigrations();
  const { error, results } = await withMigrationLock(db, (conn) =>
    new Migrator({
      db: conn,
      provider: { getMigrations: async () => all },
      ...(opts.schema ? { migrationTableSchema: opts.schema } : {}),
    }).migrateToLatest(),
  );
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
