/**
 * Soak: the bench page (Markets + <KLineChart>) at `throttle`× for `windows` windows of `windowS`
 * seconds against a 10,000 ticks/s feed, beside the built app in a second tab whose route changes
 * every `churnS` seconds (Markets, then a pair page, another pair…). Per window: JS heap of each
 * tab's main thread and market worker after a forced GC, the server's RSS, per-update chart time
 * (the series updates of one snapshot plus the redraw lightweight-charts makes for them, see
 * browser/pages/app.tsx), frame p95, long tasks, tick-to-paint p95, the 1-minute load average.
 *
 * The server: its RSS as the kernel counts it, and, after two full GCs in it (started with
 * --expose-gc and browser/server-memory.ts preloaded, asked over IPC: no endpoint), its V8 heap, its
 * ArrayBuffer bytes and its RSS again. The candle rings fill by design through the hour (closed bars
 * in Float64Array slabs, core/kline/bar-history.ts, whose pages are made resident when a slab is
 * allocated): they are ArrayBuffer bytes, outside the JS heap. So a leak of JS objects shows in the
 * heap after GC, a native one in the RSS less the ArrayBuffer bytes; the raw RSS mixes both with
 * the rings and is reported, not judged.
 *
 * Both tabs are bare CDP tabs (browser/bare-tab.ts): no DevTools domain enabled, so DevTools keeps
 * no record of their requests (Playwright's tabs enable Network, whose per-request record grew the
 * app tab's worker by 144 B per route change). Each sample: full GC on every thread, then its heap.
 *
 * Verdict "flat", per series (each tab's main-thread heap and worker heap, the server's RSS): the
 * least-squares slope over the windows after the warm-up (the first 5 minutes, at most half the run:
 * V8 tiers code up then) at most a bound per hour set by the smallest leak worth catching, not by
 * this machine's figures: SLOPE_BOUNDS below. The raw first → last change is reported beside it.
 * The chart-update p50: the last third of the windows' median within 10 % of the first third's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  launchBrowser,
  patience,
  round,
  settle,
  sleep,
  startServer,
  summarize,
  type ServerHandle,
} from './browser/harness';
import { openBareTab, type BareTab } from './browser/bare-tab';
import { CHURN_ROUTES, churnExpression } from './browser/churn-routes';
import { heapParts, parseSnapshot } from './browser/heap-snapshot';
import { lineChartSvg } from './plot-svg';

export interface SoakOptions {
  dataDir: string;
  rate: number;
  throttle: number;
  windows: number;
  windowS: number;
  extraSymbols: number;
  /** seconds between the app tab's route changes (0: no app tab) */
  churnS?: number;
  /** seconds left out of the slopes at the start (default 300, at most half the run) */
  warmupS?: number;
  /**
   * where to write heap snapshots of the app tab's main thread and worker (diagnosis: what its heap
   * grows by): after the window nearest 10 minutes, the middle one and the last
   */
  snapshotDir?: string;
}

export interface TabHeapsMB {
  main: number;
  worker: number | null;
  total: number;
}

export interface SoakWindow {
  atS: number;
  heapMB: TabHeapsMB;
  chartUpdateMs: { p50: number; p95: number; mean: number; n: number };
  frameP95: number;
  longTasks: number;
  tickToPaintP95: number;
  /** the app tab whose route changes: heaps after GC and route changes in the window */
  churn: { heapMB: TabHeapsMB; routeChanges: number; mainParts: MainPartsMB | null } | null;
  serverRssMB: number;
  /** after two full GCs in the server (null without the probe) */
  server: ServerMemoryMB | null;
  load1: number;
}

/**
 * The app tab's main thread from a heap snapshot each window (heap-snapshot.ts heapParts): V8's
 * code, which the JIT fills as more functions get hot at 4× (bounded by the app's functions, and
 * flushed), apart from what the app keeps (its objects, closures, strings, DOM wrappers, and V8's
 * shapes for them): a leak grows the second.
 */
export interface MainPartsMB {
  codeMB: number;
  dataMB: number;
}

