/**
 * Shared plumbing for the browser benches: build the bench pages, start the real server as a child
 * process, launch Debian's Chromium through playwright-core, throttle the page through CDP, reach
 * the market worker's target (heap, CPU profile) and summarise samples.
 *
 * CPU throttling: `Emulation.setCPUThrottlingRate` is per target, and Chromium 156 refuses it on a
 * worker target ("Operation is only supported for pages, not workers"), so under "4×" only the main
 * thread is slowed; the worker runs at full speed. We therefore also profile the worker and report
 * its busy time, so a reader can scale it.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import type { ServerMemory } from './server-memory';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * Where result files go: bench/results (one current file per bench, plus history.jsonl), or
 * BENCH_RESULTS_DIR — the smoke (scripts/bench-smoke.ts) and quick runs write to a temp dir, so they
 * never write over the figures kept in the repo.
 */
export function resultsDir(): string {
  return process.env.BENCH_RESULTS_DIR
    ? path.resolve(process.env.BENCH_RESULTS_DIR)
    : path.join(ROOT, 'bench', 'results');
}
/** one line per run of each bench: { bench, at, sha, loadavg, figures } */
export const HISTORY_FILE = 'history.jsonl';

// ---------- build ----------

/** Where the bench pages are built (BENCH_PAGES_DIR: elsewhere, as the smoke does); copied to dist/h5/bench before each page opens (servePages). */
export const PAGES_DIR = process.env.BENCH_PAGES_DIR
  ? path.resolve(process.env.BENCH_PAGES_DIR)
  : path.join(ROOT, 'dist', 'bench-pages');

/**
 * `vite build` of the app when it is missing (or asked), then always the bench pages (into
 * dist/bench-pages). The pages build in a child process while the caller goes on (the smoke runs
 * the Node parts meanwhile); it fails when the build does.
 */
