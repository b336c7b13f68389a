/**
 * Lighthouse's mobile performance score (≥ 90 on Home and Markets). Runs Lighthouse
 * programmatically — its default (mobile) settings, the performance category only — against the
 * built app served by the real server, in Debian's Chromium, `runs` times per route; prints the
 * median score and metrics (FCP, LCP, TBT, CLS, Speed Index) and writes
 * bench/results/lighthouse.{json,md} (`--out` names another pair).
 *
 *   npx tsx bench/lighthouse.ts [--label=after] [--runs=3] [--routes=home,markets] [--app-root=DIR]
 *                               [--compare-root=DIR --compare-label=before] [--throttling=simulate|devtools] [--out=lighthouse]
 *                               [--calibrate]
 *
 * Throttling: Lighthouse's mobile preset *simulates* a mid-range phone on slow 4G (150 ms RTT,
 * 1.6 Mbps, 4× CPU) from an unthrottled load (`simulate`, what PageSpeed Insights reports);
 * `--throttling=devtools` applies the same profile through CDP instead, as bench/first-load.ts does.
 * (With it, Lighthouse 12 found no quiet window for time to interactive while the market stream
 * runs, and so reported no TBT and no score.)
 * The simulation scales the host's own task times by 4, so a slow or busy host scores lower: the
 * host's benchmark index and the load average go beside the figures, and `--compare-root` measures
 * another checkout (e.g. main's build for "before") in the same run, runs interleaved.
 * `--calibrate` sets the slowdown per run from the host's BenchmarkIndex taken just before it
 * (index ÷ 650: the same phone on any host, bench/browser/calibrate.ts) instead of the fixed 4×.
 *
 * Every run is a fresh Chromium (an empty profile: a cold first visit; Lighthouse clears the
 * origin's storage as well). Ports: BENCH_PORT for the server (the compared one on +1),
 * LH_DEBUG_PORT (default BENCH_PORT + 5, else a free port) for Chromium's DevTools.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { throttling as presets } from 'lighthouse/core/config/constants.js';
import type { Browser } from 'playwright-core';
import {
  arg,
  freePort,
  launchBrowser,
  machineInfo,
  ROOT,
  round,
  sleep,
  startServer,
  writeJson,
  writeText,
  type ServerHandle,
} from './browser/harness';
import { benchmarkIndex, calibratedRate, REFERENCE_PHONE_INDEX } from './browser/calibrate';

const ROUTES: Record<string, string> = {
  home: '#/pages/index/index',
  markets: '#/pages/market/market',
  contract: '#/pages/transaction/contract',
  login: '#/pages/common/login',
};

/** the audits reported, by their Lighthouse ids */
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;
type Metric = keyof typeof METRICS;

