/**
 * The composition root. First the infrastructure: database (connect, migrate), the start-up
 * sequence (one seed runner, then the jobs), i18n + error envelope, auth, body parsers, rate
 * limits, static files, socket.io and the market. Then every area as one plugin (server/areas/):
 * each adds its routes, back-office routes, seed steps and jobs. Last, the seeds run in order and
 * the areas' jobs start. Tests call buildApp with an injected database and a no-network config.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { Server as SocketIOServer } from 'socket.io';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config';
import type { Database } from './db/schema';
import type { DbHandle } from './db/connect';
import { openDatabase } from './db/open';
import { migrateToLatest } from './db/migrate';
import { registerStartup, type Startup } from './plugins/startup';
import { registerJobQueue, startJobWorker } from './plugins/job-queue';
import { registerErrorHandling } from './http/errors';
import { closeConnectionsOnStop } from './http/stopping';
import { registerInputGuard } from './http/input-guard';
import { ignoreMultipart } from './http/upload-body';
import { registerRouteList } from './http/route-list';
import { makeResolveUser, registerAuth } from './http/auth';
import { createSessionSockets, type SessionSockets } from './http/session-sockets';
import { liveSessionIds } from './auth/sessions';
import { hardenRawAnswers, registerSecurityHeaders } from './http/security-headers';
import { registerCompression, registerWebApp } from './http/static';
import { homeContent } from './areas/content/domain';
import { normalizeLang } from '../core';
import { registerCoinIcons } from './http/coin-icons';
import { createTransport, type Transport } from './notify';
import { createMarket, marketRoutes, type MarketService } from './market';
import { AREAS } from './areas';
import { leaseLeadership, soleLeadership, type Leadership } from './scale/leadership';
import { feedChannel, publishFeed, RelayFeed } from './scale/relay';
import { publishResting, restingChannel, RestingMirror } from './scale/resting-mirror';
import { attachStreamsAdapter, recoveryOptions } from './scale/socket-adapter';
import { closeRedis } from './scale/redis-close';
import { isForwarded, registerEngineForwarding } from './scale/forward';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    config: AppConfig;
    market: MarketService;
    notify: Transport;
    /** the socket.io server (areas add namespaces of their own, e.g. the operators' live room) */
    io: SocketIOServer;
    /** takes ended sessions' sockets out of their private rooms */
    sessionSockets: SessionSockets;
    /** who runs the single-writer duties (server/scale/leadership.ts): one process → always this one */
    leadership: Leadership;
  }
}

export interface AppDeps {
  /** an already migrated database (tests); when absent buildApp connects, migrates and owns it */
  db?: DbHandle;
  /** replaces the message transport (tests) */
  notify?: Transport;
  /** false: this process enqueues durable jobs but runs none (another process's role does); default true */
  jobWorker?: boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  io: SocketIOServer;
  /** which database it runs on, for the start-up banner */
  database: string;
  close(): Promise<void>;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_ROOT = path.join(ROOT, 'dist', 'h5');

export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<BuiltApp> {
  const cleanups: Cleanups = [];
  try {
    return await composeApp(config, deps, cleanups);
  } catch (err) {
    // a failed start (a migration, a taken port…) must not leave the embedded cluster running
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    throw err;
  }
}

/** The app in the order it is built: database, core services, HTTP, sockets, market, areas; then how it closes. */
async function composeApp(config: AppConfig, deps: AppDeps, cleanups: Cleanups): Promise<BuiltApp> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    pluginTimeout: config.pluginTimeoutMs,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  });
  const { handle, database } = await openAppDatabase(config, deps, cleanups);
  const { leadership, startup } = await decorateServices(app, config, deps, handle);
  await registerHttp(app, config);
  const stopping = closeConnectionsOnStop(app);
  const redis = connectRedis(config, cleanups);
  await registerRateLimit(app, config, redis);
  await registerPages(app, config);
  const io = openSockets(app, config, handle, redis, cleanups);
  const market = await startMarket(app, config, { handle, io, redis, leadership, cleanups });
  await startAreas(app, config, deps, { startup, leadership });
  return closable({ app, io, database }, { leadership, market, cleanups, stopping });
}

type Cleanups = (() => Promise<void>)[];

/** Database: connect (or take the injected one) and migrate. Seeding runs once the areas are in. */
async function openAppDatabase(
  config: AppConfig,
  deps: AppDeps,
  cleanups: Cleanups,
): Promise<{ handle: DbHandle; database: string }> {
  if (deps.db) return { handle: deps.db, database: 'injected (tests)' };
  const owned = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgTemplateDir: config.pgTemplateDir,
    poolMax: config.dbPoolMax,
    role: 'server',
  });
  cleanups.push(() => owned.close());
  await migrateToLatest(owned.db as Kysely<unknown>);
  return { handle: owned, database: owned.describe };
}

