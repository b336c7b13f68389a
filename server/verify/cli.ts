/**
 * npm run verify — recomputes every settled outcome in the database from the stored ticks and
 * rules with core/ and prints a table per product (checked, matching, differing with ids); exits 1
 * on any difference. Uses the server's database: DATABASE_URL, or the embedded cluster in DATA_DIR
 * (the running server's, or started for the command and stopped after, like `npm run operator`).
 */
import type { Kysely } from 'kysely';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { migrateToLatest } from '../db/migrate';
import { CHECKERS } from './index';
import { formatReport, runVerify } from './run';

async function main(): Promise<number> {
  const config = loadConfig();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgTemplateDir: config.pgTemplateDir,
    poolMax: 2,
    role: 'tool',
  });
  try {
    // an older database gets the proof columns (null on rows settled before them) so every checker can read
    await migrateToLatest(handle.db as Kysely<unknown>);
    const { ok, reports } = await runVerify(handle.db, CHECKERS);
    console.log(formatReport(reports));
    console.log(
      ok
        ? '\nevery settled outcome matches its stored ticks and rules'
        : '\nDIFFERENCES FOUND: the outcomes above do not match their stored ticks and rules',
    );
    return ok ? 0 : 1;
  } catch (err) {
    console.error((err as Error).message);
    return 2;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
