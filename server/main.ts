/**
 * Entry point: `npx tsx server/main.ts` (npm run serve). Reads the environment (server/config.ts),
 * builds the app, listens, prints where to go, and shuts down cleanly on SIGINT/SIGTERM.
 */
import { loadConfig } from './config';
import { buildApp } from './app';
import { DEMO_INVITE_CODE } from './db/seed-content';
import { demoBannerLine } from './areas/accounts/domain';
import { writeOutboxSecret } from './kernel/outbox-secret';
import { outboxBannerLines } from './notify/outbox-banner';
import { describeRoles } from './scale/roles';

const config = loadConfig();
let built: Awaited<ReturnType<typeof buildApp>>;
try {
  built = await buildApp(config);
} catch (err) {
  // e.g. DATA_DIR locked by another server, or made by another PostgreSQL version: say so, don't hang
  console.error(`server did not start: ${(err as Error).message}`);
  process.exit(1);
}
const { app, close, database } = built;

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  app.log.error(err);
  await close();
  process.exit(1);
}

// Codes are never written to the log (only who was sent what): say where they really are.
const outboxFile = config.devOutbox ? writeOutboxSecret(config.dataDir, config.devOutboxSecret) : undefined;
const outbox = outboxBannerLines(config, outboxFile);
console.log(
  [
    '',
    `  App         ${config.publicUrl}/h5/`,
    `  API         ${config.publicUrl}/api`,
    `  Database    ${database}`,
    ...(config.roles.cluster
      ? [`  Roles       ${describeRoles(config.roles)}; engine address ${config.engineUrl}`]
      : []),
    config.roles.cluster && !config.roles.feed
      ? `  Market      relayed from the feed process through Redis (${config.clusterName}:feed)`
      : config.marketFeed === 'binance'
        ? `  Market      binance feed (${config.binance.wsUrl ?? 'wss://stream.binance.com:9443'}) for ${config.binance.only?.join(', ') ?? 'the crypto pairs'}; the rest simulated, ${config.tickRate} ticks/s`
        : `  Market      ${config.marketFeed} feed, ${config.tickRate} ticks/s, seed ${config.feedSeed}`,
    `  Invitation  demo code ${DEMO_INVITE_CODE}`,
    ...outbox,
    demoBannerLine(config.demoUser),
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
