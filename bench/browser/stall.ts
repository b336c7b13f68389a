/**
 * Main-thread stall under a tick storm. For each feed rate (ticks/s over ~2,000
 * symbols) the real server runs as a child process; for each CPU throttle the real app page
 * (Markets + <KLineChart>, worker bridge) and the baseline page (socket on the main thread, setState
 * per message) are loaded at 390×844 and measured for `durationS` after a warm-up:
 * long tasks, frame times, tick-to-paint, main-thread busy time (CDP Performance.getMetrics
 * TaskDuration), JS heap (main and worker), worker busy time (CPU profile), server CPU.
 */
import type { Browser } from 'playwright-core';
import type { BenchReadout } from './pages/collector';
import {
  heaps,
  launchBrowser,
  openBenchPage,
  pageMetrics,
  patience,
  round,
  settle,
  sleep,
  startServer,
  startWorkerProfile,
  stopWorkerProfile,
  summarize,
  type ServerHandle,
} from './harness';

export type PageKind = 'ours' | 'baseline';

export interface StallOptions {
  rates: number[];
  throttles: number[];
  durationS: number;
  warmupS: number;
  dataDir: string;
  extraSymbols: number;
  pages?: PageKind[];
}

export interface StallRun {
  page: PageKind;
  rate: number;
  throttle: number;
  durationS: number;
  ok: boolean;
  error?: string;
  /** ms from navigation to the first chart paint / first live row change */
  startup: { chartPaintMs: number | null };
  longTasks: { count: number; totalMs: number; maxMs: number };
  frameMs: { p50: number; p95: number; p99: number; max: number; frames: number; fps: number };
  tickToPaintMs: { p50: number; p95: number; p99: number; samples: number };
  /** order-book screens: the server's depth diff → the paint that shows it (`data-book-ts`) */
  bookTickToPaintMs: { p50: number; p95: number; p99: number; samples: number };
  /** tick→paint p95 (rows; and the book's, on order-book screens) per second of the first window: the plots */
  overTime?: TickToPaintOverTime;
  chartUpdateMs: { p50: number; p95: number; updates: number };
  mainBusy: { taskMs: number; scriptMs: number; layoutMs: number; styleMs: number; busyPct: number };
  /**
   * A second window of the same length with the collector's frame loop off (see collector.ts
   * setFrameLoop): main-thread busy time of the page's own work, the figure the ratio uses.
   * Tick-to-paint keeps being sampled (one rAF per row change, which the change needs anyway).
   */
  quietBusy: { taskMs: number; scriptMs: number; busyPct: number; tickToPaintP95: number };
  worker: { busyMs: number | null; busyPct: number | null };
  heapMB: { main: number; worker: number | null };
  serverCpuPct: number;
  /** baseline only: ticker updates the page received per second (what the feed really delivered) */
  deliveredTicksPerS?: number;
}

/** Per second of a window: its tick→paint p95 (ms; NaN for a second without samples) and sample count. */
export interface TickToPaintOverTime {
  rowsP95: number[];
  rowsN: number[];
  bookP95: number[];
  bookN: number[];
}

function perSecond(values: readonly number[], at: readonly number[], seconds: number): { p95: number[]; n: number[] } {
  const buckets: number[][] = Array.from({ length: Math.max(1, Math.ceil(seconds)) }, () => []);
  values.forEach((v, i) => buckets[Math.min(buckets.length - 1, Math.floor((at[i] ?? 0) / 1000))].push(v));
  return {
    p95: buckets.map((b) => (b.length ? round(summarize(b).p95) : NaN)),
    n: buckets.map((b) => b.length),
  };
}

function overTime(r: BenchReadout, seconds: number): TickToPaintOverTime {
  const rows = perSecond(r.ttp, r.ttpAt, seconds);
  const book = perSecond(r.bookTtp, r.bookTtpAt, seconds);
  return { rowsP95: rows.p95, rowsN: rows.n, bookP95: book.p95, bookN: book.n };
}

function pageUrl(origin: string, kind: PageKind): string {
  return kind === 'ours' ? `${origin}/h5/bench/browser/pages/app.html` : `${origin}/h5/bench/baseline-page/index.html`;
}

/**
 * Another page to measure the same way (the terminal bench). The page's CSP forbids evaluating
 * strings, so readiness and preparation are data, run by fixed functions.
 */
export interface PageTarget {
  path: string;
  /** ready once the chart has painted and, when given, an element matches this selector */
  readySelector?: string;
  /** once ready, before the warm-up: click this test id (a tab), then scroll every scroller and the window by this many px */
  click?: string;
  scrollBy?: number;
}

