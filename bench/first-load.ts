/**
 * First load on a mid-range phone over 4G: the built app, served by the real server,
 * opened in Debian's Chromium at 390×844 with Lighthouse's mobile profile applied through CDP —
 * 4× CPU, 150 ms RTT, 1.6 Mbps down, 750 kbps up. Per route, `runs` cold loads (a fresh browser
 * context: empty HTTP cache, no service worker) each followed by a warm load in the same context
 * (a second visit: HTTP cache and, when the app has one, its service worker). Reports medians and
 * spreads (min–max) of FCP, LCP, CLS, blocking time (long tasks over 50 ms: all of the load's, and
 * from FCP on as Lighthouse counts it), the first price on
 * screen, and the bytes on the wire by type — plus how many static assets the warm load fetched
 * over the network before first paint.
 *
 *   npx tsx bench/first-load.ts [--label=current] [--runs=3] [--routes=home,markets,contract,login]
 *                               [--app-root=DIR] [--shots=DIR] [--compare-root=DIR --compare-label=before]
 *                               [--calibrate | --target-index=650]
 *
 * `--app-root` runs the server (and serves the build) of another checkout, e.g. a worktree of
 * `main` for the "before" figures; it must have been built (`npm run build` there). `--compare-root`
 * measures a second checkout in the same run, its loads interleaved with the first's (on a shared,
 * busy machine only such ratios mean anything); the load average is written beside the figures.
 *
 * `--calibrate` (or `--target-index=N`) calibrates the CPU instead of the fixed 4×: before each
 * cold load it takes the host's BenchmarkIndex and throttles by index ÷ 650 (N), so every run
 * emulates the same phone however fast or busy the host is then (bench/browser/calibrate.ts). Each
 * run's index and rate are printed and written beside its figures. For an A/B of two builds the
 * fixed 4× is the fairer one (both variants at the same rate).
 *
 * Throttling limits (Chromium): CPU throttling is per target and refused on worker targets, so the
 * market Web Worker runs at full speed; the network profile is applied to the worker's target too
 * (it is attached paused, throttled, then resumed), so its socket and fetches pay the RTT.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import {
  launchBrowser,
  machineInfo,
  patience,
  ROOT,
  round,
  settle,
  startServer,
  writeJson,
  writeText,
} from './browser/harness';
import { benchmarkIndex, calibratedRate, REFERENCE_PHONE_INDEX } from './browser/calibrate';

/** the label of the current figures: bench/results/first-load.{json,md} (another label writes first-load-<label>.*) */
const DEFAULT_LABEL = 'current';

function arg(name: string, def: string): string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : def;
}

/** Lighthouse's mobile ("slow 4G") profile, as Chrome DevTools applies it. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_RATE = 4;

interface RouteDef {
  name: string;
  hash: string;
  /** the route shows prices: wait for the first one */
  prices: boolean;
  /** the route's main content: LCP is read only once it is on screen (on a loaded machine the page can come after the settle time) */
  ready: string;
}
const ROUTES: RouteDef[] = [
  { name: 'home', hash: '#/pages/index/index', prices: true, ready: '[data-testid="last-price"]' },
  { name: 'markets', hash: '#/pages/market/market', prices: true, ready: '[data-testid="market-list"]' },
  { name: 'contract', hash: '#/pages/transaction/contract', prices: false, ready: 'form, .adm-button' },
  { name: 'login', hash: '#/pages/common/login', prices: false, ready: 'h2' },
];

/**
 * In the page before any script: paint, LCP, layout shift and long-task observers, and the first
 * moment a price (digits in a price cell — the page's or the static app shell's — or a Markets row's accessible name with its last price)
 * is in the DOM.
 */
