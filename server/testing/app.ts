/**
 * Test helpers: a built app on a fresh test database (a copy of the migrated template on the run's
 * embedded PostgreSQL, or a fresh PostgreSQL
 * schema when DATABASE_URL is set), with the scripted market feed (no timers) and no network.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { buildApp, type BuiltApp } from '../app';
import { testConfig, type AppConfig } from '../config';
import type { DbHandle } from '../db/connect';
import { createTestDb } from './db';

export interface TestApp extends BuiltApp {
  handle: DbHandle;
  config: AppConfig;
}

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const handle = await createTestDb();
  const config = testConfig({
    ...overrides,
    rateLimits: {
      codesPerIpPerHour: 1000,
      codeIntervalSec: 0,
      loginPerIpPerMinute: 1000,
      globalPerIpPerMinute: 100_000,
      ...overrides.rateLimits,
    },
  });
  const built = await buildApp(config, { db: handle });
  return {
    ...built,
    handle,
    config,
    async close() {
      await built.close();
      await handle.close();
    },
  };
}

export function form(fields: Record<string, string | number | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) p.set(k, String(v));
  return p.toString();
}

export interface Envelope {
  type: string;
  code: number;
  message: unknown;
}

export async function post(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string | number | undefined>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    payload: form(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

export async function get(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers });
}

export function envelope(res: LightMyRequestResponse): Envelope {
  return res.json<Envelope>();
}

/** The newest code the dev transport recorded for a recipient. */
export async function lastCode(app: FastifyInstance, to: string): Promise<string> {
  const row = await app.db
    .selectFrom('outbox')
    .select('code')
    .where('recipient', '=', to)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  if (!row.code) throw new Error(`no code sent to ${to}`);
  return row.code;
}

/** Registers through the public API (code from the outbox) and logs in; returns the token. */
export async function registerAndLogin(app: FastifyInstance, email: string, password = 'secret123'): Promise<string> {
  const sent = envelope(await post(app, '/api/sms_mail', { user_string: email, scene: 'register' }));
  if (sent.type !== 'ok') throw new Error(`sms_mail: ${JSON.stringify(sent)}`);
  const code = await lastCode(app, email);
  const reg = envelope(
    await post(app, '/api/user/register', { user_string: email, password, re_password: password, code }),
  );
  if (reg.type !== 'ok') throw new Error(`register: ${JSON.stringify(reg)}`);
  const login = envelope(await post(app, '/api/user/login', { user_string: email, password }));
  if (login.type !== 'ok' || typeof login.message !== 'string') throw new Error(`login: ${JSON.stringify(login)}`);
  return login.message;
}

/** Row counts of the tables a failed request must not touch. */
export async function rowCounts(app: FastifyInstance): Promise<Record<string, number>> {
  const tables = ['users', 'sessions', 'verification_codes', 'outbox', 'accounts', 'journal'] as const;
  const out: Record<string, number> = {};
  for (const t of tables) {
    const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(t)}`.execute(app.db);
    out[t] = r.rows[0].n;
  }
  return out;
}

/**
 * Signs an operator in as the back office pages do (their CSRF header) and returns the session
 * token from the HttpOnly cookie, for tests that then call /admin/api with an Authorization header.
 */
export async function loginOperator(app: FastifyInstance, name: string, password: string): Promise<string> {
  const res = await post(app, '/admin/api/login', { name, password }, { 'x-operator-csrf': '1' });
  const cookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('h5_operator='));
  if (!cookie) throw new Error(`operator login: ${res.body}`);
  return decodeURIComponent(cookie.slice('h5_operator='.length).split(';')[0]);
}
