/**
 * The migrated template database the test files copy. Its name carries a hash of the migrations,
 * so a run after a migration changed builds a new one, and an unchanged run reuses it as is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { connectDb } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { installJobQueue } from '../plugins/job-queue';

const DB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db');

function migrationsHash(): string {
  const h = createHash('sha256');
  const hashDir = (dir: string) => {
    for (const f of fs.readdirSync(dir).sort()) h.update(f).update(fs.readFileSync(path.join(dir, f)));
  };
  hashDir(path.join(DB_DIR, 'migrations'));
  // each area's own migrations (server/areas/<area>/migrations, found by db/migrate.ts)
  const areas = path.join(DB_DIR, '../areas');
  for (const a of fs.readdirSync(areas).sort())
    if (fs.existsSync(path.join(areas, a, 'migrations'))) hashDir(path.join(areas, a, 'migrations'));
  h.update(fs.readFileSync(path.join(DB_DIR, 'migrate.ts')));
  h.update(JSON.stringify(createRequire(import.meta.url)('graphile-worker/package.json').version));
  return h.digest('hex').slice(0, 12);
}

/** A new, empty database on the PostgreSQL server at `adminUrl` (the server has no schema option); `drop` removes it. */
export async function freshDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const run = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  return { url: withDatabase(adminUrl, name), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Returns the template's name; `fresh`: also drop what earlier runs left (old templates, test databases). */
export async function ensureTemplate(adminUrl: string, opts: { fresh: boolean }): Promise<string> {
  const name = `tmpl_${migrationsHash()}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  try {
    const existing = (
      await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 't\\_%' OR datname LIKE 'tmpl\\_%'",
      )
    ).rows.map((r) => r.datname);
    if (opts.fresh)
      for (const d of existing.filter((d) => d !== name))
        await admin.query(`DROP DATABASE IF EXISTS "${d}" WITH (FORCE)`);
    if (existing.includes(name)) return name;
    const building = `build_${process.pid}_${Date.now()}`;
    await admin.query(`CREATE DATABASE "${building}"`);
    const h = await connectDb({ databaseUrl: withDatabase(adminUrl, building), poolMax: 2 });
    try {
      await migrateToLatest(h.db as Kysely<unknown>);
      await installJobQueue(h); // graphile-worker's schema too: each test file's copy starts with it
    } finally {
      await h.close();
    }
    try {
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    } catch (err) {
      // a concurrent run built the same template first
      await admin.query(`DROP DATABASE IF EXISTS "${building}"`);
      if ((err as { code?: string }).code !== '42P04') throw err;
    }
    return name;
  } finally {
    await admin.end();
  }
}
