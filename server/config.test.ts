import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createTestApp, get } from './testing/app';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      redisUrl: undefined,
      marketFeed: 'simulator',
      tickRate: 200,
      feedSeed: 42,
      walletGate: false,
      inviteRequired: false,
      logLevel: 'info',
      smtpUrl: undefined,
      devOutbox: true,
      publicUrl: 'http://localhost:8080',
      trustProxy: false,
    });
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('sizes the database pool from DB_POOL_MAX (default 10, at least 1)', () => {
    expect(loadConfig({}).dbPoolMax).toBe(10);
    expect(loadConfig({ DB_POOL_MAX: '25' }).dbPoolMax).toBe(25);
    expect(() => loadConfig({ DB_POOL_MAX: '0' })).toThrow(/DB_POOL_MAX/);
  });

  it("seeds the demo copy traders' past unless DEMO_COPY_HISTORY=off", () => {
    expect(loadConfig({}).demoCopyHistory).toBe(true);
    expect(loadConfig({ DEMO_COPY_HISTORY: 'off' }).demoCopyHistory).toBe(false);
  });

  it('never enables the dev outbox in production', () => {
    expect(loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: 'on' }).devOutbox).toBe(false);
    expect(loadConfig({ DEV_OUTBOX: 'off' }).devOutbox).toBe(false);
  });

  it('gives the dev outbox an unguessable secret: random per start, or DEV_OUTBOX_SECRET', () => {
    const a = loadConfig({}).devOutboxSecret;
    expect(a.length).toBeGreaterThanOrEqual(16);
    expect(loadConfig({}).devOutboxSecret).not.toBe(a);
    expect(loadConfig({ DEV_OUTBOX_SECRET: 'a-long-enough-secret' }).devOutboxSecret).toBe('a-long-enough-secret');
    expect(() => loadConfig({ DEV_OUTBOX_SECRET: 'short' })).toThrow(/DEV_OUTBOX_SECRET/);
  });

  it('rejects nonsense rather than guessing', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ MARKET_FEED: 'kraken' })).toThrow(/MARKET_FEED/);
    expect(() => loadConfig({ MARKET_FEED: 'binance', BINANCE_SYMBOLS: 'BTC/USDT,AAPL/USDT' })).toThrow(
      /BINANCE_SYMBOLS.*AAPL/,
    );
  });

  it('MARKET_FEED=binance: public URLs by default, settable, and a narrowed pair list', () => {
    expect(loadConfig({ MARKET_FEED: 'binance' })).toMatchObject({
      marketFeed: 'binance',
      binance: { wsUrl: undefined, restUrl: undefined, only: undefined },
    });
    const c = loadConfig({
      MARKET_FEED: 'binance',
      BINANCE_WS_URL: 'ws://127.0.0.1:9',
      BINANCE_REST_URL: 'http://127.0.0.1:9',
      BINANCE_SYMBOLS: 'BTC/USDT, ETH/USDT',
    });
    expect(c.binance).toEqual({
      wsUrl: 'ws://127.0.0.1:9',
      restUrl: 'http://127.0.0.1:9',
      only: ['BTC/USDT', 'ETH/USDT'],
    });
  });

  it('ROLES: unset is one process with every role; set is a cluster node that needs PostgreSQL and Redis', () => {
    expect(loadConfig({}).roles).toEqual({ api: true, engine: true, feed: true, jobs: true, cluster: false });
    const shared = { DATABASE_URL: 'postgres://db/x', REDIS_URL: 'redis://r:6379' };
    expect(loadConfig({ ...shared, ROLES: 'api, engine' }).roles).toEqual({
      api: true,
      engine: true,
      feed: false,
      jobs: false,
      cluster: true,
    });
    expect(loadConfig({ ...shared, ROLES: 'engine', PORT: '9000' }).engineUrl).toBe('http://127.0.0.1:9000');
    expect(() => loadConfig({ ...shared, ROLES: 'api,matcher' })).toThrow(/ROLES/);
    expect(() => loadConfig({ ROLES: 'api', REDIS_URL: 'redis://r:6379' })).toThrow(/DATABASE_URL and REDIS_URL/);
    expect(() => loadConfig({ ROLES: 'api', DATABASE_URL: 'postgres://db/x' })).toThrow(/DATABASE_URL and REDIS_URL/);
  });

  it('the dev outbox route does not exist when switched off', async () => {
    const t = await createTestApp({ devOutbox: false });
    try {
      expect((await get(t.app, '/api/dev/outbox?to=a@example.com')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