/** What every area reads off the app: the database and its job queue, the leadership, the start-up sequence, the config, the transport. */
async function decorateServices(
  app: FastifyInstance,
  config: AppConfig,
  deps: AppDeps,
  handle: DbHandle,
): Promise<{ leadership: Leadership; startup: Startup }> {
  app.decorate('db', handle.db);
  await registerJobQueue(app, handle);
  // cluster mode (ROLES set): the engine lease decides who runs the single-writer duties
  const { roles } = config;
  const leadership = roles.cluster
    ? leaseLeadership({ db: handle.db, candidate: roles.engine, address: config.engineUrl, log: app.log })
    : soleLeadership();
  app.decorate('leadership', leadership);
  const startup = registerStartup(app);
  app.decorate('config', config);
  app.decorate(
    'notify',
    deps.notify ??
      createTransport({
        smtpUrl: config.smtpUrl,
        from: `no-reply@${new URL(config.publicUrl).hostname}`,
        db: handle.db,
        log: app.log,
      }),
  );
  return { leadership, startup };
}

/** Errors, input guard, headers, auth, compression and the body parsers. */
async function registerHttp(app: FastifyInstance, config: AppConfig): Promise<void> {
  registerErrorHandling(app);
  registerRouteList(app);
  registerInputGuard(app);
  registerSecurityHeaders(app);
  registerAuth(app);
  await registerCompression(app);

  await app.register(formbody, { bodyLimit: config.bodyLimit });
  // the multipart parser is the upload routes' only (http/upload-body.ts uploadContext)
  ignoreMultipart(app);
}

function connectRedis(config: AppConfig, cleanups: Cleanups): Redis | undefined {
  if (!config.redisUrl) return undefined;
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 3 });
  cleanups.push(() => closeRedis(redis));
  return redis;
}

async function registerRateLimit(app: FastifyInstance, config: AppConfig, redis: Redis | undefined): Promise<void> {
  const { roles } = config;
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimits.globalPerIpPerMinute,
    timeWindow: '1 minute',
    // With several processes the counters must be shared, or each process allows the full limit.
    ...(redis ? { redis, nameSpace: 'h5-rl:' } : {}),
    // Every API, the back office's included (its login is an auth path like any other).
    // A trading write forwarded to the engine leader was counted by the node the client called.
    allowList: (req) =>
      (!req.url.startsWith('/api/') && !req.url.startsWith('/admin/api/')) ||
      (roles.cluster && isForwarded(req, config.clusterSecret)),
  });
}

/** The built web app under /h5/ (hash routing inside): precompressed, cached, with a quotes snapshot. */
async function registerPages(app: FastifyInstance, config: AppConfig): Promise<void> {
  await registerWebApp(
    app,
    config.webRoot ?? WEB_ROOT,
    () => (app.hasDecorator('market') ? app.market : undefined),
    (lang) => homeContent(app.db, normalizeLang(lang)),
  );
  registerCoinIcons(app);
  app.get('/', async (_req, reply) => reply.redirect('/h5/'));
}

/** socket.io on the same HTTP server (the market worker connects to the page's origin), and the sessions' sockets. */
function openSockets(
  app: FastifyInstance,
  config: AppConfig,
  handle: DbHandle,
  redis: Redis | undefined,
  cleanups: Cleanups,
): SocketIOServer {
  const io = new SocketIOServer(app.server, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    serveClient: false,
    // The spec's own clients bundle a socket.io 2.x client (Engine.IO 3; WIRE.md "Socket").
    allowEIO3: true,
    // with Redis: a blip of the phone's connection keeps its rooms and missed user events
    ...(redis ? recoveryOptions : {}),
  });
  hardenRawAnswers(app.server, '/socket.io/', config.trustProxy);
  if (redis) {
    // cluster mode: its own keys, so two clusters on one Redis stay apart (one process: the default)
    const db = handle.db;
    const detach = attachStreamsAdapter(io, redis, {
      prefix: config.roles.cluster ? config.clusterName : undefined,
      liveSessions: (ids) => liveSessionIds(db, ids, config.sessions.user),
    });
    cleanups.push(detach);
  }

  app.decorate('io', io);
  const sessionSockets = createSessionSockets({
    io,
    db: handle.db,
    life: config.sessions.user,
    log: app.log,
    cache: app.sessionCache,
    clustered: redis !== undefined,
  });
  app.decorate('sessionSockets', sessionSockets);
  cleanups.push(async () => sessionSockets.close());
  return io;
}

