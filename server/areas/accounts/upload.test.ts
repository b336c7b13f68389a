import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, registerAndLogin, type TestApp } from '../../testing/app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await registerAndLogin(t.app, 'uploader@example.com');
});
afterAll(async () => {
  await t?.close();
  if (t) await fs.rm(t.config.dataDir, { recursive: true, force: true });
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

function multipart(field: string, filename: string, content: Buffer, type = 'image/png') {
  const boundary = '----h5test' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(body: ReturnType<typeof multipart>, auth?: string) {
  return t.app.inject({ method: 'POST', url: '/api/upload', payload: body.payload, headers: { ...body.headers, ...(auth ? { authorization: auth } : {}) } });
}

describe('POST /api/upload', () => {
  it('stores an image under DATA_DIR/uploads with a random name', async () => {
    const r = envelope(await upload(multipart('file', '../../evil.png', PNG), token));
    expect(r.type).toBe('ok');
    const ref = r.message as string;
    expect(ref).toMatch(/^upload\/[0-9a-f]{32}\.png$/);
    const stored = await fs.readFile(path.join(t.config.dataDir, 'uploads', path.basename(ref)));
    expect(stored.equals(PNG)).toBe(true);
  });

  it('needs a login', async () => {
    expect(envelope(await upload(multipart('file', 'a.png', PNG))).type).toBe('999');
  });

  it('decides the type by magic bytes, not by the claimed type', async () => {
    const r = envelope(await upload(multipart('file', 'a.png', Buffer.from('<?php echo 1; ?>'), 'image/png'), token));
    expect(r).toEqual({ type: 'error', code: 0, message: 'Only PNG, JPEG, WebP or GIF images are accepted' });
  });

  it('refuses the wrong field, a non-multipart body and files over 5 MB', async () => {
    expect(envelope(await upload(multipart('avatar', 'a.png', PNG), token)).message).toBe('Parameter error');
    const form = await t.app.inject({ method: 'POST', url: '/api/upload', payload: 'file=x', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: token } });
    expect(envelope(form).message).toBe('Parameter error');
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    expect(envelope(await upload(multipart('file', 'big.png', big), token))).toEqual({ type: 'error', code: 0, message: 'The file is too large (max 5 MB)' });
    const files = await fs.readdir(path.join(t.config.dataDir, 'uploads'));
    expect(files).toHaveLength(1);
  });
});