const PROBE = `(() => {
  const m = window.__fl = { fcp: null, lcp: null, lcpEl: '', cls: 0, longTasks: 0, tbt: 0, tasks: [], firstPrice: null };
  const po = (type, fn) => { try { new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true }); } catch {} };
  po('paint', (e) => { if (e.name === 'first-contentful-paint') m.fcp = e.startTime; });
  po('largest-contentful-paint', (e) => { m.lcp = e.startTime; const el = e.element; m.lcpEl = el ? (el.tagName + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : '')) : ''; });
  po('layout-shift', (e) => { if (!e.hadRecentInput) m.cls += e.value; });
  po('longtask', (e) => { m.longTasks++; m.tbt += Math.max(0, e.duration - 50); m.tasks.push([e.startTime, e.duration]); });
  const priced = () => {
    for (const el of document.querySelectorAll('[data-testid="last-price"], [data-shell-price]')) if (/\\d/.test(el.textContent || '') && el.getClientRects().length > 0) return true;
    for (const el of document.querySelectorAll('[data-testid="market-list"] [data-symbol][aria-label]')) if (/\\d/.test(el.getAttribute('aria-label') || '')) return true;
    return false;
  };
  const check = () => { if (m.firstPrice === null && priced()) { m.firstPrice = performance.now(); mo.disconnect(); } };
  const mo = new MutationObserver(check);
  // the document itself, which exists when this runs: the parser's insertions (a price in the HTML) are seen too
  mo.observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['aria-label'] });
})();`;

interface Probe {
  fcp: number | null;
  lcp: number | null;
  lcpEl: string;
  cls: number;
  longTasks: number;
  tbt: number;
  /** every long task as [start, duration] (ms) */
  tasks: [number, number][];
  firstPrice: number | null;
}

/**
 * Blocking time as Lighthouse counts it: from first contentful paint on (a task that straddles FCP
 * counts only its part after it), over 50 ms per task. Lighthouse stops at time to interactive; this
 * counts to the end of the load's settle window, so it is never less.
 */
function tbtAfterFcp(p: Probe): number | null {
  if (p.fcp === null) return null;
  const fcp = p.fcp;
  return p.tasks.reduce((a, [start, dur]) => {
    const from = Math.max(start, fcp);
    const len = start + dur - from;
    return a + (start + dur > fcp ? Math.max(0, len - 50) : 0);
  }, 0);
}

interface LoadResult extends Probe {
  /** the CPU slowdown this load ran at (4, or calibrated: see --target-index) */
  cpuRate: number;
  /** the host's BenchmarkIndex taken just before it (calibrated runs) */
  hostIndex: number | null;
  bytes: Record<string, number>;
  requests: number;
  /** static (non-API, non-socket) responses that came over the network, not from a cache or the service worker, before FCP */
  staticFromNetworkBeforeFcp: number;
}

