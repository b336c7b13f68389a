/**
 * Server configuration, read once from the environment at start-up. Every setting has a default
 * so `npm start` works with no environment at all.
 *
 * README table (copy as is):
 *
 * | variable         | default              | meaning                                                                 |
 * |------------------|----------------------|-------------------------------------------------------------------------|
 * | PORT             | 8080                 | HTTP port (the app, /api and socket.io share it)                        |
 * | HOST             | 0.0.0.0              | interface to listen on                                                  |
 * | DATA_DIR         | ./data               | embedded database, uploads (DATA_DIR/uploads, never served statically)  |
 * | DATABASE_URL     | unset                | PostgreSQL URL; unset → embedded PostgreSQL in DATA_DIR/pg (own free port, recorded in DATA_DIR/embedded-pg.json) |
 * | DB_POOL_MAX      | 10                   | database connections the server keeps open (its pool size)             |
 * | REDIS_URL        | unset                | Redis for the socket.io adapter and shared rate limits; unset → one process |
 * | MARKET_FEED      | simulator            | `simulator` (seeded random walk), `scripted` (tests: no timer) or `binance` (Binance public streams for the crypto pairs, the simulator for stocks) |
 * | BINANCE_WS_URL   | wss://stream.binance.com:9443 | MARKET_FEED=binance: the combined-stream endpoint (`/stream?streams=…` is appended) |
 * | BINANCE_REST_URL | https://api.binance.com | MARKET_FEED=binance: REST base for depth snapshots and 1m kline backfill |
 * | BINANCE_SYMBOLS  | every crypto pair    | MARKET_FEED=binance: a comma list of our pairs to take from Binance (e.g. `BTC/USDT,ETH/USDT`); the others are simulated |
 * | TICK_RATE        | 200                  | simulator ticks per second across all symbols                           |
 * | FEED_SEED        | 42                   | simulator seed (same seed → same prices)                                |
 * | MARKET_BACKFILL  | on                   | `off`: no synthetic candle history on a first start (tests; it takes seconds) |
 * | DEMO_COPY_HISTORY | on                  | `off`: the demo copy traders get no past trades and no demo followers on a first start (e2e servers that never open copy trading; it takes seconds) |
 * | WALLET_GATE      | off                  | `on`: the app sends browsers with no injected wallet provider to the access-denied page (served via /api/getSiteConfig) |
 * | INVITE_REQUIRED  | off                  | `on`: registration needs an invitation code (the `invite_required` site setting overrides it) |
 * | LOG_LEVEL        | info                 | pino level: fatal, error, warn, info, debug, trace, silent              |
 * | SMTP_URL         | unset                | e.g. smtp://user:pass@host:587; unset → dev transport (server log + outbox table) |
 * | DEV_OUTBOX       | on (off in production) | `on`: GET /api/dev/outbox?to=… lists the codes sent to one exact address, only to loopback callers sending the secret below (never when NODE_ENV=production) |
 * | DEV_OUTBOX_SECRET | random at each start | the outbox secret (header `x-dev-outbox-secret` or `?secret=`); printed in the banner and written to DATA_DIR/dev-outbox-secret |
 * | PUBLIC_URL       | http://localhost:PORT | the public origin, used in mails and the start-up banner               |
 * | TRUST_PROXY      | off                  | `on` behind a reverse proxy: client IPs (rate limits) come from X-Forwarded-For |
 * | SESSION_IDLE_DAYS | 30                  | a customer session unused this long ends (sliding: any request renews it) |
 * | SESSION_MAX_DAYS | 90                   | a customer session ends this long after login, however active          |
 * | SESSIONS_PER_USER | 10                  | signed-in devices one customer may have; a new login ends the oldest beyond it |
 * | OPERATOR_SESSION_IDLE_HOURS | 12        | the same for back-office operators (privileged: shorter)                 |
 * | OPERATOR_SESSION_MAX_HOURS | 168        | an operator session ends this long after login (7 days)                 |
 * | UPLOADS_PER_DAY  | 30                   | files one user may upload in any 24 hours                               |
 * | UPLOAD_MB_PER_DAY | 50                  | megabytes one user may upload in any 24 hours                           |
 * | NFT_SOFT_CLOSE_SECONDS | 300            | an NFT auction's soft close: a bid this close to the end moves it to bid time + this (capped); the item page states it. Tests shorten it (nft-pages e2e: 15) |
 * | ROLES            | unset (every role, one process) | comma list of api, engine, feed, jobs; set → cluster mode (needs DATABASE_URL and REDIS_URL; README "Several processes") |
 * | ENGINE_URL       | http://127.0.0.1:PORT | cluster: where other nodes reach this engine when it leads (trading writes are forwarded there) |
 * | DEVICE_COOKIE_SECRET | random at each start | HMAC key of the known-device cookie (auth/device-cookie.ts); set it (≥ 32 chars, the same on every node) or devices are forgotten at restart and unknown to other nodes |
 * | CLUSTER_SECRET   | derived from DATABASE_URL | cluster: marks a forwarded request between nodes (never sent to browsers) |
 * | CLUSTER_NAME     | h5                   | cluster: prefix of its Redis channels (feed, socket.io), so two clusters can share one Redis |
 */
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { outboxSecret } from './kernel/outbox-secret';
import { binanceSymbols } from './market/feed/binance/symbols';
import { parseRoles, type Roles } from './scale/roles';
import { NFT_RULES } from '../core/types/nft';

