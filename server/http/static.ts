/**
 * The web app's delivery: served like a production site.
 *
 * - Compression: `vite build` writes .br and .gz beside every text asset (vite.config.ts), and
 *   @fastify/static's `preCompressed` sends the one the browser asks for — no CPU per request.
 *   Anything else (API answers, the HTML below) goes through @fastify/compress above 1 KB.
 *   Socket.io is not a Fastify route and is untouched.
 * - Caching: hashed files under /h5/assets/ never change, so they are immutable for a year;
 *   index.html, the service worker and the manifest must be revalidated every time, or a deploy
 *   would never reach a returning user.
 * - First-paint prices: the HTML carries the quotation_new answer as a JSON data block (data
 *   blocks are never executed), so Home and Markets paint real prices before any API call. The app
 *   ignores it when it is old (a copy from the service worker's cache).
 * - A static app shell inside #root (server/http/app-shell.ts): the opened route's first screen in
 *   plain HTML and CSS, painted before any script has arrived; React's first render replaces it.
 *   Its two inline scripts are allowed by hash on this route alone (INDEX_CSP).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { quoteGroups, type MarketService } from '../market';
import { LANGS } from '../../core/types/api';
import { requestPageLang } from '../../core/policy/first-lang';
import { CONTENT_SECURITY_POLICY } from './security-headers';
import { appShell, type HomeContent } from './app-shell';

export type { HomeContent };
import { SHELL_LANG_META, SHELL_PRUNE_SCRIPT, SHELL_SCRIPT, SHELL_SCRIPT_CSP, SHELL_STYLE } from './app-shell-head';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
/** the id of the data block the app reads (src/market/snapshot.ts) */
export const SNAPSHOT_ID = 'quotes-snapshot';
/** the id of Home's content block (src/pages/index/home-snapshot.ts) */
export const HOME_SNAPSHOT_ID = 'home-snapshot';

/** The index's CSP: the app's, plus the app shell's two inline scripts by their hashes (server/http/app-shell-head.ts). */
const INDEX_CSP = CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' ${SHELL_SCRIPT_CSP}`);
const ROOT_DIV = '<div id="root"></div>';
/** Home's content is the same for every visitor of a language: asked again at most this often. */
const HOME_CACHE_MS = 30_000;

/** Before any route: compresses API answers (and the HTML) over 1 KB for browsers that ask. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}

/** The app under /h5/: precompressed files with cache headers, and index.html with a quotes snapshot. */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  market: () => MarketService | undefined,
  home?: (lang: string) => Promise<HomeContent>,
): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.get('/h5/', async (_req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send('<!doctype html><p>The web app is not built yet: run <code>npm run build</code>, then reload.</p>'),
    );
    return;
  }
  await serveBuiltFiles(app, webRoot);
  const index = new IndexPage(indexFile, market, home);
  const sendIndex = (req: FastifyRequest, reply: FastifyReply) => index.send(req, reply);
  app.get('/h5/', sendIndex);
  app.get('/h5/index.html', sendIndex);
  // the operators' back office is the build's second page (index: false above serves no directory index)
  const adminIndex = path.join('admin', 'index.html');
  if (fs.existsSync(path.join(webRoot, adminIndex))) {
    app.get('/h5/admin/', async (_req, reply) => reply.header('cache-control', REVALIDATE).sendFile(adminIndex));
  }
}

/** The build's files, precompressed, hashed assets immutable and everything else revalidated. */
async function serveBuiltFiles(app: FastifyInstance, webRoot: string): Promise<void> {
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
}

/** The page in three parts: up to </head>, from there to inside #root (the app shell goes there), the rest. */
interface IndexParts {
  head: string;
  body: string;
  tail: string;
  hasRoot: boolean;
}

/** index.html with the quotes snapshot, Home's content and the app shell written into it. */
class IndexPage {
  private cached: (IndexParts & { mtimeMs: number }) | null = null;
  private readonly homeCache = new Map<string, { at: number; content: Promise<HomeContent> }>();
  private readonly indexFile: string;
  private readonly market: () => MarketService | undefined;
  private readonly home: ((lang: string) => Promise<HomeContent>) | undefined;

  constructor(
    indexFile: string,
    market: () => MarketService | undefined,
    home: ((lang: string) => Promise<HomeContent>) | undefined,
  ) {
    this.indexFile = indexFile;
    this.market = market;
    this.home = home;
  }

  async send(req: FastifyRequest, reply: FastifyReply) {
    const { head, body, tail, hasRoot } = this.parts();
    const m = this.market();
    const now = Date.now();
    const groups = m ? quoteGroups(m) : null;
    const block = groups ? snapshotBlock(now, groups) : '';
    // Home's banners and notices in the language the app will open in, so they are in its first paint
    const lang = requestPageLang(req.headers.cookie, req.headers['accept-language'], LANGS);
    const content = await this.homeContent(lang)?.catch((err: unknown) => {
      req.log.warn({ err }, 'home content for the HTML failed');
      this.homeCache.delete(lang);
      return null;
    });
    const homeBlock = content ? dataBlock(HOME_SNAPSHOT_ID, { at: now, lang, ...content }) : '';
    // the first screen of the opened route, painted before any script (server/http/app-shell.ts)
    const shell = !hasRoot
      ? ''
      : appShell({ lang, siteName: content?.site_name ?? 'H5 Exchange', groups, home: content ?? null }) +
        `<script>${SHELL_PRUNE_SCRIPT}</script>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', REVALIDATE)
      .header('vary', 'cookie, accept-language')
      .header('content-security-policy', INDEX_CSP)
      .send(
        head +
          block +
          homeBlock +
          `<meta name="${SHELL_LANG_META}" content="${lang}">` +
          SHELL_STYLE +
          `<script>${SHELL_SCRIPT}</script>` +
          body +
          shell +
          tail,
      );
  }

  /** A build can be replaced under a running server (a deploy, a developer's rebuild): re-read on change. */
  private parts(): IndexParts {
    const mtimeMs = fs.statSync(this.indexFile).mtimeMs;
    if (this.cached?.mtimeMs !== mtimeMs) {
      const text = fs.readFileSync(this.indexFile, 'utf8');
      const at = text.indexOf('</head>');
      const root = text.indexOf(ROOT_DIV);
      const inRoot = root < 0 ? text.length : root + ROOT_DIV.length - '</div>'.length;
      this.cached = {
        mtimeMs,
        head: text.slice(0, at),
        body: text.slice(at, inRoot),
        tail: text.slice(inRoot),
        hasRoot: root >= 0,
      };
    }
    return this.cached;
  }

  private homeContent(lang: string): Promise<HomeContent> | null {
    if (!this.home) return null;
    const now = Date.now();
    let c = this.homeCache.get(lang);
    if (!c || now - c.at > HOME_CACHE_MS) this.homeCache.set(lang, (c = { at: now, content: this.home(lang) }));
    return c.content;
  }
}

/** `<` escaped so no quote text can close the element. */
function snapshotBlock(at: number, groups: unknown): string {
  return dataBlock(SNAPSHOT_ID, { at, groups });
}

function dataBlock(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${id}">${json}</script>`;
}
