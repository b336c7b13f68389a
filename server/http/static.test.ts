/**
 * the web app is served like a production site — and both pages of the build are reachable.
 * A throwaway build folder stands in for dist/h5.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_SNAPSHOT_ID, IMMUTABLE, REVALIDATE, registerCompression, registerWebApp, SNAPSHOT_ID } from './static';

let app: FastifyInstance;
let root: string;
const js = 'export const x = 1;\n'.repeat(200);

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'webroot-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.mkdirSync(path.join(root, 'admin'));
  fs.writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><title>app</title></head><body>customer app</body></html>',
  );
  fs.writeFileSync(
    path.join(root, 'admin', 'index.html'),
    '<!doctype html><html><head></head><body>back office</body></html>',
  );
  fs.writeFileSync(path.join(root, 'assets', 'main-abc123.js'), js);
  fs.writeFileSync(path.join(root, 'assets', 'main-abc123.js.br'), zlib.brotliCompressSync(js));
  app = Fastify();
  await registerCompression(app);
  await registerWebApp(app, root, () => undefined);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the web app under /h5/', () => {
  it('sends hashed assets precompressed and immutable for a year', async () => {
    const res = await app.inject({ url: '/h5/assets/main-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('revalidates the customer app and the back office pages every time', async () => {
    const home = await app.inject({ url: '/h5/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('customer app');
    expect(home.headers['cache-control']).toBe(REVALIDATE);
    const admin = await app.inject({ url: '/h5/admin/' });
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('back office');
    expect(admin.headers['cache-control']).toBe(REVALIDATE);
  });

  it('puts no snapshot block in the HTML while the market is not up', async () => {
    expect((await app.inject({ url: '/h5/' })).body).not.toContain(`id="${SNAPSHOT_ID}"`);
  });
});

describe('Home’s banners and notices in the HTML (first paint)', () => {
  const block = (html: string) => {
    const m = new RegExp(`<script type="application/json" id="${HOME_SNAPSHOT_ID}">(.*?)</script>`).exec(html);
    return m
      ? (JSON.parse(m[1]) as { lang: string; at: number; banners: { title: string }[]; notices: unknown[] })
      : null;
  };

  it('in the app’s language (its cookie, else the browser’s), asked once per language while fresh, and escaped', async () => {
    const asked: string[] = [];
    const web = Fastify();
    await registerWebApp(
      web,
      root,
      () => undefined,
      async (lang) => {
        asked.push(lang);
        return { banners: [{ id: 1, title: `${lang} </script><b>` }], notices: [], pop: null };
      },
    );
    const zh = await web.inject({ url: '/h5/', headers: { cookie: 'h5_lang=zh' } });
    expect(zh.body).toContain('customer app');
    expect(block(zh.body)).toMatchObject({ lang: 'zh', banners: [{ title: 'zh </script><b>' }] });
    expect(zh.headers.vary).toContain('cookie');
    expect(
      block((await web.inject({ url: '/h5/', headers: { 'accept-language': 'fr-FR,fr;q=0.9' } })).body)?.lang,
    ).toBe('fra');
    await web.inject({ url: '/h5/', headers: { cookie: 'h5_lang=zh' } });
    expect(asked).toEqual(['zh', 'fra']);
    await web.close();
  });

  it('leaves it out, and still serves the page, when the content cannot be read', async () => {
    const web = Fastify();
    await registerWebApp(
      web,
      root,
      () => undefined,
      async () => {
        throw new Error('database down');
      },
    );
    const res = await web.inject({ url: '/h5/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('customer app');
    expect(block(res.body)).toBeNull();
    await web.close();
  });
});
