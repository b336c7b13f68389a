import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, type TestApp } from '../testing/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function expectHardened(res: { headers: Record<string, unknown> }) {
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const permissions = String(res.headers['permissions-policy']);
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment'])
    expect(permissions).toContain(`${feature}=()`);
}

describe('security headers (the app could be framed and sniffed)', () => {
  it('on the customer app page', async () => {
    const res = await get(t.app, '/h5/');
    expect(res.statusCode).toBe(200);
    expectHardened(res);
    const csp = String(res.headers['content-security-policy']);
    // what the built app needs: its own scripts, the market worker, socket.io, data: images
    for (const d of [
      "script-src 'self'",
      "worker-src 'self' blob:",
      "connect-src 'self' ws: wss:",
      "img-src 'self' data: blob:",
    ])
      expect(csp).toContain(d);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  });

  it('on API answers, errors and unknown routes', async () => {
    expectHardened(await get(t.app, '/api/getSiteConfig'));
    expectHardened(await post(t.app, '/api/user/login', { user_string: 'nobody@example.com', password: 'x' }));
    expectHardened(await get(t.app, '/api/no/such/route'));
    expectHardened(await get(t.app, '/admin/api/me'));
  });

  it('keeps a route’s own stricter policy', async () => {
    const res = await get(t.app, '/admin/');
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'unsafe-inline'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('HTTPS pinning and socket.io answers', () => {
  let proxied: TestApp;
  let base: string;
  beforeAll(async () => {
    proxied = await createTestApp({ trustProxy: true });
    await proxied.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = proxied.app.server.address();
    if (!addr || typeof addr === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${addr.port}`;
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it('HSTS over a proxy that says https, not over plain http', async () => {
    const viaProxy = await get(proxied.app, '/api/getSiteConfig', { 'x-forwarded-proto': 'https' });
    expect(viaProxy.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    const plain = await get(proxied.app, '/api/getSiteConfig');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // without TRUST_PROXY a client's own X-Forwarded-Proto is not believed
    const untrusted = await get(t.app, '/api/getSiteConfig', { 'x-forwarded-proto': 'https' });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });

  it('a socket.io polling answer carries them (and HSTS only behind https)', async () => {
    const plain = await fetch(`${base}/socket.io/?EIO=4&transport=polling`);
    expect(plain.status).toBe(200);
    expect(await plain.text()).toContain('"sid"');
    const headers = Object.fromEntries(plain.headers.entries());
    expectHardened({ headers });
    expect(headers['strict-transport-security']).toBeUndefined();

    const https = await fetch(`${base}/socket.io/?EIO=4&transport=polling`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers.get('strict-transport-security')).toMatch(/^max-age=/);
    await https.text();
    // the engine's own refusals too
    const refused = await fetch(`${base}/socket.io/?EIO=4&transport=polling&sid=nope`);
    expect(refused.status).toBe(400);
    expectHardened({ headers: Object.fromEntries(refused.headers.entries()) });
    await refused.text();
  });
});
