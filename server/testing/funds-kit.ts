/** Helpers for the funds tests: users with bindings, operators, uploads, prices. */
import { TINY_PNG } from './images';
import fs from 'node:fs/promises';
import { generate } from 'otplib';
import {
  createTestApp,
  envelope,
  get,
  loginOperator,
  post,
  registerAndLogin,
  type Envelope,
  type TestApp,
} from './app';
import { ScriptedFeed } from '../market/feed/scripted';
import { createOperator } from '../auth/operators';
import { hashPassword } from '../auth/passwords';
import { canonical } from '../db/ledger';

const PNG = TINY_PNG;

export async function kit(): Promise<TestApp> {
  const t = await createTestApp();
  prices(t, { BTC: '50000', ETH: '2500', USDC: '1' });
  return t;
}

export async function closeKit(t: TestApp | undefined): Promise<void> {
  if (!t) return;
  await t.close();
  await fs.rm(t.config.dataDir, { recursive: true, force: true });
}

export function prices(t: TestApp, p: Record<string, string>): void {
  const feed = t.app.market.feed;
  if (!(feed instanceof ScriptedFeed)) throw new Error('expected the scripted feed');
  feed.pushMany(Object.entries(p).map(([coin, price]) => ({ symbol: `${coin}/USDT`, price })));
}

export const auth = (token: string) => ({ authorization: token });

export async function call(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  fields: Record<string, string | number | undefined> = {},
): Promise<Envelope> {
  const headers = token ? auth(token) : {};
  if (method === 'GET') {
    const qs = new URLSearchParams(
      Object.entries(fields)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    return envelope(await get(t.app, qs ? `${url}?${qs}` : url, headers));
  }
  return envelope(await post(t.app, url, fields, headers));
}

let seq = 0;
export interface TestUser {
  id: number;
  token: string;
  email: string;
}

/** A registered, logged-in user; `level` and `payPassword` set directly for setup speed. */
export async function user(
  t: TestApp,
  opts: { level?: number; mobile?: boolean; payPassword?: string } = {},
): Promise<TestUser> {
  const email = `u${process.pid}_${++seq}_${Date.now() % 100000}@example.com`;
  const token = await registerAndLogin(t.app, email);
  const row = await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const set: { level?: number; mobile?: string; pay_password_hash?: string } = {};
  if (opts.level) set.level = opts.level;
  if (opts.mobile) set.mobile = `139${String(row.id).padStart(8, '0')}`;
  if (opts.payPassword) set.pay_password_hash = await hashPassword(opts.payPassword);
  if (Object.keys(set).length) await t.app.db.updateTable('users').set(set).where('id', '=', row.id).execute();
  return { id: row.id, token, email };
}

export async function operator(t: TestApp, name = `op${++seq}`): Promise<string> {
  await createOperator(t.app.db, name, 'operator-secret-1');
  return loginOperator(t.app, name, 'operator-secret-1');
}

export function multipart(content: Buffer, field = 'file', filename = 'a.png', type = 'image/png') {
  const boundary = '----h5funds' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(t: TestApp, token: string, content: Buffer = PNG): Promise<string> {
  const body = multipart(content);
  const r = envelope(
    await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, ...auth(token) },
    }),
  );
  if (r.type !== 'ok') throw new Error(JSON.stringify(r));
  return r.message as string;
}

/** A TOTP code for `secret`, `offsetSteps` steps from `nowMs` (fresh codes for replay-protected checks). */
export function totp(secret: string, offsetSteps = 0, nowMs = Date.now()): Promise<string> {
  return generate({ secret, epoch: Math.floor(nowMs / 1000) + offsetSteps * 30 });
}

/**
 * Puts the app's credential clock (throttle waits, authenticator time steps) under the test's
 * control, starting at `startMs`; `restore` gives the wall clock back.
 */
export function controlClock(
  t: TestApp,
  startMs: number,
): { now: () => number; advance(ms: number): void; restore(): void } {
  let at = startMs;
  const now = () => at;
  t.app.authClock.now = now;
  return { now, advance: (ms) => void (at += ms), restore: () => void (t.app.authClock.now = Date.now) };
}

export async function balance(
  t: TestApp,
  userId: number,
  currencyId: number,
  type = 2,
): Promise<{ available: string; frozen: string }> {
  const r = await t.app.db
    .selectFrom('accounts')
    .select(['available', 'frozen'])
    .where('user_id', '=', userId)
    .where('currency_id', '=', currencyId)
    .where('type', '=', type)
    .executeTakeFirst();
  const c = (v: string) => canonical(v);
  return { available: c(r?.available ?? '0'), frozen: c(r?.frozen ?? '0') };
}
