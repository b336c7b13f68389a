/**
 * Soak: the bench page (Markets + <KLineChart>) at `throttle`× for `windows` windows of `windowS`
 * seconds against a 10,000 ticks/s feed, beside the built app in a second tab whose route changes
 * every `churnS` seconds (Markets, then a pair page, another pair…). Per window: JS heap of each
 * page's main thread and market worker after a forced GC, the server's RSS, per-update chart time
 * (the series updates of one snapshot plus the redraw lightweight-charts makes for them, see
 * browser/pages/app.tsx), frame p95, long tasks, tick-to-paint p95. Verdict: the median of the last
 * third of the windows within 10 % of the first third's, for the heaps, the server's RSS and the
 * chart-update p50 (one window's median swings ±20 % on this machine: thirds, not single windows).
 */
import fs from 'node:fs';
import {
  heaps,
  launchBrowser,
  openBenchPage,
  patience,
  round,
  settle,
  sleep,
  startServer,
  summarize,
  type BenchPage,
} from './browser/harness';
import { CHURN_ROUTES, churnTo } from './browser/churn-routes';
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
}

export interface SoakWindow {
  atS: number;
  heapMB: { main: number; worker: number | null; total: number };
  chartUpdateMs: { p50: number; p95: number; mean: number; n: number };
  frameP95: number;
  longTasks: number;
  tickToPaintP95: number;
  /** the app tab whose route changes: heaps after GC and route changes in the window */
  churn: { heapMB: { main: number; worker: number | null; total: number }; routeChanges: number } | null;
  serverRssMB: number;
}

