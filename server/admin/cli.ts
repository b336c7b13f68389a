/**
 * Operator accounts are created from the command line only:
 *   npm run operator -- create <name> <password>
 * Uses the same database as the server: DATABASE_URL, or the embedded cluster in DATA_DIR — the
 * running server's (its port is recorded in DATA_DIR), or started for the command and stopped after.
 */
import type { Kysely } from 'kysely';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { migrateToLatest } from '../db/migrate';
import { isUniqueViolation } from '../db/tx';
import { createOperator } from '../auth/operators';

async function main(argv: string[]): Promise<number> {
  const [cmd, name, password] = argv;
  if (cmd !== 'create' || !name || !password) {
    console.error('usage: npm run operator -- create <name> <password>');
    return 2;
  }
  const config = loadConfig();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgTemplateDir: config.pgTemplateDir,
    poolMax: 2,
    role: 'tool',
  });
  try {
    await migrateToLatest(handle.db as Kysely<unknown>);
    const id = await createOperator(handle.db, name, password);
    console.log(`operator ${name} created (id ${id})`);
    return 0;
  } catch (err) {
    console.error(isUniqueViolation(err) ? `operator ${name} already exists` : (err as Error).message);
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