export type MarketFeedKind = 'simulator' | 'scripted' | 'binance';

/** MARKET_FEED=binance settings (server/market/feed/create.ts) */
export interface BinanceConfig {
  wsUrl?: string;
  restUrl?: string;
  only?: string[];
}

export interface RateLimits {
  /** codes sent per IP per hour (sms_mail) */
  codesPerIpPerHour: number;
  /** seconds between two codes to one account */
  codeIntervalSec: number;
  /** login attempts per IP per minute */
  loginPerIpPerMinute: number;
  /** general ceiling per IP per minute for all /api routes */
  globalPerIpPerMinute: number;
}

/** How long a session lives: idle (since last use, sliding) and absolute (since login). */
export interface SessionLifetime {
  idleMs: number;
  maxMs: number;
}

export interface SessionLifetimes {
  user: SessionLifetime;
  operator: SessionLifetime;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** DEMO_DUAL_SECONDS: the demo dual-invest products' term (an order matures this long after purchase) */
  demoDualSeconds: number;
  /** PG_TEMPLATE_DIR (e2e tests): a new embedded cluster is copied from this migrated template, not made by initdb */
  pgTemplateDir: string | undefined;
  /** the built web app served under /h5/ (WEB_ROOT); unset → this checkout's dist/h5 */
  webRoot: string | undefined;
  databaseUrl: string | undefined;
  /** connections in the database pool (DB_POOL_MAX) */
  dbPoolMax: number;
  redisUrl: string | undefined;
  marketFeed: MarketFeedKind;
  binance: BinanceConfig;
  tickRate: number;
  feedSeed: number;
  /** synthesise candle history on first start (tests switch it off: it takes seconds) */
  marketBackfill: boolean;
  /** the demo copy traders' past trades and followers on a first start (DEMO_COPY_HISTORY; e2e servers that never show them skip it) */
  demoCopyHistory: boolean;
  walletGate: boolean;
  inviteRequired: boolean;
  logLevel: string;
  smtpUrl: string | undefined;
  devOutbox: boolean;
  /** what a loopback caller must present to read the dev outbox */
  devOutboxSecret: string;
  publicUrl: string;
  /** honour X-Forwarded-For; off by default, or any client could pick its own IP for rate limits */
  trustProxy: boolean;
  /** HMAC key of the known-device cookie (DEVICE_COOKIE_SECRET, else random at each start) */
  deviceSecret: string;
  production: boolean;
  /** upload ceiling in bytes (5 MB) */
  uploadMaxBytes: number;
  /** NFT media (a sound or video work) ceiling in bytes (20 MB): larger than a picture's */
  nftMediaMaxBytes: number;
  /** an NFT auction's soft-close window (NFT_SOFT_CLOSE_SECONDS, 5 minutes; an e2e server shortens it so an auction can end within its run) */
  nftSoftCloseMs: number;
  /** per-user upload quota over any 24 hours */
  uploadQuota: { filesPerDay: number; bytesPerDay: number };
  /** form/JSON body ceiling in bytes */
  bodyLimit: number;
  /** how long one area's start may take before the server gives up (Fastify's pluginTimeout; PLUGIN_TIMEOUT_MS) */
  pluginTimeoutMs: number;
  rateLimits: RateLimits;
  sessions: SessionLifetimes;
  /** SESSIONS_PER_USER: live sessions one customer may hold; a login past it ends the oldest */
  sessionsPerUser: number;
  /** ROLES: which duties this process takes (server/scale/roles.ts) */
  roles: Roles;
  /** cluster: this node's address for forwarded trading writes while it leads the engine */
  engineUrl: string;
  /** cluster: the header value that marks a node-to-node forwarded request */
  clusterSecret: string;
  /** cluster: prefix of its Redis channels */
  clusterName: string;
}

