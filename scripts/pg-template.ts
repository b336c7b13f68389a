/**
 * Makes the embedded-PostgreSQL template the e2e servers copy (PG_TEMPLATE_DIR,
 * server/db/embedded/template.ts): a cluster made by initdb, migrated with this checkout's
 * migrations and cleanly stopped. Schema only: every seed (demo users, products, backfilled
 * history…) still runs at each server's own start, relative to its own clock. Made again on every
 * run, so it is never stale; written beside the target and renamed into place when complete.
 *
 *   npx tsx scripts/pg-template.ts <dir>
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { openCluster } from '../server/db/embedded/cluster';
import { connectDb } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';

async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target) throw new Error('usage: npx tsx scripts/pg-template.ts <dir>');
  const dir = path.resolve(target);
  const scratch = `${dir}.making`;
  fs.rmSync(scratch, { recursive: true, force: true });
  const t0 = performance.now();
  const cluster = await openCluster({ dataDir: scratch });
  try {
    const db = await connectDb({ databaseUrl: cluster.url(), poolMax: 2 });
    try {
      await migrateToLatest(db.db as Kysely<unknown>);
    } finally {
      await db.close();
    }
  } finally {
    await cluster.stop();
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(scratch, dir);
  console.log(`[pg-template] ${dir}: migrated cluster ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
