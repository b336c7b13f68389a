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
}

describe('security headers (the app could be framed and sniffed: issue 14)', () => {
  it('on the customer app page', async () => {
    const res = await get(t.app, '/h5/');
    expect(res.statusCode).toBe(200);
    expectHardened(res);
    const csp = String(res.headers['content-security-policy']);
    // what the built app needs: its own scripts, the market worker, socket.io, data: images
    for (const d of ["script-src 'self'", "worker-src 'self' blob:", "connect-src 'self' ws: wss:", "img-src 'self' data: blob:"]) expect(csp).toContain(d);
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