interface MarketDeps {
  handle: DbHandle;
  io: SocketIOServer;
  redis: Redis | undefined;
  leadership: Leadership;
  cleanups: Cleanups;
}

/** The market (its own feed, or in a cluster the feed process's replayed), its cluster links, and its routes. */
async function startMarket(app: FastifyInstance, config: AppConfig, d: MarketDeps): Promise<MarketService> {
  const { roles } = config;
  const { handle, io, redis, cleanups } = d;
  const resolveUser = makeResolveUser(handle.db, config.sessions.user);
  // cluster mode: one `feed` process runs the source and publishes it; the others replay it
  const relayed =
    roles.cluster && !roles.feed && redis
      ? new RelayFeed(redis, feedChannel(config.clusterName), (err) =>
          app.log.error({ err }, 'feed relay: a batch failed'),
        )
      : undefined;
  const market = await createMarket({
    db: handle.db,
    io,
    // a cluster's feed process marks how far its tick log is complete (the jobs role waits for it)
    config: {
      feed: config.marketFeed,
      binance: config.binance,
      tickRate: config.tickRate,
      seed: config.feedSeed,
      backfill: config.marketBackfill,
      tickLogMark: roles.cluster && roles.feed,
      extraSymbols: config.extraSymbols,
      benchBackfill: config.benchBackfill,
    },
    log: app.log,
    resolveUser,
    ...(relayed ? { feed: relayed, readOnly: true } : {}),
  });
  app.decorate('market', market);
  if (roles.cluster && roles.feed && redis) {
    const unpublish = publishFeed(market, redis, feedChannel(config.clusterName), app.log);
    cleanups.push(async () => unpublish());
  }
  if (roles.cluster && redis) await linkRestingOrders(app, config, market, { ...d, redis });
  // cluster mode: trading writes run on the engine leader (server/scale/forward.ts)
  if (roles.cluster) registerEngineForwarding(app, d.leadership, config.clusterSecret);
  marketRoutes(app, market);
  return market;
}

/** cluster mode: users' resting orders, held by the engine leader, in every api node's book */
async function linkRestingOrders(
  app: FastifyInstance,
  config: AppConfig,
  market: MarketService,
  { redis, leadership, cleanups }: MarketDeps & { redis: Redis },
): Promise<void> {
  const { roles } = config;
  const channel = restingChannel(config.clusterName);
  if (roles.engine) {
    const unpublish = publishResting(market.books, redis, channel, leadership, app.log);
    cleanups.push(async () => unpublish());
  }
  if (roles.api) {
    const mirror = new RestingMirror(
      redis,
      channel,
      market.books,
      () => leadership.isLeader(),
      (err) => app.log.error({ err }, 'resting mirror: a message failed'),
    );
    await mirror.start();
    cleanups.push(async () => mirror.stop());
  }
}

/** The areas, their seeds and starts, the engine election and the job worker; then the app is ready. */
async function startAreas(
  app: FastifyInstance,
  config: AppConfig,
  deps: AppDeps,
  { startup, leadership }: { startup: Startup; leadership: Leadership },
): Promise<void> {
  // The areas, each one plugin (server/areas/index.ts lists them in order).
  for (const area of AREAS) await app.register(area);
  // Seeds in the order the areas added them (demo data only when configured), then their jobs.
  await startup.run({ demo: config.demoUser });
  // cluster: joins the engine election (the duties above start on winning); one process: nothing
  await leadership.start();
  // the durable jobs' handlers are registered by now (areas and their starts); in a cluster only the jobs role runs them
  if (deps.jobWorker !== false && config.roles.jobs) await startJobWorker(app);

  await app.ready();
}

/**
 * The built app and its shutdown: duties first, then the feed, the sockets, the app (its requests in
 * flight answered), and the rest in reverse — the database's last, after its group commits drained.
 */
function closable(
  built: Omit<BuiltApp, 'close'>,
  d: { leadership: Leadership; market: MarketService; cleanups: Cleanups; stopping: () => void },
): BuiltApp {
  const { leadership, market, cleanups, stopping } = d;
  const { io, app } = built;
  let closed = false;
  return {
    ...built,
    async close() {
      if (closed) return;
      closed = true;
      // answers from now on close their connection: app.close() then waits for requests, not idle sockets
      stopping();
      // duties stop first (a clean shutdown hands the lease over at once), then the feed
      await leadership.close();
      await market.close();
      // io.close() would also close the http server, which app.close() owns: drop the clients only.
      io.disconnectSockets(true);
      io.engine.close();
      await app.close();
      for (const c of cleanups.reverse()) await c();
    },
  };
}