type Env = Record<string, string | undefined>;

function flag(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return ['on', '1', 'true', 'yes'].includes(v.toLowerCase());
}

function positive(v: string | undefined, dflt: number, name: string): number {
  const n = int(v, dflt, name);
  if (n === 0) throw new Error(`${name} must be at least 1, got "${v}"`);
  return n;
}

function int(v: string | undefined, dflt: number, name: string): number {
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${v}"`);
  return n;
}

function poolMax(v: string | undefined): number {
  const n = int(v, 10, 'DB_POOL_MAX');
  if (n < 1) throw new Error('DB_POOL_MAX must be at least 1');
  return n;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  codesPerIpPerHour: 10,
  codeIntervalSec: 60,
  loginPerIpPerMinute: 20,
  globalPerIpPerMinute: 600,
};

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export const DEFAULT_SESSION_LIFETIMES: SessionLifetimes = {
  user: { idleMs: 30 * DAY_MS, maxMs: 90 * DAY_MS },
  operator: { idleMs: 12 * HOUR_MS, maxMs: 7 * DAY_MS },
};

function lifetimes(env: Env): SessionLifetimes {
  const d = DEFAULT_SESSION_LIFETIMES;
  return {
    user: {
      idleMs: int(env.SESSION_IDLE_DAYS, d.user.idleMs / DAY_MS, 'SESSION_IDLE_DAYS') * DAY_MS,
      maxMs: int(env.SESSION_MAX_DAYS, d.user.maxMs / DAY_MS, 'SESSION_MAX_DAYS') * DAY_MS,
    },
    operator: {
      idleMs: int(env.OPERATOR_SESSION_IDLE_HOURS, d.operator.idleMs / HOUR_MS, 'OPERATOR_SESSION_IDLE_HOURS') * HOUR_MS,
      maxMs: int(env.OPERATOR_SESSION_MAX_HOURS, d.operator.maxMs / HOUR_MS, 'OPERATOR_SESSION_MAX_HOURS') * HOUR_MS,
    },
  };
}

/** BINANCE_SYMBOLS: our pairs, each one Binance quotes (a typo is an error, not a silent simulator) */
function venueList(v: string | undefined): string[] | undefined {
  if (!v) return undefined;
  const list = v.split(',').map((x) => x.trim()).filter(Boolean);
  const known = new Set(binanceSymbols().symbols());
  const unknown = list.filter((s) => !known.has(s));
  if (unknown.length) throw new Error(`BINANCE_SYMBOLS: not a pair Binance quotes for us: ${unknown.join(', ')}`);
  return list;
}

