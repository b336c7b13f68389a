/**
 * The web app's delivery (issue 27): served like a production site.
 *
 * - Compression: `vite build` writes .br and .gz beside every text asset (vite.config.ts), and
 *   @fastify/static's `preCompressed` sends the one the browser asks for — no CPU per request.
 *   Anything else (API answers, the HTML below) goes through @fastify/compress above 1 KB.
 *   Socket.io is not a Fastify route and is untouched.
 * - Caching: hashed files under /h5/assets/ never change, so they are immutable for a year;
 *   index.html, the service worker and the manifest must be revalidated every time, or a deploy
 *   would never reach a returning user.
 * - First-paint prices: the HTML carries the quotation_new answer as a JSON data block (not a
 *   script: the CSP allows no inline script, and data blocks are never executed), so Home and
 *   Markets paint real prices before any API call. The app ignores it when it is old (a copy from
 *   the service worker's cache).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { quoteGroups, type MarketService } from '../market';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
/** the id of the data block the app reads (src/market/snapshot.ts) */
export const SNAPSHOT_ID = 'quotes-snapshot';

/** Before any route: compresses API answers (and the HTML) over 1 KB for browsers that ask. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
}

/** The app under /h5/: precompressed files with cache headers, and index.html with a quotes snapshot. */
export async function registerWebApp(app: FastifyInstance, webRoot: string, market: () => MarketService | undefined): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.get('/h5/', async (_req, reply) =>
      reply.type('text/html; charset=utf-8').send('<!doctype html><p>The web app is not built yet: run <code>npm run build</code>, then reload.</p>'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: '/h5/',
    index: false,
    redirect: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', file.startsWith(path.join(webRoot, 'assets') + path.sep) ? IMMUTABLE : REVALIDATE);
    },
  });
  // A build can be replaced under a running server (a deploy, a developer's rebuild): re-read on change.
  let cached: { mtimeMs: number; head: string; tail: string } | null = null;
  const html = (): { head: string; tail: string } => {
    const mtimeMs = fs.statSync(indexFile).mtimeMs;
    if (cached?.mtimeMs !== mtimeMs) {
      const text = fs.readFileSync(indexFile, 'utf8');
      const at = text.indexOf('</head>');
      cached = { mtimeMs, head: text.slice(0, at), tail: text.slice(at) };
    }
    return cached;
  };
  const sendIndex = async (_req: unknown, reply: FastifyReply) => {
    const { head, tail } = html();
    const m = market();
    const block = m ? snapshotBlock(Date.now(), quoteGroups(m)) : '';
    return reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(head + block + tail);
  };
  app.get('/h5/', sendIndex);
  app.get('/h5/index.html', sendIndex);
  // the operators' back office is the build's second page (index: false above serves no directory index)
  const adminIndex = path.join('admin', 'index.html');
  if (fs.existsSync(path.join(webRoot, adminIndex))) {
    app.get('/h5/admin/', async (_req, reply) => reply.header('cache-control', REVALIDATE).sendFile(adminIndex));
  }
}

/** `<` escaped so no quote text can close the element. */
export function snapshotBlock(at: number, groups: unknown): string {
  const json = JSON.stringify({ at, groups }).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SNAPSHOT_ID}">${json}</script>`;
}