export async function buildPages(opts: { app?: boolean } = {}): Promise<void> {
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  if (opts.app || !fs.existsSync(path.join(ROOT, 'dist/h5/index.html'))) {
    console.log('[bench] building the app (vite build)…');
    execFileSync(npx, ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  }
  console.log('[bench] building the bench pages…');
  const t0 = Date.now();
  const child = spawn(npx, ['vite', 'build', '-c', 'bench/vite.bench.config.ts', '--outDir', PAGES_DIR], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`the bench pages' build exited ${code}`);
  console.log(`[bench] bench pages built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

// ---------- server ----------

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerHandle {
  origin: string;
  pid: number;
  /** user+system CPU seconds used by the server so far (Linux /proc) */
  cpuSeconds(): number;
  /** with `memoryProbe`: two full GCs in the server, then its memory (server-memory.ts); else null */
  memory(): Promise<ServerMemory | null>;
  stop(): Promise<void>;
}

const CLK_TCK = 100;

/** user+system CPU seconds a process has used (Linux /proc), NaN when it is gone or elsewhere */
function cpuSecondsOf(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / CLK_TCK;
  } catch {
    return NaN;
  }
}

interface ServerOptions {
  tickRate: number;
  dataDir: string;
  extraSymbols: number;
  seed?: number;
  /** the checkout whose server (and build) runs; this one by default (bench/first-load.ts runs main's for its "before") */
  cwd?: string;
  /** started with --expose-gc and server-memory.ts preloaded: its heap after a GC over IPC (the soak) */
  memoryProbe?: boolean;
}

/** shared servers by their options (BENCH_SHARE_SERVER=1): see startServer */
const shared = new Map<string, Promise<ServerHandle>>();

/**
 * A bench server on `dataDir`. With BENCH_SHARE_SERVER=1 (the smoke: the figures mean nothing, the
 * server starts are most of its time) a part asking for the same options as an earlier one gets that
 * server, its stop() does nothing, and `stopSharedServers()` ends them all. With BENCH_SERVER_ORIGIN
 * (the smoke, scripts/bench-smoke.ts: one server for every bench, BENCH_SERVER_PID its process) that
 * server, whatever the options: this waits until it answers and never stops it.
 */
export async function startServer(o: ServerOptions): Promise<ServerHandle> {
  if (process.env.BENCH_SERVER_ORIGIN)
    return outsideServer(process.env.BENCH_SERVER_ORIGIN, Number(process.env.BENCH_SERVER_PID));
  if (process.env.BENCH_SHARE_SERVER !== '1') return startServerRetrying(o);
  const key = JSON.stringify([o.tickRate, o.dataDir, o.extraSymbols, o.seed ?? 42, o.cwd ?? ROOT, !!o.memoryProbe]);
  let handle = shared.get(key);
  if (!handle) {
    handle = startServerRetrying(o);
    shared.set(key, handle);
    handle.catch(() => shared.delete(key));
  }
  const server = await handle;
  return { ...server, stop: async () => undefined };
}

/** ends every server startServer shared (BENCH_SHARE_SERVER=1), and the shared browser (launchBrowser) */
export async function stopSharedServers(): Promise<void> {
  const all = [...shared.values()];
  shared.clear();
  await Promise.all(all.map(async (h) => (await h.catch(() => null))?.stop()));
  const close = sharedBrowser && (await sharedBrowser.then(() => closeShared).catch(() => null));
  sharedBrowser = closeShared = null;
  await close?.().catch(() => {});
}

/** Someone else's server (BENCH_SERVER_ORIGIN): waits until it answers; stop() leaves it running. */
async function outsideServer(origin: string, pid: number): Promise<ServerHandle> {
  const deadline = Date.now() + Number(process.env.BENCH_START_S ?? 120) * 1000;
  for (;;) {
    if (pid && !fs.existsSync(`/proc/${pid}`)) throw new Error(`the server at ${origin} (pid ${pid}) has exited`);
    const up = await fetch(`${origin}/api/currency/quotation_new`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`the server at ${origin} did not answer in time`);
    await sleep(250);
  }
  return { origin, pid, cpuSeconds: () => cpuSecondsOf(pid), memory: async () => null, stop: async () => undefined };
}

async function startServerRetrying(o: ServerOptions): Promise<ServerHandle> {
  // On a loaded shared machine an area's start (the market's, at 50,000 ticks/s over ~2,000
  // symbols) can pass Fastify's 10 s plugin timeout and the server exits: start it again.
  for (let attempt = 1; ; attempt++) {
    try {
      // BENCH_PORT: a fixed port (a shared machine hands each person a range)
      const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
      return await spawnServer({ ...o, port }).ready;
    } catch (err) {
      if (attempt >= 3 || !/did not start in time/.test(String(err))) throw err;
      console.log(`[bench] server start timed out in a plugin (attempt ${attempt}), again…`);
    }
  }
}

/** Spawns a bench server (`node --import tsx server/main.ts`) on `port` at once; `ready` resolves when it answers. */
export function spawnServer(o: ServerOptions & { port: number }): {
  origin: string;
  child: ChildProcess;
  ready: Promise<ServerHandle>;
} {
  const port = o.port;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: o.dataDir,
    TICK_RATE: String(o.tickRate),
    MARKET_SYMBOLS_EXTRA: String(o.extraSymbols),
    // 6,000 real 1min bars of BTC/USDT on the first start (server/market/store/open-candles.ts), so
    // the history bench reads 5,000 candles from the real endpoint instead of a Playwright route.
    MARKET_BENCH_BACKFILL: process.env.MARKET_BENCH_BACKFILL ?? 'BTC/USDT:6000',
    FEED_SEED: String(o.seed ?? 42),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    // the market's start at 50,000 ticks/s passed Fastify's 10 s on a loaded shared machine
    PLUGIN_TIMEOUT_MS: process.env.PLUGIN_TIMEOUT_MS ?? '120000',
  };
  const probe = o.memoryProbe ? ['--expose-gc', '--import', 'tsx', '--import', MEMORY_PROBE] : ['--import', 'tsx'];
  const child: ChildProcess = spawn(process.execPath, [...probe, 'server/main.ts'], {
    cwd: o.cwd ?? ROOT,
    env,
    stdio: o.memoryProbe ? ['ignore', 'ignore', 'pipe', 'ipc'] : ['ignore', 'ignore', 'pipe'],
  });
  const origin = `http://127.0.0.1:${port}`;
  return { origin, child, ready: serverReady(child, origin) };
}

const MEMORY_PROBE = pathToFileURL(path.join(ROOT, 'bench/browser/server-memory.ts')).href;

/** The server's memory after two full GCs, over IPC (server-memory.ts); null without the probe or an answer in 60 s. */
async function askMemory(child: ChildProcess): Promise<ServerMemory | null> {
  if (!child.send || !child.connected) return null;
  return new Promise((resolve) => {
    const done = (v: ServerMemory | null) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(v);
    };
    const onMessage = (m: unknown) => {
      if (m && typeof m === 'object' && 'memory' in m) done((m as { memory: ServerMemory }).memory);
    };
    const timer = setTimeout(() => done(null), patience(60_000));
    child.on('message', onMessage);
    child.send?.('memory');
  });
}

async function serverReady(child: ChildProcess, origin: string): Promise<ServerHandle> {
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  // BENCH_START_S: how long a start may take (120 s; a loaded shared machine needs more at 50,000 ticks/s)
  const startS = Number(process.env.BENCH_START_S ?? 120);
  const t0 = Date.now();
  const deadline = t0 + startS * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    try {
      const r = await fetch(`${origin}/api/currency/quotation_new`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in ${startS} s: ${stderr}`);
    }
    await sleep(250);
  }
  console.log(`[bench] server on ${origin} answered in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const pid = child.pid as number;
  return {
    origin,
    pid,
    cpuSeconds: () => cpuSecondsOf(pid),
    memory: () => askMemory(child),
    async stop() {
      if (child.exitCode !== null) return;
      const done = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 8000);
      await done;
      clearTimeout(t);
    },
  };
}

// ---------- browser ----------

/**
 * For the diagnosis probes: a server on a temporary data dir at `tickRate` (2,000 extra symbols)
 * and a browser, given to `fn` and always stopped (and the data dir removed) afterwards.
 */
export async function withServerAndBrowser(
  name: string,
  tickRate: number,
  fn: (server: ServerHandle, browser: Browser) => Promise<void>,
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const server = await startServer({ tickRate, dataDir, extraSymbols: 2000 });
  const browser = await launchBrowser();
  try {
    await sleep(1500);
    await fn(server, browser);
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** the one browser of a run that shares its servers (BENCH_SHARE_SERVER=1): see launchBrowser */
let sharedBrowser: Promise<Browser> | null = null;
let closeShared: (() => Promise<void>) | null = null;

/**
 * Debian's Chromium, headless. With BENCH_SHARE_SERVER=1 (the smoke) every part of the run gets
 * the same browser (each still opens its own contexts), its close() does nothing and
 * `stopSharedServers()` closes it.
 */
export async function launchBrowser(): Promise<Browser> {
  if (process.env.BENCH_SHARE_SERVER !== '1') return launchChromium();
  sharedBrowser ??= launchChromium().then((b) => {
    closeShared = b.close.bind(b);
    b.close = async () => undefined;
    return b;
  });
  const browser = sharedBrowser;
  browser.catch(() => {
    if (sharedBrowser === browser) sharedBrowser = null;
  });
  return browser;
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--enable-precise-memory-info',
    ],
  });
}

/** A CDP session to the page plus the (non-flattened) sessions of its dedicated workers. */
export interface BenchPage {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** send a CDP command to the first worker target (the market worker) */
  worker(method: string, params?: object): Promise<Record<string, unknown>>;
  hasWorker(): boolean;
  close(): Promise<void>;
}

/**
 * Put the bench pages where the real server serves them (dist/h5/bench), right before a page is
 * opened: another engineer's `npm run build` empties dist/h5 at any time, so they are copied from
 * dist/bench-pages each time rather than built there once. (Serving them by Playwright routing
 * instead was tried: with any route on the context, the market worker's websocket fails and
 * socket.io falls back to long-polling, which measures something else.)
 */
export function servePages(): void {
  if (!fs.existsSync(path.join(PAGES_DIR, 'browser')))
    throw new Error('bench pages not built: npx vite build -c bench/vite.bench.config.ts');
  if (!fs.existsSync(path.join(ROOT, 'dist/h5/index.html')))
    throw new Error('dist/h5 has no app build (the server serves /h5/ only then): npm run build');
  // parts running side by side (the smoke, BENCH_SHARE_SERVER=1) must not rewrite a page another
  // part is loading: copied once, and again only when a build has removed them
  const there = fs.existsSync(path.join(ROOT, 'dist/h5/bench/browser'));
  if (pagesServed && there && process.env.BENCH_SHARE_SERVER === '1') return;
  fs.cpSync(PAGES_DIR, path.join(ROOT, 'dist/h5/bench'), { recursive: true });
  pagesServed = true;
}
let pagesServed = false;

export async function openBenchPage(
  browser: Browser,
  throttle: number,
  setup?: (ctx: BrowserContext) => Promise<void>,
): Promise<BenchPage> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  // Playwright's 30 s for every wait without its own limit, stretched as patience() says
  context.setDefaultTimeout(patience(30_000));
  servePages();
  if (setup) await setup(context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const workers: string[] = [];
  let nextId = 1_000_000;
  const waits = new Map<number, { res: (v: Record<string, unknown>) => void; rej: (e: Error) => void }>();
  cdp.on('Target.attachedToTarget', (e) => {
    if (e.targetInfo.type === 'worker') workers.push(e.sessionId);
  });
  cdp.on('Target.detachedFromTarget', (e) => {
    const i = workers.indexOf(e.sessionId ?? '');
    if (i >= 0) workers.splice(i, 1);
  });
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const m = JSON.parse(e.message) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
    const w = m.id !== undefined ? waits.get(m.id) : undefined;
    if (!w || m.id === undefined) return;
    waits.delete(m.id);
    if (m.error) w.rej(new Error(m.error.message));
    else w.res(m.result ?? {});
  });
  // Non-flattened auto-attach: worker messages travel inside Target.* on this session.
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  await cdp.send('Performance.enable');
  if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  return {
    context,
    page,
    cdp,
    hasWorker: () => workers.length > 0,
    worker(method, params = {}) {
      const sid = workers[0];
      if (!sid) return Promise.reject(new Error('no worker target'));
      const id = ++nextId;
      return new Promise((res, rej) => {
        waits.set(id, { res, rej });
        cdp
          .send('Target.sendMessageToTarget', { sessionId: sid, message: JSON.stringify({ id, method, params }) })
          .catch(rej);
      });
    },
    async close() {
      await context.close().catch(() => {});
    },
  };
}