interface Run {
  score: number | null;
  /** the CPU slowdown Lighthouse simulated */
  cpuRate: number;
  metrics: Record<Metric, number | null>;
  benchmarkIndex: number | null;
  load: string;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

/** A headless Chromium with a fresh profile, listening for DevTools on `port`. */
async function launchChromium(port: number): Promise<{ stop: () => Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lh-chromium-'));
  const child = spawn(
    process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${port}`,
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let err = '';
    const t = setTimeout(() => reject(new Error(`Chromium did not open DevTools in 30 s: ${err}`)), 30_000);
    child.stderr?.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-2000);
      if (err.includes('DevTools listening on')) {
        clearTimeout(t);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(t);
      reject(new Error(`Chromium exited (${code}): ${err}`));
    });
  });
  return {
    async stop() {
      if (child.exitCode === null) {
        const done = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 5000);
        await done;
        clearTimeout(t);
      }
      // Chromium's helper processes can still write the cache for a moment after the browser exits
      try {
        fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch {
        /* a temporary profile left in /tmp is harmless; the run's figures are not */
      }
    },
  };
}

/** Lighthouse's trace sometimes misses the navigation start (NO_NAVSTART: "run Lighthouse again"): one more try, in a fresh browser. */
async function runRetrying(
  url: string,
  port: number,
  throttling: 'simulate' | 'devtools',
  cpuRate: number,
): Promise<Run> {
  try {
    return await runOnce(url, port, throttling, cpuRate);
  } catch (e) {
    if (!String(e).includes('NO_NAVSTART')) throw e;
    console.warn(`[lighthouse] ${String(e)}: once more`);
    return runOnce(url, port, throttling, cpuRate);
  }
}

async function runOnce(url: string, port: number, throttling: 'simulate' | 'devtools', cpuRate: number): Promise<Run> {
  const chromium = await launchChromium(port);
  try {
    const result = await lighthouse(url, {
      port,
      hostname: '127.0.0.1',
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
      throttlingMethod: throttling,
      throttling: { ...presets.mobileSlow4G, cpuSlowdownMultiplier: cpuRate },
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([k, id]) => [k, lhr.audits[id]?.numericValue ?? null]),
    ) as Record<Metric, number | null>;
    const score = lhr.categories.performance?.score;
    return {
      score: score == null ? null : Math.round(score * 100),
      cpuRate,
      metrics,
      benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
      load: loadAverage(),
    };
  } finally {
    await chromium.stop();
  }
}

function median(xs: (number | null)[]): number | null {
  const v = xs.filter((x): x is number => x !== null && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
}
const range = (xs: (number | null)[]) => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? `${round(Math.min(...v), 3)}–${round(Math.max(...v), 3)}` : '—';
};

interface Variant {
  label: string;
  root: string;
  server?: ServerHandle;
  runs: Record<string, Run[]>;
}

function summary(runs: Run[]) {
  return {
    score: { median: median(runs.map((r) => r.score)), range: range(runs.map((r) => r.score)) },
    ...Object.fromEntries(
      (Object.keys(METRICS) as Metric[]).map((k) => [
        k,
        { median: median(runs.map((r) => r.metrics[k])), range: range(runs.map((r) => r.metrics[k])) },
      ]),
    ),
    benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
    cpuRate: median(runs.map((r) => r.cpuRate)),
  } as {
    score: { median: number | null; range: string };
    benchmarkIndex: number | null;
    cpuRate: number | null;
  } & Record<Metric, { median: number | null; range: string }>;
}

const secs = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(2)} s`);

async function main(): Promise<void> {
  const runs = Number(arg('runs', '3'));
  const routes = arg('routes', 'home,markets').split(',');
  for (const r of routes) if (!ROUTES[r]) throw new Error(`unknown route ${r} (${Object.keys(ROUTES).join(', ')})`);
  const throttling = arg('throttling', 'simulate') === 'devtools' ? 'devtools' : 'simulate';
  const variants: Variant[] = [{ label: arg('label', 'after'), root: path.resolve(arg('app-root', ROOT)), runs: {} }];
  if (arg('compare-root', ''))
    variants.push({ label: arg('compare-label', 'before'), root: path.resolve(arg('compare-root', '')), runs: {} });
  for (const v of variants)
    if (!fs.existsSync(path.join(v.root, 'dist/h5/index.html')))
      throw new Error(`${v.root} has no build: npm run build there`);
  const debugPort = process.env.LH_DEBUG_PORT
    ? Number(process.env.LH_DEBUG_PORT)
    : process.env.BENCH_PORT
      ? Number(process.env.BENCH_PORT) + 5
      : await freePort();
  const loadBefore = loadAverage();
  const dataDirs: string[] = [];
  const basePort = process.env.BENCH_PORT;
  const calibrate = process.argv.includes('--calibrate');
  let probe: Browser | null = null;
  try {
    if (calibrate) probe = await launchBrowser();
    for (const [i, v] of variants.entries()) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
      dataDirs.push(dataDir);
      if (basePort) process.env.BENCH_PORT = String(Number(basePort) + i);
      // two servers must not share one database (as bench/first-load.ts): the compared one gets its own or none
      if (i > 0 && process.env.BENCH_COMPARE_DATABASE_URL)
        process.env.DATABASE_URL = process.env.BENCH_COMPARE_DATABASE_URL;
      else if (i > 0) delete process.env.DATABASE_URL;
      v.server = await startServer({ tickRate: 200, dataDir, extraSymbols: 0, cwd: v.root });
    }
    await sleep(1000);
    for (const route of routes) {
      for (let i = 0; i < runs; i++) {
        // alternate which variant goes first, so neither always meets a warmer machine
        for (const v of i % 2 ? [...variants].reverse() : variants) {
          const rate = probe
            ? calibratedRate(await benchmarkIndex(probe), REFERENCE_PHONE_INDEX)
            : presets.mobileSlow4G.cpuSlowdownMultiplier;
          const r = await runRetrying(`${v.server?.origin}/h5/${ROUTES[route]}`, debugPort, throttling, rate);
          (v.runs[route] ??= []).push(r);
          console.log(
            `[lighthouse] ${v.label} ${route} #${i + 1}: score ${r.score} FCP ${round(r.metrics.fcp ?? NaN, 0)} LCP ${round(r.metrics.lcp ?? NaN, 0)} TBT ${round(r.metrics.tbt ?? NaN, 0)} CLS ${round(r.metrics.cls ?? NaN, 3)} SI ${round(r.metrics.si ?? NaN, 0)} (CPU ${r.cpuRate}×, benchmark index ${r.benchmarkIndex}, load ${r.load})`,
          );
        }
      }
    }
  } finally {
    await probe?.close().catch(() => {});
    for (const v of variants) await v.server?.stop();
    for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
  }
  const loadAfter = loadAverage();
  const results = variants.map((v) => ({
    label: v.label,
    root: v.root,
    routes: Object.fromEntries(Object.entries(v.runs).map(([r, xs]) => [r, { summary: summary(xs), runs: xs }])),
  }));
  const out = arg('out', 'lighthouse');
  const file = writeJson(`${out}.json`, {
    machine: machineInfo(),
    throttling,
    cpu: calibrate ? { calibratedTo: REFERENCE_PHONE_INDEX } : 4,
    runs,
    loadAverage: { before: loadBefore, after: loadAfter },
    results,
  });
  const lines = [
    `# Lighthouse mobile performance (${runs} runs per route; medians, min–max)`,
    '',
    `Lighthouse's default mobile settings (${throttling === 'simulate' ? 'simulated' : 'CDP-applied'} slow 4G: 150 ms RTT, 1.6 Mbps down, ${calibrate ? `CPU calibrated per run to BenchmarkIndex ${REFERENCE_PHONE_INDEX}` : '4× CPU'}), performance category; Chromium ${'/usr/bin/chromium'} headless.`,
    `Load average (1, 5, 15 min) at start: ${loadBefore}; at end: ${loadAfter}.${variants.length > 1 ? ' Variants interleaved run by run.' : ''}`,
    '',
    '| variant | route | score | FCP | LCP | TBT (ms) | CLS | SI | benchmark index | CPU rate |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    for (const [route, { summary: s }] of Object.entries(r.routes)) {
      lines.push(
        `| ${r.label} | ${route} | ${s.score.median ?? '—'} (${s.score.range}) | ${secs(s.fcp.median)} | ${secs(s.lcp.median)} | ${s.tbt.median === null ? '—' : Math.round(s.tbt.median)} (${s.tbt.range.replace(/(\d+)\.\d+/g, '$1')}) | ${s.cls.median === null ? '—' : round(s.cls.median, 3)} | ${secs(s.si.median)} | ${s.benchmarkIndex ?? '—'} | ${s.cpuRate ?? '—'}× |`,
      );
    }
  }
  writeText(`${out}.md`, lines.join('\n') + '\n');
  console.log(lines.join('\n'));
  console.log(`[lighthouse] wrote ${file}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