export async function measureStall(
  browser: Browser,
  server: ServerHandle,
  kind: PageKind,
  rate: number,
  throttle: number,
  durationS: number,
  warmupS: number,
  target?: PageTarget,
): Promise<StallRun> {
  const bp = await openBenchPage(browser, throttle);
  const base = { page: kind, rate, throttle, durationS };
  try {
    const t0 = Date.now();
    await bp.page.goto(target ? server.origin + target.path : pageUrl(server.origin, kind), {
      waitUntil: 'load',
      timeout: patience(120_000),
    });
    if (!target)
      await bp.page.waitForFunction(
        () => !!window.__bench?.read().marks.chartPaint && document.querySelectorAll('[data-symbol]').length > 0,
        undefined,
        { timeout: patience(90_000), polling: 250 },
      );
    else {
      await bp.page.waitForFunction(
        (sel) => !!window.__bench?.read().marks.chartPaint && (!sel || !!document.querySelector(sel)),
        target.readySelector ?? '',
        { timeout: patience(90_000), polling: 250 },
      );
      await bp.page.evaluate(
        ({ click, by }) => {
          if (click) (document.querySelector(`[data-testid="${click}"]`) as HTMLElement | null)?.click();
          if (!by) return;
          for (const e of document.querySelectorAll('*'))
            if (e.scrollHeight > e.clientHeight + 10 && getComputedStyle(e).overflowY !== 'visible') e.scrollBy(0, by);
          window.scrollBy(0, by);
        },
        { click: target.click ?? '', by: target.scrollBy ?? 0 },
      );
    }
    const marks = await bp.page.evaluate(() => window.__bench.read().marks);
    const chartPaintMs = marks.chartPaint ?? null;
    await sleep(warmupS * 1000);

    await bp.page.evaluate(() => {
      window.__bench.reset();
      (window as unknown as { __benchTicks?: number }).__benchTicks = 0;
    });
    const m0 = await pageMetrics(bp);
    const profiling = await startWorkerProfile(bp);
    const cpu0 = server.cpuSeconds();
    const w0 = Date.now();
    await sleep(durationS * 1000);
    const wallS = (Date.now() - w0) / 1000;
    const cpu1 = server.cpuSeconds();
    const m1 = await pageMetrics(bp);
    const r: BenchReadout & { ticks: number } = await bp.page.evaluate(() => ({
      ...window.__bench.read(),
      ticks: (window as unknown as { __benchTicks?: number }).__benchTicks ?? 0,
    }));
    const wp = profiling ? await stopWorkerProfile(bp) : null;
    const h = await heaps(bp, false);

    await bp.page.evaluate(() => {
      window.__bench.setFrameLoop(false);
      window.__bench.reset();
    });
    const q0 = await pageMetrics(bp);
    const qw0 = Date.now();
    await sleep(durationS * 1000);
    const qWallS = (Date.now() - qw0) / 1000;
    const q1 = await pageMetrics(bp);
    const qr = await bp.page.evaluate(() => window.__bench.read());
    const dq = (k: string) => ((q1[k] ?? 0) - (q0[k] ?? 0)) * 1000;

    const f = summarize(r.frames);
    const ttp = summarize(r.ttp);
    const btp = summarize(r.bookTtp);
    const cu = summarize(r.chartUpdates);
    const d = (k: string) => ((m1[k] ?? 0) - (m0[k] ?? 0)) * 1000;
    const lt = r.longTasks;
    void t0;
    return {
      ...base,
      ok: true,
      startup: { chartPaintMs: chartPaintMs === null ? null : round(chartPaintMs) },
      longTasks: {
        count: lt.length,
        totalMs: round(lt.reduce((a, b) => a + b.dur, 0)),
        maxMs: round(lt.reduce((a, b) => Math.max(a, b.dur), 0)),
      },
      frameMs: {
        p50: round(f.p50),
        p95: round(f.p95),
        p99: round(f.p99),
        max: round(f.max),
        frames: f.n,
        fps: round(f.n / (r.windowMs / 1000)),
      },
      tickToPaintMs: { p50: round(ttp.p50), p95: round(ttp.p95), p99: round(ttp.p99), samples: ttp.n },
      bookTickToPaintMs: { p50: round(btp.p50), p95: round(btp.p95), p99: round(btp.p99), samples: btp.n },
      overTime: overTime(r, wallS),
      chartUpdateMs: { p50: round(cu.p50, 2), p95: round(cu.p95, 2), updates: cu.n },
      mainBusy: {
        taskMs: round(d('TaskDuration')),
        scriptMs: round(d('ScriptDuration')),
        layoutMs: round(d('LayoutDuration')),
        styleMs: round(d('RecalcStyleDuration')),
        busyPct: round((d('TaskDuration') / (wallS * 1000)) * 100),
      },
      quietBusy: {
        taskMs: round(dq('TaskDuration')),
        scriptMs: round(dq('ScriptDuration')),
        busyPct: round((dq('TaskDuration') / (qWallS * 1000)) * 100),
        tickToPaintP95: round(summarize(qr.ttp).p95),
      },
      worker: { busyMs: wp ? round(wp.busyMs) : null, busyPct: wp ? round((wp.busyMs / (wallS * 1000)) * 100) : null },
      heapMB: { main: round(h.main / 2 ** 20, 2), worker: h.worker === null ? null : round(h.worker / 2 ** 20, 2) },
      serverCpuPct: round(((cpu1 - cpu0) / wallS) * 100),
      ...(kind === 'baseline' ? { deliveredTicksPerS: Math.round(r.ticks / wallS) } : {}),
    };
  } catch (err) {
    return { ...base, ok: false, error: String(err instanceof Error ? err.message : err).slice(0, 500) } as StallRun;
  } finally {
    await bp.close();
  }
}

