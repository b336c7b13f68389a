import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/connect';
import { registerErrorHandling } from '../http/errors';
import { createTestDb } from '../testing/db';
import { ScriptedFeed } from './feed/scripted';
import { createMarket, marketRoutes, type MarketService, type QuoteGroup } from './index';

const T = Date.UTC(2025, 0, 6, 12, 0, 0); // a Monday noon: every period's bucket starts at or before it
const sec = (ms: number) => Math.floor(ms / 1000);

function scripted(m: MarketService): ScriptedFeed {
  if (!(m.feed instanceof ScriptedFeed)) throw new Error('expected the scripted feed');
  return m.feed;
}

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

const config = { feed: 'scripted' as const, tickRate: 0, seed: 1, backfill: false, persistMs: 60_000 };

describe('candle persistence', () => {
  it('keeps history and seq across a restart', async () => {
    const m1 = await createMarket({ db: h.db, config });
    const f1 = scripted(m1);
    f1.push('BTC/USDT', '100.00', '1.5', T);
    f1.push('BTC/USDT', '105.25', '0.5', T + 20_000);
    f1.push('BTC/USDT', '99.75', '1', T + 40_000);
    f1.push('BTC/USDT', '101', '2', T + 70_000); // next minute
    await m1.close();

    const m2 = await createMarket({ db: h.db, config });
    const bars = await m2.history('BTC/USDT', '1min', T, T + 3_600_000);
    expect(bars).toEqual([
      { time: T, open: '100', high: '105.25', low: '99.75', close: '99.75', volume: '3' },
      { time: T + 60_000, open: '101', high: '101', low: '101', close: '101', volume: '2' },
    ]);
    const hour = await m2.history('BTC/USDT', '60min', T - 3_600_000, T + 3_600_000);
    expect(hour).toEqual([{ time: T, open: '100', high: '105.25', low: '99.75', close: '101', volume: '5' }]);
    expect(m2.lastPrice('BTC/USDT')).toEqual({ price: '101', seq: 4, ts: T + 70_000 });
    const t = scripted(m2).push('BTC/USDT', '102', '1', T + 80_000);
    expect(t.seq).toBe(5);
    // The restored open bar continues with the live tick.
    expect(m2.aggregator.last('BTC/USDT', '1min')).toEqual({
      time: T + 60_000,
      open: '101',
      high: '102',
      low: '101',
      close: '102',
      volume: '3',
    });
    await m2.close();
  });
});

describe('HTTP routes', () => {
  let app: FastifyInstance;
  let m: MarketService;
  beforeAll(async () => {
    m = await createMarket({ db: h.db, config });
    app = Fastify();
    registerErrorHandling(app);
    marketRoutes(app, m);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await m.close();
  });

  const timeshar = async (q: Record<string, string | number>) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/currency/new_timeshar',
      query: Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])),
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { code: number; msg: string; data: unknown };
  };

  it('new_timeshar merges persisted bars with the open bar, without duplicates', async () => {
    const f = scripted(m);
    const base = T + 86_400_000; // a fresh day for ETH
    f.push('ETH/USDT', '10', '1', base);
    f.push('ETH/USDT', '11', '1', base + 60_000);
    await m.flush(); // both bars persisted; the second is still open
    f.push('ETH/USDT', '12.5', '1', base + 90_000); // changes the open bar in memory only
    const r = await timeshar({ symbol: 'ETH/USDT', period: '1min', from: sec(base), to: sec(base + 120_000) });
    expect(r.code).toBe(1);
    expect(r.data).toEqual([
      { time: base, open: '10', high: '10', low: '10', close: '10', volume: '1' },
      { time: base + 60_000, open: '11', high: '12.5', low: '11', close: '12.5', volume: '2' },
    ]);
    // `to` in seconds covers its whole second; `from` after the first bar excludes it
    const later = await timeshar({ symbol: 'ETH/USDT', period: '1min', from: sec(base) + 1, to: sec(base + 60_000) });
    expect((later.data as { time: number }[]).map((c) => c.time)).toEqual([base + 60_000]);
  });

  it('new_timeshar validates its input', async () => {
    const good = { symbol: 'ETH/USDT', period: '1min', from: sec(T), to: sec(T) + 60 };
    for (const bad of [
      { ...good, symbol: 'NOPE/USDT' },
      { ...good, period: '2min' },
      { ...good, from: good.to + 1 },
      { ...good, from: 'abc' },
      { symbol: 'ETH/USDT', period: '1min' },
    ]) {
      const r = await timeshar(bad);
      expect(r).toEqual({ code: -1, msg: 'Parameter error', data: [] });
    }
  });

  it('quotation_new lists every pair with its live ticker', async () => {
    scripted(m).push('ETH/USDT', '13', '1', T + 86_400_000 + 100_000);
    const res = await app.inject({ method: 'GET', url: '/api/currency/quotation_new' });
    const body = res.json() as { type: string; message: QuoteGroup[] };
    expect(body.type).toBe('ok');
    expect(body.message[0].name).toBe('USDT');
    const eth = body.message[0].quotation.find((q) => q.symbol === 'ETH/USDT')!;
    expect(eth).toMatchObject({
      id: 2,
      currency_name: 'ETH',
      legal_name: 'USDT',
      currency_id: 2,
      legal_id: 4,
      now_price: '13',
      open: '10',
      high: '13',
      low: '10',
      change: '30.00',
    });
    // BTC has not ticked in this market: still listed, from its persisted state
    expect(body.message[0].quotation.find((q) => q.symbol === 'BTC/USDT')?.now_price).toBeDefined();
  });
});