export async function pageMetrics(bp: BenchPage): Promise<Record<string, number>> {
  const r = await bp.cdp.send('Performance.getMetrics');
  return Object.fromEntries(r.metrics.map((m) => [m.name, m.value]));
}

/** JS heap used (bytes) of the page and of the worker, optionally after a forced GC on both. */
export async function heaps(bp: BenchPage, gc = false): Promise<{ main: number; worker: number | null }> {
  if (gc) {
    await bp.cdp.send('HeapProfiler.collectGarbage').catch(() => {});
    if (bp.hasWorker()) await bp.worker('HeapProfiler.collectGarbage').catch(() => {});
  }
  const main = (await bp.cdp.send('Runtime.getHeapUsage')).usedSize;
  let worker: number | null = null;
  if (bp.hasWorker())
    worker =
      ((await bp.worker('Runtime.getHeapUsage').catch(() => ({ usedSize: null }))).usedSize as number | null) ?? null;
  return { main, worker };
}

/** Sampling CPU profile of the worker: busy ms = samples not in '(idle)'. */
export async function startWorkerProfile(bp: BenchPage): Promise<boolean> {
  if (!bp.hasWorker()) return false;
  try {
    await bp.worker('Profiler.enable');
    await bp.worker('Profiler.setSamplingInterval', { interval: 1000 });
    await bp.worker('Profiler.start');
    return true;
  } catch {
    return false;
  }
}

