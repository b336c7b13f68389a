import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, envelope, registerAndLogin, type TestApp } from '../../testing/app';
import { jpegWithGps, noisyPng, TINY_PNG } from '../../testing/images';

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

const PNG = TINY_PNG;

function multipart(field: string, filename: string, content: Buffer, type = 'image/png') {
  const boundary = '----h5test' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(body: ReturnType<typeof multipart>, auth?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: body.payload,
    headers: { ...body.headers, ...(auth ? { authorization: auth } : {}) },
  });
}

describe('POST /api/upload', () => {
  it('stores an image under DATA_DIR/uploads with a random name', async () => {
    const r = envelope(await upload(multipart('file', '../../evil.png', PNG), token));
    expect(r.type).toBe('ok');
    const ref = r.message as string;
    expect(ref).toMatch(/^upload\/[0-9a-f]{32}\.png$/);
    const stored = await fs.readFile(path.join(t.config.dataDir, 'uploads', path.basename(ref)));
    // re-encoded: the same picture, as a PNG
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1, 1]);
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
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: 'file=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: token },
    });
    expect(envelope(form).message).toBe('Parameter error');
    const big = await noisyPng(5 * 1024 * 1024 + 1024);
    expect(envelope(await upload(multipart('file', 'big.png', big), token))).toEqual({
      type: 'error',
      code: 0,
      message: 'The file is too large (max 5 MB)',
    });
    const files = await fs.readdir(path.join(t.config.dataDir, 'uploads'));
    expect(files).toHaveLength(1);
  });
});

const storedFile = (ref: string) => fs.readFile(path.join(t.config.dataDir, 'uploads', path.basename(ref)));

describe('uploaded pictures are decoded and stored re-encoded', () => {
  it('a photo keeps its pixels and loses its EXIF (camera owner, GPS position)', async () => {
    const photo = await jpegWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const r = envelope(await upload(multipart('file', 'holiday.jpg', photo, 'image/jpeg'), token));
    expect(r.type).toBe('ok');
    expect(r.message).toMatch(/^upload\/[0-9a-f]{32}\.jpg$/);
    const stored = await storedFile(r.message as string);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 16, 12, undefined]);
    expect(stored.includes('owner-secret-name')).toBe(false);
  });

  it('refuses a GIF/HTML polyglot and a script dressed as a PNG, in the user’s language, storing nothing', async () => {
    const before = (await fs.readdir(path.join(t.config.dataDir, 'uploads'))).length;
    const polyglot = Buffer.from(
      'GIF89a/*<html><body><script>fetch("/api/user/info").then(r=>r.text()).then(alert)</script></body></html>*/=1;',
      'latin1',
    );
    expect(envelope(await upload(multipart('file', 'cat.gif', polyglot, 'image/gif'), token))).toEqual({
      type: 'error',
      code: 0,
      message: 'This file could not be read as a picture; please choose a valid PNG, JPEG, WebP or GIF image',
    });
    const fakePng = Buffer.concat([PNG.subarray(0, 8), Buffer.from('<script>alert(1)</script>')]);
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      ...withLang(multipart('file', 'a.png', fakePng), 'zh'),
    });
    expect(envelope(zh).message).toBe('无法读取该图片，请选择有效的 PNG、JPEG、WebP 或 GIF 图片');
    expect((await fs.readdir(path.join(t.config.dataDir, 'uploads'))).length).toBe(before);
  });

  it('a real GIF with HTML appended is stored without it', async () => {
    const gif = await sharp({ create: { width: 3, height: 3, channels: 3, background: '#0a0' } })
      .gif()
      .toBuffer();
    const r = envelope(
      await upload(
        multipart(
          'file',
          'x.gif',
          Buffer.concat([gif, Buffer.from('<html><script>alert(1)</script></html>')]),
          'image/gif',
        ),
        token,
      ),
    );
    expect(r.type).toBe('ok');
    const stored = await storedFile(r.message as string);
    expect(stored.includes('<script>')).toBe(false);
    expect((await sharp(stored).metadata()).format).toBe('gif');
  });
});

function withLang(body: ReturnType<typeof multipart>, lang: string) {
  return { payload: body.payload, headers: { ...body.headers, authorization: token, lang } };
}