/** Throttle the page and every worker it starts (workers attached paused, throttled, resumed). */
async function throttle(cdp: CDPSession, cpuRate: number): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  let id = 1;
  cdp.on('Target.attachedToTarget', (e) => {
    const send = (method: string, params: object = {}) =>
      cdp
        .send('Target.sendMessageToTarget', {
          sessionId: e.sessionId,
          message: JSON.stringify({ id: id++, method, params }),
        })
        .catch(() => {});
    void (async () => {
      if (e.targetInfo.type === 'worker') {
        await send('Network.enable');
        await send('Network.emulateNetworkConditions', NETWORK);
      }
      await send('Runtime.runIfWaitingForDebugger');
    })();
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
}

const isStatic = (url: string) => url.includes('/h5/') && !url.includes('/api/') && !url.includes('/socket.io');

async function load(
  page: Page,
  url: string,
  route: RouteDef,
  cpu: { rate: number; hostIndex: number | null },
  shot?: string,
): Promise<LoadResult> {
  const cdp = await page.context().newCDPSession(page);
  await throttle(cdp, cpu.rate);
  const reqs = new Map<string, { type: string; url: string; network: boolean; at: number }>();
  const bytes: Record<string, number> = {};
  cdp.on('Network.responseReceived', (e) => {
    const r = e.response;
    reqs.set(e.requestId, {
      type: e.type,
      url: r.url,
      network: !r.fromDiskCache && !r.fromServiceWorker && !r.fromPrefetchCache,
      at: e.timestamp,
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = reqs.get(e.requestId);
    if (!r) return;
    bytes[r.type] = (bytes[r.type] ?? 0) + e.encodedDataLength;
  });
  let navStart = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'Document' && !navStart) navStart = e.timestamp;
  });
  await page.goto(url, { waitUntil: 'load', timeout: patience(60_000) });
  await page
    .waitForFunction(() => (window as unknown as { __fl: Probe }).__fl.fcp !== null, undefined, { timeout: 60_000 })
    .catch(() => {});
  if (shot) await page.screenshot({ path: `${shot}-fcp.png` });
  if (route.prices)
    await page
      .waitForFunction(() => (window as unknown as { __fl: Probe }).__fl.firstPrice !== null, undefined, {
        timeout: 60_000,
      })
      .catch(() => {});
  await page
    .locator(route.ready)
    .first()
    .waitFor({ state: 'visible', timeout: 60_000 })
    .catch(() => {});
  // let late content (banners, notices, the chart) arrive and LCP settle; an LCP entry comes only
  // for content painted visible, so wait for one rather than read none
  await settle(3000);
  await page
    .waitForFunction(() => (window as unknown as { __fl: Probe }).__fl.lcp !== null, undefined, { timeout: 15_000 })
    .catch(() => {});
  if (shot) await page.screenshot({ path: `${shot}-settled.png` });
  const m = await page.evaluate(() => (window as unknown as { __fl: Probe }).__fl);
  const fcpAt = navStart + (m.fcp ?? 0) / 1000;
  const staticFromNetworkBeforeFcp = [...reqs.values()].filter(
    (r) => r.network && isStatic(r.url) && r.at <= fcpAt,
  ).length;
  await cdp.detach().catch(() => {});
  return { ...m, bytes, requests: reqs.size, staticFromNetworkBeforeFcp, cpuRate: cpu.rate, hostIndex: cpu.hostIndex };
}