export interface StallRatio {
  rate: number;
  throttle: number;
  /** ours / baseline, busy time measured without the frame loop (quietBusy) */
  mainBusy: number;
  /** the same with the frame loop on (mainBusy of the first window) */
  mainBusyWithLoop: number;
  longTaskMs: number;
  frameP95: number;
  tickToPaintP95: number;
  heapMain: number;
}

export function ratios(runs: StallRun[]): StallRatio[] {
  const out: StallRatio[] = [];
  for (const o of runs.filter((r) => r.page === 'ours' && r.ok)) {
    const b = runs.find((r) => r.page === 'baseline' && r.ok && r.rate === o.rate && r.throttle === o.throttle);
    if (!b) continue;
    const q = (a: number, c: number) => (c > 0 ? round(a / c, 3) : NaN);
    out.push({
      rate: o.rate,
      throttle: o.throttle,
      mainBusy: q(o.quietBusy.taskMs, b.quietBusy.taskMs),
      mainBusyWithLoop: q(o.mainBusy.taskMs, b.mainBusy.taskMs),
      longTaskMs: q(o.longTasks.totalMs, b.longTasks.totalMs),
      frameP95: q(o.frameMs.p95, b.frameMs.p95),
      tickToPaintP95: q(o.tickToPaintMs.p95, b.tickToPaintMs.p95),
      heapMain: q(o.heapMB.main, b.heapMB.main),
    });
  }
  return out;
}

export async function runStall(o: StallOptions): Promise<{ runs: StallRun[]; ratios: StallRatio[] }> {
  const runs: StallRun[] = [];
  const pages = o.pages ?? ['ours', 'baseline'];
  for (const rate of o.rates) {
    console.log(`[stall] server at ${rate} ticks/s, ${o.extraSymbols} extra symbols…`);
    const server = await startServer({ tickRate: rate, dataDir: o.dataDir, extraSymbols: o.extraSymbols });
    const browser = await launchBrowser();
    try {
      await settle(1500); // let the feed reach its rate
      for (const throttle of o.throttles) {
        for (const kind of pages) {
          const r = await measureStall(browser, server, kind, rate, throttle, o.durationS, o.warmupS);
          runs.push(r);
          console.log(
            r.ok
              ? `[stall] ${kind.padEnd(8)} ${rate}/s ${throttle}×: long tasks ${r.longTasks.count} (${r.longTasks.totalMs} ms), frame p95 ${r.frameMs.p95} ms, tick→paint p95 ${r.tickToPaintMs.p95} ms, main busy ${r.mainBusy.taskMs} ms (${r.mainBusy.busyPct}%), without frame loop ${r.quietBusy.taskMs} ms (${r.quietBusy.busyPct}%), worker busy ${r.worker.busyPct ?? '?'}%`
              : `[stall] ${kind} ${rate}/s ${throttle}×: FAILED ${r.error}`,
          );
        }
      }
    } finally {
      await browser.close().catch(() => {});
      await server.stop();
    }
  }
  return { runs, ratios: ratios(runs) };
}