export interface ServerMemoryMB {
  heapMB: number;
  /** of heapMB, V8's code spaces */
  codeMB: number;
  /** the V8 heap's committed pages: what RSS holds for the heap beyond heapMB is its slack */
  heapTotalMB: number;
  arrayBuffersMB: number;
  rssMB: number;
  /** rssMB − arrayBuffersMB: the RSS without the candle rings (and any other ArrayBuffer) */
  rssLessBuffersMB: number;
}

/** One series' verdict: flat when its slope after the warm-up is at most the bound. */
export interface FlatVerdict {
  /** raw, the whole run: first and last window, MB, and the change, % */
  firstMB: number;
  lastMB: number;
  rawPct: number;
  /** after the warm-up: mean level MB, least-squares slope and its standard error, MB per hour */
  levelMB: number;
  slopeMBPerHour: number;
  slopeSeMBPerHour: number;
  boundMBPerHour: number;
  windows: number;
  flat: boolean;
}

export type SoakSeries =
  | 'benchMain'
  | 'benchWorker'
  | 'appMain'
  | 'appMainData'
  | 'appMainCode'
  | 'appWorker'
  | 'serverHeap'
  | 'serverRssLessBuffers'
  | 'serverRss';

/**
 * reported with their slopes but not part of the target: the raw RSS carries the rings filling by
 * design; the app tab's main-thread heap and its V8 code carry the JIT tiering functions up through
 * the hour (its data, appMainData, is judged)
 */
export const INFO_SERIES: readonly SoakSeries[] = ['serverRss', 'appMain', 'appMainCode'];

/**
 * The bounds, MB per hour, from the smallest leak the hour should catch (docs/benchmarks.md):
 * a JS heap: 1 KB kept per route change (720 changes an hour: 0.7 MB/h) or one 32 B object per
 * message at 5 a second (0.58 MB/h) exceeds 0.5; the server: one 16 B object per tick at 10,000
 * ticks/s is 576 MB/h, one 100 B record per symbol per minute over 2,000 symbols 12 MB/h: 10, for
 * its heap after GC and its RSS less ArrayBuffers alike.
 */
export const SLOPE_BOUNDS: Record<SoakSeries, number> = {
  benchMain: 0.5,
  benchWorker: 0.5,
  appMain: 0.5,
  appMainData: 0.5,
  appMainCode: 0.5,
  appWorker: 0.5,
  serverHeap: 10,
  serverRssLessBuffers: 10,
  serverRss: 10,
};

export interface SoakResult {
  rate: number;
  throttle: number;
  windowS: number;
  warmupS: number;
  windows: SoakWindow[];
  flat: Record<SoakSeries, FlatVerdict | null>;
  /** last third of the windows' chart-update p50 median against the first third's, % */
  chartUpdateGrowthPct: number;
  withinTarget: boolean;
}

function rssMB(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? round(Number(kb) / 1024, 1) : NaN;
  } catch {
    return NaN;
  }
}

const MB = (bytes: number, digits = 1) => round(bytes / 2 ** 20, digits);

async function serverMemoryMB(server: ServerHandle): Promise<ServerMemoryMB | null> {
  const m = await server.memory();
  if (!m) return null;
  return {
    heapMB: MB(m.heapUsed, 2),
    codeMB: MB(m.codeUsed, 2),
    heapTotalMB: MB(m.heapTotal),
    arrayBuffersMB: MB(m.arrayBuffers),
    rssMB: MB(m.rss),
    rssLessBuffersMB: MB(m.rss - m.arrayBuffers),
  };
}

/** a heap snapshot of the tab's main thread (it runs a GC first), in parts (null: none taken) */
async function mainPartsMB(tab: BareTab): Promise<MainPartsMB | null> {
  const json = await tab.snapshot('main').catch(() => null);
  if (!json) return null;
  const p = heapParts(parseSnapshot(json));
  return { codeMB: MB(p.code, 3), dataMB: MB(p.metadata + p.app, 3) };
}

async function heapMB(tab: BareTab): Promise<TabHeapsMB> {
  const h = await tab.heaps();
  return {
    main: round(h.main / 2 ** 20, 2),
    worker: h.worker === null ? null : round(h.worker / 2 ** 20, 2),
    total: round((h.main + (h.worker ?? 0)) / 2 ** 20, 2),
  };
}

