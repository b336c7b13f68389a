import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, post, type TestApp } from '../../testing/app';
import { writeOutboxSecret } from '../../kernel/outbox-secret';

const SECRET = 'test-outbox-secret-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ devOutboxSecret: SECRET });
  await post(t.app, '/api/sms_mail', { user_string: 'victim@example.com', scene: 'register' });
  await post(t.app, '/api/sms_mail', { user_string: 'other@example.com', scene: 'register' });
  await post(t.app, '/api/sms_mail', { user_string: '13800000001', scene: 'register', area_code: '86' });
});
afterAll(async () => {
  await t?.close();
});

const outbox = (
  query: string,
  opts: { secret?: string; remoteAddress?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: 'GET',
    url: `/api/dev/outbox?${query}`,
    remoteAddress: opts.remoteAddress ?? '127.0.0.1',
    headers: { ...(opts.secret ? { 'x-dev-outbox-secret': opts.secret } : {}), ...opts.headers },
  });

describe('GET /api/dev/outbox', () => {
  it('gives no code to a caller without the secret (the account takeover the outbox once allowed)', async () => {
    const res = await outbox('to=victim@example.com', { headers: { lang: 'en' } });
    expect(res.statusCode).toBe(403);
    expect(JSON.stringify(res.json())).not.toMatch(/\d{6}/);
    expect(envelope(res).message).toMatch(/secret printed in the start-up banner/);
    expect((await outbox('to=victim@example.com', { secret: 'wrong-secret-wrong-secret-000' })).statusCode).toBe(403);
  });

  it('does not exist for callers from another machine, even with the secret', async () => {
    const res = await outbox('to=victim@example.com', { secret: SECRET, remoteAddress: '203.0.113.7' });
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.json())).not.toMatch(/\d{6}/);
  });

  it('answers a loopback caller with the secret, by header or query', async () => {
    const byHeader = envelope(await outbox('to=victim@example.com', { secret: SECRET }));
    expect(byHeader.type).toBe('ok');
    expect((byHeader.message as { code: string }[])[0].code).toMatch(/^\d{6}$/);
    const byQuery = envelope(await outbox(`to=victim@example.com&secret=${SECRET}`, { remoteAddress: '::1' }));
    expect((byQuery.message as { recipient: string }[]).map((r) => r.recipient)).toEqual(['victim@example.com']);
  });

  it('matches the recipient exactly: % and _ list nobody', async () => {
    for (const to of ['%', '%25', '_ictim@example.com', '%example.com']) {
      const res = envelope(await outbox(`to=${encodeURIComponent(to)}`, { secret: SECRET }));
      expect(res).toMatchObject({ type: 'ok', message: [] });
    }
  });

  it('still finds an SMS by its bare number', async () => {
    const res = envelope(await outbox('to=13800000001', { secret: SECRET }));
    expect((res.message as { recipient: string }[]).map((r) => r.recipient)).toEqual(['+86 13800000001']);
  });
});

describe('the secret file', () => {
  it('is written owner-only for the e2e helpers and the newcomer', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-secret-'));
    try {
      const file = writeOutboxSecret(path.join(dir, 'data'), SECRET);
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(SECRET);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