export interface SoakResult {
  rate: number;
  throttle: number;
  windowS: number;
  windows: SoakWindow[];
  /** last third of the windows against the first third, medians, % */
  heapGrowthPct: number;
  chartUpdateGrowthPct: number;
  churnHeapGrowthPct: number | null;
  serverRssGrowthPct: number;
  /** least-squares slope over the run, MB per hour */
  slopesMBPerHour: { heap: number; churnHeap: number | null; serverRss: number };
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

async function heapMB(bp: BenchPage): Promise<{ main: number; worker: number | null; total: number }> {
  const h = await heaps(bp, true);
  return {
    main: round(h.main / 2 ** 20, 2),
    worker: h.worker === null ? null : round(h.worker / 2 ** 20, 2),
    total: round((h.main + (h.worker ?? 0)) / 2 ** 20, 2),
  };
}

/** The built app in its own tab, its route changed every `everyS` seconds; counts the changes. */
async function startChurn(bp: BenchPage, origin: string, everyS: number) {
  await bp.page.goto(`${origin}/h5/${CHURN_ROUTES[0]}`, { waitUntil: 'load' });
  let n = 0;
  let changes = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await sleep(everyS * 1000);
      if (stopped) break;
      await churnTo(bp.page, ++n);
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

async function readWindow(
  bench: BenchPage,
  churn: { bp: BenchPage; take: () => number } | null,
  serverPid: number,
  t0: number,
): Promise<SoakWindow> {
  const r = await bench.page.evaluate(() => {
    const x = window.__bench.read();
    window.__bench.reset();
    return x;
  });
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
    churn: churn ? { heapMB: await heapMB(churn.bp), routeChanges: churn.take() } : null,
    serverRssMB: rssMB(serverPid),
  };
}

export async function runSoak(o: SoakOptions): Promise<SoakResult> {
  const churnS = o.churnS ?? 5;
  console.log(
    `[soak] server at ${o.rate} ticks/s; ${o.windows} × ${o.windowS} s at ${o.throttle}×${churnS ? `, the app's route changing every ${churnS} s` : ''}…`,
  );
  const server = await startServer({ tickRate: o.rate, dataDir: o.dataDir, extraSymbols: o.extraSymbols });
  const browser = await launchBrowser();
  const windows: SoakWindow[] = [];
  try {
    const bp = await openBenchPage(browser, o.throttle);
    const appTab = churnS ? await openBenchPage(browser, o.throttle) : null;
    const churn = appTab ? await startChurn(appTab, server.origin, churnS) : null;
    try {
      await bp.page.goto(`${server.origin}/h5/bench/browser/pages/app.html`, { waitUntil: 'load' });
      await bp.page.waitForFunction(() => !!window.__bench?.read().marks.chartPaint, undefined, {
        timeout: patience(90_000),
      });
      await settle(2000);
      const t0 = Date.now();
      await bp.page.evaluate(() => window.__bench.reset());
      for (let w = 0; w < o.windows; w++) {
        await sleep(o.windowS * 1000);
        const win = await readWindow(bp, appTab && churn ? { bp: appTab, take: churn.take } : null, server.pid, t0);
        windows.push(win);
        console.log(
          `[soak] t=${win.atS}s heap ${win.heapMB.total} MB (main ${win.heapMB.main}, worker ${win.heapMB.worker})${win.churn ? `, app tab ${win.churn.heapMB.total} MB (${win.churn.routeChanges} route changes)` : ''}, server RSS ${win.serverRssMB} MB, chart update p50 ${win.chartUpdateMs.p50} ms (${win.chartUpdateMs.n}), frame p95 ${win.frameP95}, long tasks ${win.longTasks}`,
        );
      }
    } finally {
      await churn?.stop();
      await appTab?.close();
      await bp.close();
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

/** least-squares slope of y over t (s), per hour */
function slopePerHour(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((a, p) => a + p[0], 0) / n;
  const my = points.reduce((a, p) => a + p[1], 0) / n;
  const num = points.reduce((a, p) => a + (p[0] - mx) * (p[1] - my), 0);
  const den = points.reduce((a, p) => a + (p[0] - mx) ** 2, 0);
  return den ? round((num / den) * 3600, 2) : NaN;
}

function verdict(o: SoakOptions, windows: SoakWindow[]): SoakResult {
  const heap = windows.map((w) => w.heapMB.total);
  const churnHeap = windows.every((w) => w.churn) ? windows.map((w) => w.churn?.heapMB.total ?? NaN) : null;
  const rss = windows.map((w) => w.serverRssMB);
  const heapGrowthPct = thirdsGrowthPct(heap);
  const chartUpdateGrowthPct = thirdsGrowthPct(windows.map((w) => w.chartUpdateMs.p50));
  const churnHeapGrowthPct = churnHeap ? thirdsGrowthPct(churnHeap) : null;
  const serverRssGrowthPct = thirdsGrowthPct(rss);
  const at = windows.map((w) => w.atS);
  return {
    rate: o.rate,
    throttle: o.throttle,
    windowS: o.windowS,
    windows,
    heapGrowthPct,
    chartUpdateGrowthPct,
    churnHeapGrowthPct,
    serverRssGrowthPct,
    slopesMBPerHour: {
      heap: slopePerHour(heap.map((y, i) => [at[i], y])),
      churnHeap: churnHeap ? slopePerHour(churnHeap.map((y, i) => [at[i], y])) : null,
      serverRss: slopePerHour(rss.map((y, i) => [at[i], y])),
    },
    withinTarget:
      Math.abs(heapGrowthPct) <= 10 &&
      chartUpdateGrowthPct <= 10 &&
      (churnHeapGrowthPct === null || Math.abs(churnHeapGrowthPct) <= 10) &&
      Math.abs(serverRssGrowthPct) <= 10,
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
    title: `Soak: JS heaps after GC over ${over}`,
    xLabel: 'minutes',
    yLabel: 'MB',
    series: [
      series('bench page (main + worker)', (w) => w.heapMB.total),
      ...(r.windows.every((w) => w.churn)
        ? [series('app tab, route churn (main + worker)', (w) => w.churn?.heapMB.total ?? NaN)]
        : []),
    ],
  });
  const rss = lineChartSvg({
    title: `Soak: the server's RSS over ${over}`,
    xLabel: 'minutes',
    yLabel: 'MB',
    series: [series('server RSS', (w) => w.serverRssMB)],
  });
  const timing = lineChartSvg({
    title: 'Soak: chart update p50 and tick→paint p95 per window',
    xLabel: 'minutes',
    yLabel: 'ms',
    series: [series('chart update p50', (w) => w.chartUpdateMs.p50), series('tick→paint p95', (w) => w.tickToPaintP95)],
  });
  return { heaps, rss, timing };
}
