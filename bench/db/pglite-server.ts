/**
 * The old engine, for the database bench only: the server as it was before issue 24, on PGlite
 * (PostgreSQL in WebAssembly, on the server's own event loop) in DATA_DIR/pglite.
 * `npx tsx bench/db/pglite-server.ts` with the server's environment.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Kysely } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { loadConfig } from '../../server/config';
import { buildApp } from '../../server/app';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import type { DbHandle } from '../../server/db/connect';

const config = loadConfig();
fs.mkdirSync(config.dataDir, { recursive: true });
const pglite = new PGlite(path.join(config.dataDir, 'pglite'));
await pglite.waitReady;
const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
await migrateToLatest(db as unknown as Kysely<unknown>);
const handle: DbHandle = { db, kind: 'embedded', close: () => db.destroy() };
const { app, close } = await buildApp(config, { db: handle });
await app.listen({ port: config.port, host: config.host });
const stop = () => void close().then(() => handle.close()).finally(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
