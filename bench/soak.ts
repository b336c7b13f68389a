/**
 * Issue item 4: soak. The real app page (Markets + <KLineChart>) at `throttle`× for `minutes` windows
 * of `windowS` seconds against a 10,000 ticks/s feed. Per window: JS heap of main thread and worker
 * after a forced GC, per-update chart time (the series updates of one snapshot plus the redraw
 * lightweight-charts makes for them, see browser/pages/app.tsx), frame p95, long tasks, tick-to-paint
 * p95. Verdict: the last window's heap and chart-update p50 within 10 % of the first window's.
 */
import { heaps, launchBrowser, openBenchPage, patience, round, sleep, startServer, summarize } from './browser/harness';

export interface SoakOptions {
  dataDir: string;
  rate: number;
  throttle: number;
  windows: number;
  windowS: number;
  extraSymbols: number;
}

export interface SoakWindow {
  atS: number;
  heapMB: { main: number; worker: number | null; total: number };
  chartUpdateMs: { p50: number; p95: number; mean: number; n: number };
  frameP95: number;
  longTasks: number;
  tickToPaintP95: number;
}

export interface SoakResult {
  rate: number;
  throttle: number;
  windowS: number;
  windows: SoakWindow[];
  heapGrowthPct: number;
  chartUpdateGrowthPct: number;
  withinTarget: boolean;
}

export async function runSoak(o: SoakOptions): Promise<SoakResult> {
  console.log(`[soak] server at ${o.rate} ticks/s; ${o.windows} × ${o.windowS} s at ${o.throttle}×…`);
  const server = await startServer({ tickRate: o.rate, dataDir: o.dataDir, extraSymbols: o.extraSymbols });
  const browser = await launchBrowser();
  const windows: SoakWindow[] = [];
  try {
    const bp = await openBenchPage(browser, o.throttle);
    try {
      await bp.page.goto(`${server.origin}/h5/bench/browser/pages/app.html`, { waitUntil: 'load' });
      await bp.page.waitForFunction(() => !!window.__bench?.read().marks.chartPaint, undefined, {
        timeout: patience(90_000),
      });
      await sleep(2000);
      const t0 = Date.now();
      await bp.page.evaluate(() => window.__bench.reset());
      for (let w = 0; w < o.windows; w++) {
        await sleep(o.windowS * 1000);
        const r = await bp.page.evaluate(() => {
          const x = window.__bench.read();
          window.__bench.reset();
          return x;
        });
        const h = await heaps(bp, true);
        const cu = summarize(r.chartUpdates);
        const win: SoakWindow = {
          atS: round((Date.now() - t0) / 1000),
          heapMB: {
            main: round(h.main / 2 ** 20, 2),
            worker: h.worker === null ? null : round(h.worker / 2 ** 20, 2),
            total: round((h.main + (h.worker ?? 0)) / 2 ** 20, 2),
          },
          chartUpdateMs: {
            p50: round(cu.p50, 3),
            p95: round(cu.p95, 3),
            mean: round(r.chartUpdates.reduce((a, b) => a + b, 0) / Math.max(1, cu.n), 3),
            n: cu.n,
          },
          frameP95: round(summarize(r.frames).p95),
          longTasks: r.longTasks.length,
          tickToPaintP95: round(summarize(r.ttp).p95),
        };
        windows.push(win);
        console.log(
          `[soak] t=${win.atS}s heap ${win.heapMB.total} MB (main ${win.heapMB.main}, worker ${win.heapMB.worker}), chart update p50 ${win.chartUpdateMs.p50} ms (${win.chartUpdateMs.n}), frame p95 ${win.frameP95}, long tasks ${win.longTasks}`,
        );
      }
    } finally {
      await bp.close();
    }
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
  }
  const first = windows[0];
  const last = windows[windows.length - 1];
  const pct = (a: number, b: number) => round(((a - b) / b) * 100);
  const heapGrowthPct = first && last ? pct(last.heapMB.total, first.heapMB.total) : NaN;
  const chartUpdateGrowthPct = first && last ? pct(last.chartUpdateMs.p50, first.chartUpdateMs.p50) : NaN;
  return {
    rate: o.rate,
    throttle: o.throttle,
    windowS: o.windowS,
    windows,
    heapGrowthPct,
    chartUpdateGrowthPct,
    withinTarget: Math.abs(heapGrowthPct) <= 10 && chartUpdateGrowthPct <= 10,
  };
}
