import { expect, type APIRequestContext } from '@playwright/test';
import { latestCode } from './helpers';

/** What the P2P journeys share: people made through the public API and verified by the operator, and the API calls. */
export const PASSWORD = 'secret-pass-1';
export const PAY = 'pay-secret-9';
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
type Reply<T> = { type: string; message: T };

export async function api<T>(
  request: APIRequestContext,
  url: string,
  token: string,
  form: Record<string, string | number> = {},
): Promise<T> {
  const r = (await (
    await request.post(`/api/${url}`, { headers: { authorization: token, lang: 'en' }, form })
  ).json()) as Reply<T>;
  expect(r.type, `${url}: ${JSON.stringify(r.message)}`).toBe('ok');
  return r.message;
}

/** A back-office call with the operator session `request` holds (POST /admin/api/login first). */
export async function admin<T>(
  request: APIRequestContext,
  url: string,
  form: Record<string, string | number>,
): Promise<T> {
  const r = (await (
    await request.post(`/admin/api${url}`, { headers: { 'x-operator-csrf': '1' }, form })
  ).json()) as Reply<T>;
  expect(r.type, `${url}: ${JSON.stringify(r.message)}`).toBe('ok');
  return r.message;
}

export interface Person {
  email: string;
  password: string;
  token: string;
  id: number;
}

/** A registered user (code from the dev outbox), verified to `level` by the operator, with a payment password. */
export async function person(request: APIRequestContext, email: string, level: number): Promise<Person> {
  await request.post('/api/sms_mail', { form: { user_string: email, scene: 'register' } });
  const code = await latestCode(request, email);
  await api(request, 'user/register', '', { user_string: email, password: PASSWORD, re_password: PASSWORD, code });
  const token = await api<string>(request, 'user/login', '', { user_string: email, password: PASSWORD });
  const me = (await (await request.get('/api/user/info', { headers: { authorization: token } })).json()) as Reply<{
    id: number;
  }>;
  await admin(request, '/users/level', { user_id: me.message.id, level, reason: 'e2e verified' });
  await api(request, 'safe/update_password', token, { password: PAY, re_password: PAY, oldPasswd: PASSWORD });
  return { email, password: PASSWORD, token, id: me.message.id };
}

/** An image uploaded as `who` (a payment proof or a chat attachment); its file name. */
export async function uploadPng(request: APIRequestContext, token: string): Promise<string> {
  const r = (await (
    await request.post('/api/upload', {
      headers: { authorization: token },
      multipart: { file: { name: 'receipt.png', mimeType: 'image/png', buffer: PNG } },
    })
  ).json()) as Reply<string>;
  expect(r.type, JSON.stringify(r.message)).toBe('ok');
  return r.message;
}

/** The user's USDT in the change account, as the back office shows it (canonical strings). */
export async function usdt(request: APIRequestContext, userId: number): Promise<{ available: string; frozen: string }> {
  const r = (await (
    await request.get(`/admin/api/users/detail?id=${userId}`, { headers: { 'x-operator-csrf': '1' } })
  ).json()) as Reply<{ balances: { currency_id: number; type: number; available: string; frozen: string }[] }>;
  const b = r.message.balances.find((x) => x.currency_id === 4 && x.type === 2);
  const n = (v: string | undefined) => String(Number(v ?? '0'));
  return { available: n(b?.available), frozen: n(b?.frozen) };
}