export async function stopWorkerProfile(bp: BenchPage): Promise<{ busyMs: number; totalMs: number } | null> {
  try {
    const r = (await bp.worker('Profiler.stop')) as {
      profile?: {
        nodes: { id: number; callFrame: { functionName: string } }[];
        samples?: number[];
        timeDeltas?: number[];
        startTime: number;
        endTime: number;
      };
    };
    const p = r.profile;
    if (!p?.samples || !p.timeDeltas) return null;
    const idle = new Set(p.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
    let busy = 0;
    // timeDeltas[i] is the time since the previous sample: attribute it to sample i.
    for (let i = 0; i < p.samples.length; i++) if (!idle.has(p.samples[i])) busy += p.timeDeltas[i];
    return { busyMs: busy / 1000, totalMs: (p.endTime - p.startTime) / 1000 };
  } catch {
    return null;
  }
}

// ---------- stats ----------

/** A Chromium trace event (the fields the diagnosis scripts read). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** thread (CPU) time, µs */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

/** A CDP Profiler profile (the fields the diagnosis scripts read). */
export interface CpuProfile {
  nodes: { id: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime?: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export function summarize(xs: readonly number[]): Summary {
  if (xs.length === 0) return { n: 0, p50: NaN, p95: NaN, p99: NaN, max: NaN, mean: NaN };
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
  return {
    n: s.length,
    p50: q(0.5),
    p95: q(0.95),
    p99: q(0.99),
    max: s[s.length - 1],
    mean: s.reduce((a, b) => a + b, 0) / s.length,
  };
}

export function round(x: number, d = 1): number {
  if (!Number.isFinite(x)) return x;
  const k = 10 ** d;
  return Math.round(x * k) / k;
}

/** `--name=value` from the command line, or `def`. */
export function arg(name: string, def: string): string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : def;
}

/** Scrolls every scroller of the page by `by` px, as the terminal bench does (the pair page's book sits under the chart). */
export async function scrollScrollers(page: Page, by: number): Promise<void> {
  if (!by) return;
  await page.evaluate((n) => {
    for (const e of document.querySelectorAll('*'))
      if (e.scrollHeight > e.clientHeight + 10 && getComputedStyle(e).overflowY !== 'visible') e.scrollBy(0, n);
    window.scrollBy(0, n);
  }, by);
}

/**
 * Serves another build of the bench pages beside this one's: `bench-NAME`, built with
 * `--base /h5/bench-NAME/ --outDir dist/bench-pages-NAME`, is copied to dist/h5/bench-NAME/ (the
 * A/B probes' other side). `bench` is this checkout's own build and needs nothing.
 */
export function serveOtherBuild(base: string): void {
  if (base === 'bench') return;
  const from = path.join(ROOT, `dist/bench-pages-${base.replace(/^bench-/, '')}`);
  fs.cpSync(from, path.join(ROOT, `dist/h5/${base}`), { recursive: true });
}

/**
 * The bench page's pair screen as the 6× probes open it (`query`: e.g. `&ind=boll,macd`): loaded
 * unthrottled (a 6× page load on a loaded machine times out), ready once its book is synced and its
 * indicator chips are pressed, on the trades tab if asked, scrolled to the book, then throttled.
 */
export async function openPairScreen(
  browser: Browser,
  url: string,
  query: string,
  o: { throttle: number; part?: string },
): Promise<BenchPage> {
  const chips = [...query.matchAll(/ind=([\w,]+)/g)]
    .flatMap((m) => m[1].split(','))
    .map((n) => `:has([data-testid="ind-${n}"][aria-pressed="true"])`)
    .join('');
  const bp = await openBenchPage(browser, 1);
  try {
    await bp.page.goto(url, { waitUntil: 'load', timeout: 180_000 });
    await bp.page.waitForSelector(`body:has([data-synced="true"])${chips}`, { timeout: 180_000, state: 'attached' });
    if (o.part === 'trades') await bp.page.click('[data-testid="tab-trades"]');
    await scrollScrollers(bp.page, 400);
    await bp.cdp.send('Emulation.setCPUThrottlingRate', { rate: o.throttle });
    return bp;
  } catch (e) {
    await bp.close();
    throw e;
  }
}

/**
 * A page wait's limit, stretched by BENCH_PATIENCE (default 1): the smoke sets 3, since on a loaded
 * shared machine a page load at 4× CPU took over two minutes — slow is not broken.
 */
export function patience(ms: number): number {
  return ms * Math.max(1, Number(process.env.BENCH_PATIENCE ?? 1) || 1);
}

/**
 * A wait that only lets a page or the feed settle (not a measuring window): the smoke
 * (BENCH_SMOKE=1, scripts/bench-smoke.ts), whose figures mean nothing, waits a fifth of it.
 */
export function settle(ms: number): Promise<void> {
  return sleep(process.env.BENCH_SMOKE === '1' ? ms / 5 : ms);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Writes a bench's current figures (`name`.json in resultsDir()) and appends them to the history. */
export function writeJson(name: string, data: unknown): string {
  const file = writeText(name, JSON.stringify(data, null, 2) + '\n');
  appendHistory(name.replace(/\.json$/, ''), data);
  return file;
}

/** A result file (a bench's Markdown report) in resultsDir(). */
export function writeText(name: string, text: string): string {
  fs.mkdirSync(resultsDir(), { recursive: true });
  const file = path.join(resultsDir(), name);
  fs.writeFileSync(file, text);
  return file;
}

/** One line of history.jsonl: which bench, when, on which commit, under what load, and its figures. */
export function appendHistory(bench: string, data: unknown): void {
  const { machine, ...figures } = (typeof data === 'object' && data !== null ? data : { value: data }) as Record<
    string,
    unknown
  >;
  const m = machineInfo();
  const line = {
    bench,
    at: m.at,
    sha: gitSha(),
    loadavg: m.loadavg,
    cpus: m.cpus,
    node: m.node,
    figures,
    ...(machine ? { machine } : {}),
  };
  fs.mkdirSync(resultsDir(), { recursive: true });
  fs.appendFileSync(path.join(resultsDir(), HISTORY_FILE), JSON.stringify(line) + '\n');
}

/** The commit measured (with `+dirty` when the work tree has changes), or null outside a git checkout. */
function gitSha(): string | null {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
    // the result files a run writes do not make the measured code dirty
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no', '--', '.', ':!bench/results'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
    return dirty ? `${sha}+dirty` : sha;
  } catch {
    return null;
  }
}

/** Environment facts every result file carries, so a reader knows what the figures were measured on. */
export function machineInfo(): Record<string, unknown> {
  let load: number[] = [];
  try {
    load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);
  } catch {
    /* not Linux */
  }
  let cpus = 0;
  try {
    cpus = Number(execFileSync('nproc').toString().trim());
  } catch {
    /* ignore */
  }
  return { node: process.version, cpus, loadavg: load, at: new Date().toISOString() };
}

const label = (e: TraceEvent): string => {
  const fn = e.args?.data?.functionName;
  const url = e.args?.data?.url;
  return `${e.name}${typeof fn === 'string' && fn ? `(${fn})` : ''}${typeof url === 'string' && url ? ` ${url.split('/').pop() ?? ''}` : ''}`;
};

/** The events inside `task` over 1 ms, nested by time containment. */
export function printTree(onMain: TraceEvent[], task: TraceEvent): void {
  const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);
  const inner = onMain
    .filter((e) => e.ts >= task.ts && end(e) <= end(task) && (e.dur ?? 0) > 1000)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const stack: TraceEvent[] = [];
  for (const e of inner) {
    while (stack.length && end(stack[stack.length - 1]) < end(e)) stack.pop();
    console.log(`    ${'  '.repeat(stack.length)}${label(e)} ${((e.dur ?? 0) / 1000).toFixed(1)}`);
    stack.push(e);
  }
}
