/**
 * the operator session lives in an HttpOnly cookie scoped to /admin/api, never in a body
 * a script could keep; state-changing calls riding on that cookie must come from our own pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createOperator } from '../auth/operators';
import { createTestApp, envelope, form, type TestApp } from '../testing/app';

let t: TestApp;
let proxied: TestApp;
const OP = { name: 'op_cookie', password: 'operator-secret-1' };
const HOST = 'back.example.test';

beforeAll(async () => {
  t = await createTestApp();
  proxied = await createTestApp({ trustProxy: true });
  await createOperator(t.app.db, OP.name, OP.password);
  await createOperator(proxied.app.db, OP.name, OP.password);
});
afterAll(async () => {
  await t?.close();
  await proxied?.close();
});

type Headers = Record<string, string>;
const ours: Headers = { host: HOST, origin: `http://${HOST}`, 'x-operator-csrf': '1' };
/** the operator session's Set-Cookie lines (the known-device cookie beside it is another test's) */
const setCookie = (res: LightMyRequestResponse): string =>
  [res.headers['set-cookie'] ?? []]
    .flat()
    .filter((c) => c.startsWith('h5_operator='))
    .join('\n');
const cookieOf = (res: LightMyRequestResponse): string => setCookie(res).split(';')[0];

async function login(app: TestApp, headers: Headers = ours): Promise<LightMyRequestResponse> {
  return app.app.inject({
    method: 'POST',
    url: '/admin/api/login',
    payload: form(OP),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}
const call = (method: 'GET' | 'POST', url: string, headers: Headers, fields: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    ...(method === 'POST' ? { payload: form(fields) } : {}),
  });

describe('operator sign-in sets an HttpOnly cookie', () => {
  it('the token is only in the cookie: HttpOnly, SameSite=Strict, Path=/admin/api; not Secure over http', async () => {
    const res = await login(t);
    const body = envelope(res);
    expect(body).toMatchObject({ type: 'ok', message: { name: OP.name } });
    const header = setCookie(res);
    expect(header).toMatch(/^h5_operator=[\w-]{43};/);
    expect(header.split('\n')).toHaveLength(1); // set once
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/admin/api');
    expect(header).not.toContain('Secure');
    expect(header).not.toMatch(/Max-Age|Expires/); // a session cookie: gone with the browser
    // nothing in the body a script could keep
    expect(res.body).not.toContain(cookieOf(res).split('=')[1]);
  });

  it('is Secure when the request came over https (behind a trusted proxy)', async () => {
    const res = await login(proxied, { ...ours, 'x-forwarded-proto': 'https', origin: `https://${HOST}` });
    expect(envelope(res).type).toBe('ok');
    expect(setCookie(res)).toMatch(/; Secure/);
  });

  it('the cookie alone authenticates reads; writes need our header and our origin', async () => {
    const cookie = cookieOf(await login(t));
    expect(envelope(await call('GET', '/admin/api/me', { host: HOST, cookie })).message).toMatchObject({
      name: OP.name,
    });
    const reason = { key: 'recharge_enabled', value: '1', reason: 'csrf test' };
    // a cross-site form post (no custom header) and a foreign origin are both refused, and change nothing
    const forged = await call(
      'POST',
      '/admin/api/settings',
      { host: HOST, cookie, origin: 'https://evil.example' },
      reason,
    );
    expect(forged.statusCode).toBe(403);
    const foreign = await call(
      'POST',
      '/admin/api/settings',
      { host: HOST, cookie, origin: 'https://evil.example', 'x-operator-csrf': '1' },
      reason,
    );
    expect(foreign.statusCode).toBe(403);
    // the same guard covers the back-office routes other areas mount under /admin/api
    for (const url of ['/admin/api/traders/review', '/admin/api/ieo/projects']) {
      const areaForged = await call(
        'POST',
        url,
        { host: HOST, cookie, origin: 'https://evil.example' },
        { id: '1', status: '1' },
      );
      expect(areaForged.statusCode, url).toBe(403);
    }
    const log = async () =>
      (envelope(await call('GET', '/admin/api/log', { host: HOST, cookie })).message as { total: number }).total;
    expect(await log()).toBe(0);
    // our own page's call goes through
    expect(envelope(await call('POST', '/admin/api/settings', { ...ours, cookie }, reason)).type).toBe('ok');
    expect(await log()).toBe(1);
    // behind a proxy that rewrites Host, the public origin (PUBLIC_URL) is ours too
    const viaProxy = {
      host: 'upstream.internal:8080',
      origin: new URL(t.config.publicUrl).origin,
      'x-operator-csrf': '1',
      cookie,
    };
    expect(envelope(await call('POST', '/admin/api/settings', viaProxy, reason)).type).toBe('ok');
  });

  it('a login without our header is refused (login CSRF)', async () => {
    const res = await login(t, { host: HOST });
    expect(res.statusCode).toBe(403);
    expect(setCookie(res)).toBe('');
  });

  it('logout revokes the session and clears the cookie', async () => {
    const cookie = cookieOf(await login(t));
    const out = await call('POST', '/admin/api/logout', { ...ours, cookie });
    expect(envelope(out).type).toBe('ok');
    expect(setCookie(out)).toMatch(/^h5_operator=; Max-Age=0; Path=\/admin\/api; HttpOnly; SameSite=Strict/);
    const after = await call('GET', '/admin/api/me', { host: HOST, cookie });
    expect(envelope(after).type).toBe('999');
    expect(setCookie(after)).toContain('Max-Age=0'); // a dead cookie is cleared, not replayed forever
  });
});
