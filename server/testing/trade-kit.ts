/**
 * Test kit for the trading engines: a test app on the scripted feed, users with balances credited
 * through the ledger (never through an endpoint), a controllable clock and small HTTP helpers.
 */
import type { FastifyInstance } from 'fastify';
import { credit, getBalances } from '../db/ledger';
import { createTestApp, envelope, get, post, registerAndLogin, type TestApp } from './app';
import { ScriptedFeed } from '../market';

export interface Kit {
  t: TestApp;
  app: FastifyInstance;
  feed: ScriptedFeed;
  clock: { now: number };
  user(email: string): Promise<{ id: number; token: string }>;
  fund(userId: number, currencyId: number, type: number, amount: string): Promise<void>;
  balance(userId: number, currencyId: number, type: number): Promise<{ available: string; frozen: string }>;
  call(
    method: 'GET' | 'POST',
    url: string,
    token: string,
    fields?: Record<string, string | number | undefined>,
  ): Promise<{ type: string; message: unknown }>;
  tick(symbol: string, price: string, ts?: number): Promise<{ seq: number; ts: number }>;
  settle(): Promise<void>;
}

export async function createKit(): Promise<Kit> {
  const t = await createTestApp();
  const app = t.app;
  const feed = app.market.feed as ScriptedFeed;
  const clock = { now: Date.UTC(2025, 0, 6, 15, 0, 0) }; // a Monday, 15:00 UTC (stock market open)
  app.trade.ctx.now = () => clock.now;
  return {
    t,
    app,
    feed,
    clock,
    async user(email) {
      const token = await registerAndLogin(app, email);
      const u = await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      return { id: u.id, token };
    },
    async fund(userId, currencyId, type, amount) {
      await app.db
        .transaction()
        .execute((trx) => credit(trx, { userId, currencyId, type, amount, reason: 'test_grant' }));
      await app.trade.refreshBalances();
    },
    async balance(userId, currencyId, type) {
      const b = (await getBalances(app.db, userId)).find((x) => x.currency_id === currencyId && x.type === type);
      return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' };
    },
    async call(method, url, token, fields = {}) {
      const headers = { authorization: `Bearer ${token}`, lang: 'en' };
      if (method === 'POST') return envelope(await post(app, url, fields, headers));
      const qs = new URLSearchParams(
        Object.entries(fields).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]])),
      ).toString();
      return envelope(await get(app, qs ? `${url}?${qs}` : url, headers));
    },
    async tick(symbol, price, ts = clock.now) {
      const tk = feed.push(symbol, price, '1', ts);
      await app.trade.idle();
      return { seq: tk.seq, ts: tk.ts };
    },
    async settle() {
      app.trade.settleDueSeconds();
      await app.trade.idle();
    },
  };
}