/** The built app in its own tab, its route changed every `everyS` seconds; counts the changes. */
async function startChurn(tab: BareTab, origin: string, everyS: number) {
  await tab.goto(`${origin}/h5/${CHURN_ROUTES[0]}`);
  let n = 0;
  let changes = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await sleep(everyS * 1000);
      if (stopped) break;
      await tab.evaluate(churnExpression(++n)).catch(() => {});
      changes++;
    }
  })();
  return {
    take: () => {
      const c = changes;
      changes = 0;
      return c;
    },
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

type BenchRead = ReturnType<Window['__bench']['read']>;

async function readWindow(
  bench: BareTab,
  churn: { tab: BareTab; take: () => number } | null,
  server: ServerHandle,
  t0: number,
): Promise<SoakWindow> {
  const r = await bench.evaluate<BenchRead>(
    '(() => { const x = window.__bench.read(); window.__bench.reset(); return x; })()',
  );
  const cu = summarize(r.chartUpdates);
  return {
    atS: round((Date.now() - t0) / 1000),
    heapMB: await heapMB(bench),
    chartUpdateMs: {
      p50: round(cu.p50, 3),
      p95: round(cu.p95, 3),
      mean: round(r.chartUpdates.reduce((a, b) => a + b, 0) / Math.max(1, cu.n), 3),
      n: cu.n,
    },
    frameP95: round(summarize(r.frames).p95),
    longTasks: r.longTasks.length,
    tickToPaintP95: round(summarize(r.ttp).p95),
    churn: churn
      ? { heapMB: await heapMB(churn.tab), routeChanges: churn.take(), mainParts: await mainPartsMB(churn.tab) }
      : null,
    serverRssMB: rssMB(server.pid),
    server: await serverMemoryMB(server),
    load1: round(os.loadavg()[0], 2),
  };
}

function logWindow(win: SoakWindow): void {
  const c = win.churn;
  console.log(
    `[soak] t=${win.atS}s bench page heap main ${win.heapMB.main} / worker ${win.heapMB.worker} MB${c ? `, app tab main ${c.heapMB.main} / worker ${c.heapMB.worker} MB (${c.routeChanges} route changes; main's data ${c.mainParts?.dataMB ?? '–'}, V8 code ${c.mainParts?.codeMB ?? '–'})` : ''}, server RSS ${win.serverRssMB} MB${win.server ? ` (after GC ${win.server.rssMB}: heap ${win.server.heapMB} of ${win.server.heapTotalMB} committed, ArrayBuffers ${win.server.arrayBuffersMB})` : ''}, load ${win.load1}, chart update p50 ${win.chartUpdateMs.p50} ms (${win.chartUpdateMs.n}), frame p95 ${win.frameP95}, long tasks ${win.longTasks}`,
  );
}

/** the windows after which the app tab is snapshot: nearest 10 minutes, the middle, the last */
function snapshotWindows(o: SoakOptions): Set<number> {
  const last = o.windows - 1;
  return new Set([Math.min(last, Math.round(600 / o.windowS) - 1), Math.floor(last / 2), last]);
}

async function saveSnapshots(tab: BareTab, dir: string, atS: number): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  for (const thread of ['main', 'worker'] as const) {
    const json = await tab.snapshot(thread).catch((e: Error) => (console.log(`[soak] snapshot: ${e.message}`), null));
    if (!json) continue;
    const file = path.join(dir, `app-${thread}-${Math.round(atS)}s.heapsnapshot`);
    fs.writeFileSync(file, json);
    console.log(`[soak] wrote ${file} (${(json.length / 2 ** 20).toFixed(1)} MB)`);
  }
}

export async function runSoak(o: SoakOptions): Promise<SoakResult> {
  const churnS = o.churnS ?? 5;
  console.log(
    `[soak] server at ${o.rate} ticks/s; ${o.windows} × ${o.windowS} s at ${o.throttle}×${churnS ? `, the app's route changing every ${churnS} s` : ''}…`,
  );
  const server = await startServer({
    tickRate: o.rate,
    dataDir: o.dataDir,
    extraSymbols: o.extraSymbols,
    memoryProbe: true,
  });
  const browser = await launchBrowser();
  const windows: SoakWindow[] = [];
  try {
    const bench = await openBareTab(browser, o.throttle);
    const appTab = churnS ? await openBareTab(browser, o.throttle) : null;
    const churn = appTab ? await startChurn(appTab, server.origin, churnS) : null;
    try {
      await bench.goto(`${server.origin}/h5/bench/browser/pages/app.html`);
      await bench.waitFor('window.__bench?.read().marks.chartPaint', patience(90_000));
      await settle(2000);
      const t0 = Date.now();
      await bench.evaluate('window.__bench.reset()');
      for (let w = 0; w < o.windows; w++) {
        await sleep(o.windowS * 1000);
        const win = await readWindow(bench, appTab && churn ? { tab: appTab, take: churn.take } : null, server, t0);
        windows.push(win);
        logWindow(win);
        if (appTab && o.snapshotDir && snapshotWindows(o).has(w)) await saveSnapshots(appTab, o.snapshotDir, win.atS);
      }
    } finally {
      await churn?.stop();
      await appTab?.close();
      await bench.close();
    }
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
  }
  return verdict(o, windows);
}

const median = (xs: number[]) => summarize(xs).p50;

/** last third's median against the first third's, % */
function thirdsGrowthPct(xs: number[]): number {
  const k = Math.max(1, Math.floor(xs.length / 3));
  const a = median(xs.slice(0, k));
  const b = median(xs.slice(-k));
  return round(((b - a) / a) * 100);
}

/** least-squares fit of y over t (s): slope and its standard error per hour, mean level */
function fit(points: Array<[number, number]>): { slope: number; se: number; level: number } {
  const n = points.length;
  const mx = points.reduce((a, p) => a + p[0], 0) / n;
  const my = points.reduce((a, p) => a + p[1], 0) / n;
  const num = points.reduce((a, p) => a + (p[0] - mx) * (p[1] - my), 0);
  const den = points.reduce((a, p) => a + (p[0] - mx) ** 2, 0);
  const slope = den ? num / den : NaN;
  const rss = points.reduce((a, p) => a + (p[1] - my - slope * (p[0] - mx)) ** 2, 0);
  const se = n > 2 && den ? Math.sqrt(rss / (n - 2) / den) : NaN;
  return { slope: slope * 3600, se: se * 3600, level: my };
}

function flatVerdict(series: SoakSeries, windows: SoakWindow[], warmupS: number, y: (w: SoakWindow) => number | null) {
  const all = windows.map((w): [number, number | null] => [w.atS, y(w)]);
  if (!all.length || all.some(([, v]) => v === null || !Number.isFinite(v))) return null;
  const pts = all as Array<[number, number]>;
  const after = pts.filter(([t]) => t > warmupS);
  const used = after.length >= 2 ? after : pts; // the smoke's two windows
  const f = fit(used);
  const first = pts[0][1];
  const last = pts[pts.length - 1][1];
  const bound = SLOPE_BOUNDS[series];
  return {
    firstMB: first,
    lastMB: last,
    rawPct: round(((last - first) / first) * 100),
    levelMB: round(f.level, 2),
    slopeMBPerHour: round(f.slope, 3),
    slopeSeMBPerHour: round(f.se, 3),
    boundMBPerHour: bound,
    windows: used.length,
    flat: f.slope <= bound,
  };
}

function verdict(o: SoakOptions, windows: SoakWindow[]): SoakResult {
  const runS = windows.at(-1)?.atS ?? 0;
  const warmupS = Math.min(o.warmupS ?? 300, runS / 2);
  const flat: Record<SoakSeries, FlatVerdict | null> = {
    benchMain: flatVerdict('benchMain', windows, warmupS, (w) => w.heapMB.main),
    benchWorker: flatVerdict('benchWorker', windows, warmupS, (w) => w.heapMB.worker),
    appMain: flatVerdict('appMain', windows, warmupS, (w) => w.churn?.heapMB.main ?? null),
    appMainData: flatVerdict('appMainData', windows, warmupS, (w) => w.churn?.mainParts?.dataMB ?? null),
    appMainCode: flatVerdict('appMainCode', windows, warmupS, (w) => w.churn?.mainParts?.codeMB ?? null),
    appWorker: flatVerdict('appWorker', windows, warmupS, (w) => w.churn?.heapMB.worker ?? null),
    serverHeap: flatVerdict('serverHeap', windows, warmupS, (w) => w.server?.heapMB ?? null),
    serverRssLessBuffers: flatVerdict(
      'serverRssLessBuffers',
      windows,
      warmupS,
      (w) => w.server?.rssLessBuffersMB ?? null,
    ),
    serverRss: flatVerdict('serverRss', windows, warmupS, (w) => w.serverRssMB),
  };
  const chartUpdateGrowthPct = thirdsGrowthPct(windows.map((w) => w.chartUpdateMs.p50));
  return {
    rate: o.rate,
    throttle: o.throttle,
    windowS: o.windowS,
    warmupS: round(warmupS),
    windows,
    flat,
    chartUpdateGrowthPct,
    withinTarget:
      Object.entries(flat).every(([k, v]) => v === null || v.flat || INFO_SERIES.includes(k as SoakSeries)) &&
      chartUpdateGrowthPct <= 10 &&
      !!flat.serverHeap &&
      !!flat.serverRssLessBuffers &&
      // with an app tab, its data must have been judged (a snapshot each window)
      (!windows.some((w) => w.churn) || !!flat.appMainData),
  };
}

/** The soak's plots: both tabs' heaps, the server's RSS (its own scale: hundreds of MB) and timing over the run. */
export function soakPlots(r: SoakResult): { heaps: string; rss: string; timing: string } {
  const min = (w: SoakWindow) => round(w.atS / 60, 2);
  const over = `${Math.round((r.windows.at(-1)?.atS ?? 0) / 60)} min at ${r.rate.toLocaleString('en-US')} ticks/s, ${r.throttle}× CPU`;
  const series = (name: string, y: (w: SoakWindow) => number) => ({
    name,
    points: r.windows.map((w): [number, number] => [min(w), y(w)]),
  });
  const heaps = lineChartSvg({
    title: `Soak: JS heaps after GC over ${over} (slopes after minute ${round(r.warmupS / 60, 1)})`,
    xLabel: 'minutes',
    yLabel: 'MB',
    series: [
      series('bench page, main thread', (w) => w.heapMB.main),
      series('bench page, worker', (w) => w.heapMB.worker ?? NaN),
      ...(r.windows.every((w) => w.churn)
        ? [
            series('app tab (route churn), main thread', (w) => w.churn?.heapMB.main ?? NaN),
            series('app tab, main thread: the app’s data (snapshot)', (w) => w.churn?.mainParts?.dataMB ?? NaN),
            series('app tab, main thread: V8 code (snapshot)', (w) => w.churn?.mainParts?.codeMB ?? NaN),
            series('app tab (route churn), worker', (w) => w.churn?.heapMB.worker ?? NaN),
          ]
        : []),
    ],
  });
  const rss = lineChartSvg({
    title: `Soak: the server's memory over ${over}`,
    xLabel: 'minutes',
    yLabel: 'MB',
    series: [
      series('RSS', (w) => w.serverRssMB),
      ...(r.windows.every((w) => w.server)
        ? [
            series('ArrayBuffers after GC (candle rings)', (w) => w.server?.arrayBuffersMB ?? NaN),
            series('RSS less ArrayBuffers, after GC', (w) => w.server?.rssLessBuffersMB ?? NaN),
            series('V8 heap after GC', (w) => w.server?.heapMB ?? NaN),
          ]
        : []),
    ],
  });
  const timing = lineChartSvg({
    title: 'Soak: chart update p50 and tick→paint p95 per window',
    xLabel: 'minutes',
    yLabel: 'ms',
    series: [series('chart update p50', (w) => w.chartUpdateMs.p50), series('tick→paint p95', (w) => w.tickToPaintP95)],
  });
  return { heaps, rss, timing };
}
