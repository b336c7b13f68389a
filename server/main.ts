/**
 * Entry point: `npx tsx server/main.ts` (npm run serve). Reads the environment (server/config.ts),
 * builds the app, listens, prints where to go, and shuts down cleanly on SIGINT/SIGTERM.
 */
import path from 'node:path';
import { loadConfig } from './config';
import { buildApp } from './app';
import { DEMO_INVITE_CODE } from './db/seed-content';
import { demoBannerLine } from './db/demo';

const config = loadConfig();
const { app, close } = await buildApp(config);

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  app.log.error(err);
  await close();
  process.exit(1);
}

const db = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'pglite')}`;
const outbox = config.smtpUrl
  ? 'emails go out by SMTP; SMS codes to the server log and the outbox table'
  : `codes go to the server log and the outbox table${config.devOutbox ? `; GET ${config.publicUrl}/api/dev/outbox?to=<email or mobile>` : ''}`;
console.log(
  [
    '',
    `  App         ${config.publicUrl}/h5/`,
    `  API         ${config.publicUrl}/api`,
    `  Database    ${db}`,
    `  Market      ${config.marketFeed} feed, ${config.tickRate} ticks/s, seed ${config.feedSeed}`,
    `  Invitation  demo code ${DEMO_INVITE_CODE}`,
    `  Dev outbox  ${outbox}`,
    demoBannerLine(),
    '',
  ].join('\n'),
);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  // A hard stop if something hangs: never leave a half-dead process holding the port.
  setTimeout(() => process.exit(1), 10_000).unref();
  try {
    await close();
    process.exit(0);
  } catch (err) {
    app.log.error(err);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