interface Spread {
  median: number | null;
  min: number | null;
  max: number | null;
}
function spread(xs: (number | null)[]): Spread {
  const v = xs.filter((x): x is number => x !== null && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return { median: null, min: null, max: null };
  const mid = v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  return { median: round(mid, 3), min: round(v[0], 3), max: round(v[v.length - 1], 3) };
}

function summarise(runs: LoadResult[]) {
  const types = [...new Set(runs.flatMap((r) => Object.keys(r.bytes)))];
  return {
    fcp: spread(runs.map((r) => r.fcp)),
    lcp: spread(runs.map((r) => r.lcp)),
    lcpElement: runs.map((r) => r.lcpEl),
    cls: spread(runs.map((r) => r.cls)),
    longTasks: spread(runs.map((r) => r.longTasks)),
    blockingMs: spread(runs.map((r) => r.tbt)),
    blockingAfterFcpMs: spread(runs.map((r) => tbtAfterFcp(r))),
    firstPrice: spread(runs.map((r) => r.firstPrice)),
    staticFromNetworkBeforeFcp: spread(runs.map((r) => r.staticFromNetworkBeforeFcp)),
    kbByType: Object.fromEntries(types.map((t) => [t, spread(runs.map((r) => (r.bytes[t] ?? 0) / 1024))])),
    kbTotal: spread(runs.map((r) => Object.values(r.bytes).reduce((a, b) => a + b, 0) / 1024)),
    cpuRate: spread(runs.map((r) => r.cpuRate)),
    hostIndex: spread(runs.map((r) => r.hostIndex)),
  };
}

const s = (x: Spread, unit: 'ms' | 'kb' | 'n' = 'ms') =>
  x.median === null
    ? '—'
    : unit === 'ms'
      ? `${(x.median / 1000).toFixed(2)} s (${((x.min ?? 0) / 1000).toFixed(2)}–${((x.max ?? 0) / 1000).toFixed(2)})`
      : unit === 'kb'
        ? `${Math.round(x.median)} KB`
        : `${round(x.median, 3)} (${round(x.min ?? 0, 3)}–${round(x.max ?? 0, 3)})`;

interface Variant {
  label: string;
  origin: string;
  cold: Record<string, LoadResult[]>;
  warm: Record<string, LoadResult[]>;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

async function main(): Promise<void> {
  const label = arg('label', DEFAULT_LABEL);
  const runs = Number(arg('runs', '3'));
  const wanted = arg('routes', ROUTES.map((r) => r.name).join(',')).split(',');
  const appRoot = path.resolve(arg('app-root', ROOT));
  // `--compare-root=DIR --compare-label=before`: a second checkout measured in the same run, its
  // loads interleaved with this one's, so a machine whose load changes meanwhile skews both alike
  const compareRoot = arg('compare-root', '');
  const compareLabel = arg('compare-label', 'before');
  const shots = arg('shots', '');
  const targetIndex = Number(
    arg('target-index', process.argv.includes('--calibrate') ? String(REFERENCE_PHONE_INDEX) : '0'),
  );
  const roots = [appRoot, ...(compareRoot ? [path.resolve(compareRoot)] : [])];
  for (const r of roots)
    if (!fs.existsSync(path.join(r, 'dist/h5/index.html'))) throw new Error(`${r} has no build: npm run build there`);
  const loadBefore = loadAverage();
  const dataDirs: string[] = [];
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  const variants: Variant[] = [];
  const browser = await launchBrowser();
  try {
    for (const [i, r] of roots.entries()) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-load-'));
      dataDirs.push(dataDir);
      // the compared server on the next port (BENCH_PORT: a fixed port from a shared machine's range)
      if (i > 0 && process.env.BENCH_PORT) process.env.BENCH_PORT = String(Number(process.env.BENCH_PORT) + 1);
      // and its own database when one is given (two servers must not share one): BENCH_COMPARE_DATABASE_URL
      if (i > 0 && process.env.BENCH_COMPARE_DATABASE_URL)
        process.env.DATABASE_URL = process.env.BENCH_COMPARE_DATABASE_URL;
      else if (i > 0) delete process.env.DATABASE_URL;
      const server = await startServer({ tickRate: 200, dataDir, extraSymbols: 0, cwd: r });
      servers.push(server);
      variants.push({ label: i === 0 ? label : compareLabel, origin: server.origin, cold: {}, warm: {} });
    }
    for (const route of ROUTES.filter((r) => wanted.includes(r.name))) {
      for (let i = 0; i < runs; i++) {
        // alternate which variant goes first, so neither always meets a warmer machine
        for (const v of i % 2 ? [...variants].reverse() : variants) {
          const hostIndex = targetIndex > 0 ? await benchmarkIndex(browser) : null;
          const cpu = { rate: hostIndex !== null ? calibratedRate(hostIndex, targetIndex) : CPU_RATE, hostIndex };
          const context = await browser.newContext({
            viewport: { width: 390, height: 844 },
            deviceScaleFactor: 1,
            hasTouch: true,
          });
          await context.addInitScript(PROBE);
          const url = `${v.origin}/h5/${route.hash}`;
          const first = await context.newPage();
          const shot = shots && route.name === 'home' && i === 0 ? path.join(shots, `home-${v.label}-cold`) : undefined;
          const c = await load(first, url, route, cpu, shot);
          // a service worker, when the app has one, has installed and precached by now (or give it a moment)
          await first
            .evaluate(() => Promise.race([navigator.serviceWorker?.ready, new Promise((r) => setTimeout(r, 10_000))]))
            .catch(() => {});
          await settle(1500);
          await first.close();
          const second = await context.newPage();
          const w = await load(second, url, route, cpu);
          await context.close();
          (v.cold[route.name] ??= []).push(c);
          (v.warm[route.name] ??= []).push(w);
          console.log(
            `[first-load] ${v.label} ${route.name} #${i + 1}: cold FCP ${round(c.fcp ?? NaN, 0)} LCP ${round(c.lcp ?? NaN, 0)} (${c.lcpEl}) price ${round(c.firstPrice ?? NaN, 0)} CLS ${round(c.cls, 3)} TBT ${round(c.tbt, 0)} (after FCP ${round(tbtAfterFcp(c) ?? NaN, 0)}); warm LCP ${round(w.lcp ?? NaN, 0)} static-from-network ${w.staticFromNetworkBeforeFcp} (CPU ${cpu.rate}×${hostIndex !== null ? `, host index ${hostIndex}` : ''}; load ${loadAverage()})`,
          );
        }
      }
    }
  } finally {
    await browser.close().catch(() => {});
    for (const server of servers) await server.stop();
    for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
  }
  const loadAfter = loadAverage();
  for (const v of variants) {
    const results: Record<string, { cold: ReturnType<typeof summarise>; warm: ReturnType<typeof summarise> }> = {};
    for (const name of Object.keys(v.cold))
      results[name] = { cold: summarise(v.cold[name]), warm: summarise(v.warm[name]) };
    // the default label is the current figures (first-load.json/.md); another names an A/B run's file
    const stem = v.label === DEFAULT_LABEL ? 'first-load' : `first-load-${v.label}`;
    const file = writeJson(`${stem}.json`, {
      machine: machineInfo(),
      label: v.label,
      runs,
      network: NETWORK,
      cpuRate: targetIndex > 0 ? { calibratedTo: targetIndex } : CPU_RATE,
      loadAverage: { before: loadBefore, after: loadAfter },
      comparedWith: variants.filter((o) => o !== v).map((o) => o.label),
      results,
    });
    const lines = [
      `# first load — ${v.label} (${runs} cold + ${runs} warm runs per route; medians, min–max)`,
      '',
      `CPU: ${targetIndex > 0 ? `calibrated to BenchmarkIndex ${targetIndex} (rate = host index ÷ ${targetIndex}, per run; the table's last column)` : `${CPU_RATE}× fixed`}. Load average (1, 5, 15 min) at start: ${loadBefore}; at end: ${loadAfter}.${
        variants.length > 1
          ? ` Interleaved in the same run with: ${variants
              .filter((o) => o !== v)
              .map((o) => o.label)
              .join(', ')}.`
          : ''
      }`,
      '',
      '| route | visit | FCP | LCP | first price | blocking (ms) | blocking after FCP (ms) | CLS | JS | total | static fetched before FCP | CPU rate (host index) |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ];
    for (const [name, r] of Object.entries(results)) {
      for (const [visit, x] of [
        ['cold', r.cold],
        ['warm', r.warm],
      ] as const) {
        lines.push(
          `| ${name} | ${visit} | ${s(x.fcp)} | ${s(x.lcp)} | ${s(x.firstPrice)} | ${s(x.blockingMs, 'n')} | ${s(x.blockingAfterFcpMs, 'n')} | ${s(x.cls, 'n')} | ${s(x.kbByType.Script ?? spread([]), 'kb')} | ${s(x.kbTotal, 'kb')} | ${s(x.staticFromNetworkBeforeFcp, 'n')} | ${x.cpuRate.median ?? '—'}×${x.hostIndex.median !== null ? ` (${x.hostIndex.median})` : ''} |`,
        );
      }
    }
    writeText(`${stem}.md`, lines.join('\n') + '\n');
    console.log(lines.join('\n'));
    console.log(`[first-load] wrote ${file}`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
