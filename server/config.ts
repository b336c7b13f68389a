/**
 * Server configuration, read once from the environment at start-up. Every setting has a default
 * so `npm start` works with no environment at all. This is the only server module that reads
 * process.env (server/config-env.test.ts holds it so); the parts get their settings from here.
 * Every variable read below is documented in docs/configuration.md (the same test checks it).
 */
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { outboxSecret } from './kernel/outbox-secret';
import { binanceSymbols } from './market/feed/binance/symbols';
import { parseRoles, type Roles } from './scale/roles';
import { NFT_RULES } from '../core/types/nft';
import { DEFAULT_ROUND_SECONDS } from '../core/game/pool';

type MarketFeedKind = 'simulator' | 'scripted' | 'binance';

/** MARKET_FEED=binance settings (server/market/feed/create.ts) */
interface BinanceConfig {
  wsUrl?: string;
  restUrl?: string;
  only?: string[];
}

interface RateLimits {
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
  /** GAME_ROUND_SECONDS: the mini game's round length when the `game_round_seconds` site setting is unset (5–3600; browser tests shorten it) */
  gameRoundSeconds: number;
  /** MARKET_SYMBOLS_EXTRA (benchmarks): N synthetic in-memory symbols SYM0001/USDT… added to the simulator */
  extraSymbols: number;
  /** MARKET_BENCH_BACKFILL (benchmarks) "SYMBOL:BARS": that many 1min bars of history for one symbol on a first start */
  benchBackfill: BenchBackfill | null;
  /** DEMO_USER: seed the demo accounts and demo data (on for a local start; off under tests and in production unless set) */
  demoUser: boolean;
}

/** MARKET_BENCH_BACKFILL parsed: which symbol gets how many backfilled 1min bars */
export interface BenchBackfill {
  symbol: string;
  minuteBars: number;
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

const DEFAULT_RATE_LIMITS: RateLimits = {
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
      idleMs:
        int(env.OPERATOR_SESSION_IDLE_HOURS, d.operator.idleMs / HOUR_MS, 'OPERATOR_SESSION_IDLE_HOURS') * HOUR_MS,
      maxMs: int(env.OPERATOR_SESSION_MAX_HOURS, d.operator.maxMs / HOUR_MS, 'OPERATOR_SESSION_MAX_HOURS') * HOUR_MS,
    },
  };
}

/** BINANCE_SYMBOLS: our pairs, each one Binance quotes (a typo is an error, not a silent simulator) */
function venueList(v: string | undefined): string[] | undefined {
  if (!v) return undefined;
  const list = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const known = new Set(binanceSymbols().symbols());
  const unknown = list.filter((s) => !known.has(s));
  if (unknown.length) throw new Error(`BINANCE_SYMBOLS: not a pair Binance quotes for us: ${unknown.join(', ')}`);
  return list;
}

/** MARKET_BENCH_BACKFILL's "SYMBOL:BARS"; null when unset or not of that shape */
export function parseBenchBackfill(v: string | undefined): BenchBackfill | null {
  const m = /^(.+):(\d+)$/.exec(v ?? '');
  return m ? { symbol: m[1], minuteBars: Number(m[2]) } : null;
}

function benchBackfill(v: string | undefined): BenchBackfill | null {
  if (!v) return null;
  const b = parseBenchBackfill(v);
  if (!b || b.minuteBars < 1)
    throw new Error(`MARKET_BENCH_BACKFILL must be SYMBOL:BARS (e.g. BTC/USDT:6000), got "${v}"`);
  return b;
}

function roundSeconds(v: string | undefined): number {
  const n = int(v, DEFAULT_ROUND_SECONDS, 'GAME_ROUND_SECONDS');
  if (n < 5 || n > 3600) throw new Error(`GAME_ROUND_SECONDS must be between 5 and 3600, got "${v}"`);
  return n;
}

export function loadConfig(env: Env = process.env): AppConfig {
  const port = int(env.PORT, 8080, 'PORT');
  const feed = env.MARKET_FEED ?? 'simulator';
  if (feed !== 'simulator' && feed !== 'scripted' && feed !== 'binance')
    throw new Error(`MARKET_FEED must be simulator, scripted or binance, got "${feed}"`);
  const production = env.NODE_ENV === 'production';
  const roles = parseRoles(env.ROLES);
  if (roles.cluster && (!env.DATABASE_URL || !env.REDIS_URL))
    throw new Error('ROLES (cluster mode) needs DATABASE_URL and REDIS_URL: the processes share PostgreSQL and Redis');
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
    uploadQuota: {
      filesPerDay: int(env.UPLOADS_PER_DAY, 30, 'UPLOADS_PER_DAY'),
      bytesPerDay: int(env.UPLOAD_MB_PER_DAY, 50, 'UPLOAD_MB_PER_DAY') * 1024 * 1024,
    },
    bodyLimit: 256 * 1024,
    // 10 s (Fastify's default); the benches raise it: on a loaded shared host the market's start at 50,000 ticks/s passed it
    pluginTimeoutMs: int(env.PLUGIN_TIMEOUT_MS, 10_000, 'PLUGIN_TIMEOUT_MS'),
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      globalPerIpPerMinute: int(
        env.RATE_LIMIT_PER_MINUTE,
        DEFAULT_RATE_LIMITS.globalPerIpPerMinute,
        'RATE_LIMIT_PER_MINUTE',
      ),
    },
    sessions: lifetimes(env),
    sessionsPerUser: int(env.SESSIONS_PER_USER, 10, 'SESSIONS_PER_USER'),
    roles,
    engineUrl: (env.ENGINE_URL || `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
    clusterName: env.CLUSTER_NAME || 'h5',
    clusterSecret:
      env.CLUSTER_SECRET ||
      createHash('sha256')
        .update(`h5-cluster:${env.DATABASE_URL ?? ''}`)
        .digest('hex'),
    gameRoundSeconds: roundSeconds(env.GAME_ROUND_SECONDS),
    extraSymbols: int(env.MARKET_SYMBOLS_EXTRA, 0, 'MARKET_SYMBOLS_EXTRA'),
    benchBackfill: benchBackfill(env.MARKET_BENCH_BACKFILL),
    // the local demo: on for `npm start`, off for tests and production unless asked for
    demoUser: flag(env.DEMO_USER, env.NODE_ENV !== 'test' && !production),
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
    ...loadConfig({
      NODE_ENV: 'test',
      MARKET_FEED: 'scripted',
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(os.tmpdir(), `h5-test-${randomBytes(6).toString('hex')}`),
    }),
    marketBackfill: false,
    ...overrides,
  };
}