export function loadConfig(env: Env = process.env): AppConfig {
  const port = int(env.PORT, 8080, 'PORT');
  const feed = env.MARKET_FEED ?? 'simulator';
  if (feed !== 'simulator' && feed !== 'scripted' && feed !== 'binance') throw new Error(`MARKET_FEED must be simulator, scripted or binance, got "${feed}"`);
  const production = env.NODE_ENV === 'production';
  const roles = parseRoles(env.ROLES);
  if (roles.cluster && (!env.DATABASE_URL || !env.REDIS_URL)) throw new Error('ROLES (cluster mode) needs DATABASE_URL and REDIS_URL: the processes share PostgreSQL and Redis');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    demoDualSeconds: positive(env.DEMO_DUAL_SECONDS, 120, 'DEMO_DUAL_SECONDS'),
    pgTemplateDir: env.PG_TEMPLATE_DIR ? path.resolve(env.PG_TEMPLATE_DIR) : undefined,
    webRoot: env.WEB_ROOT ? path.resolve(env.WEB_ROOT) : undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    dbPoolMax: poolMax(env.DB_POOL_MAX),
    redisUrl: env.REDIS_URL || undefined,
    marketFeed: feed,
    binance: {
      wsUrl: env.BINANCE_WS_URL || undefined,
      restUrl: env.BINANCE_REST_URL || undefined,
      only: venueList(env.BINANCE_SYMBOLS),
    },
    tickRate: int(env.TICK_RATE, 200, 'TICK_RATE'),
    feedSeed: int(env.FEED_SEED, 42, 'FEED_SEED'),
    marketBackfill: flag(env.MARKET_BACKFILL, true),
    demoCopyHistory: flag(env.DEMO_COPY_HISTORY, true),
    walletGate: flag(env.WALLET_GATE, false),
    inviteRequired: flag(env.INVITE_REQUIRED, false),
    logLevel: env.LOG_LEVEL || 'info',
    smtpUrl: env.SMTP_URL || undefined,
    // The dev outbox is a demo convenience; production never exposes it whatever the flag says.
    devOutbox: !production && flag(env.DEV_OUTBOX, true),
    devOutboxSecret: outboxSecret(env.DEV_OUTBOX_SECRET),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    trustProxy: flag(env.TRUST_PROXY, false),
    deviceSecret: deviceSecret(env.DEVICE_COOKIE_SECRET),
    production,
    uploadMaxBytes: 5 * 1024 * 1024,
    nftMediaMaxBytes: 20 * 1024 * 1024,
    nftSoftCloseMs: positive(env.NFT_SOFT_CLOSE_SECONDS, NFT_RULES.softCloseMs / 1000, 'NFT_SOFT_CLOSE_SECONDS') * 1000,
    uploadQuota: { filesPerDay: int(env.UPLOADS_PER_DAY, 30, 'UPLOADS_PER_DAY'), bytesPerDay: int(env.UPLOAD_MB_PER_DAY, 50, 'UPLOAD_MB_PER_DAY') * 1024 * 1024 },
    bodyLimit: 256 * 1024,
    // 10 s (Fastify's default); the benches raise it: on a loaded shared host the market's start at 50,000 ticks/s passed it
    pluginTimeoutMs: int(env.PLUGIN_TIMEOUT_MS, 10_000, 'PLUGIN_TIMEOUT_MS'),
    rateLimits: { ...DEFAULT_RATE_LIMITS },
    sessions: lifetimes(env),
    sessionsPerUser: int(env.SESSIONS_PER_USER, 10, 'SESSIONS_PER_USER'),
    roles,
    engineUrl: (env.ENGINE_URL || `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
    clusterName: env.CLUSTER_NAME || 'h5',
    clusterSecret: env.CLUSTER_SECRET || createHash('sha256').update(`h5-cluster:${env.DATABASE_URL ?? ''}`).digest('hex'),
  };
}

/** The known-device cookie's key: configured (long enough to resist guessing) or random. */
function deviceSecret(fromEnv: string | undefined): string {
  if (!fromEnv) return randomBytes(32).toString('base64url');
  if (fromEnv.length < 32) throw new Error('DEVICE_COOKIE_SECRET must be at least 32 characters');
  return fromEnv;
}

/** A config for tests: no network, no timers (scripted feed), in-memory everything. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', MARKET_FEED: 'scripted', LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), `h5-test-${randomBytes(6).toString('hex')}`) }),
    marketBackfill: false,
    ...overrides,
  };
}
