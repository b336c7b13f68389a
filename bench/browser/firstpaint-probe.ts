/**
 * Diagnosis, not a bench: where do the milliseconds between mounting <KLineChart> and its first
 * paint of 5,000 candles go? Same sequence as bench/history-merge.ts (a), warm: prefetch 5,000
 * bars into the worker, wait for the idle warm-up, mount; records a trace from mount to paint and
 * prints the main thread's top-level tasks on a timeline (relative to mount) and a CPU profile.
 *
 *   npx tsx bench/browser/firstpaint-probe.ts [--throttle=4] [--runs=3] [--warm=1] [--trace=1] [--cpu=1] [--tree=0] [--query=&x=1]
 *     [--focus=N|max]      inclusive CPU time per function inside the Nth task over 1 ms, or the longest
 *     [--ab='&x=0|&x=1']   variants of the query, interleaved run by run (a noisy machine drifts
 *                          between back-to-back series); prints each variant's p50. A variant
 *                          `@DIR` opens another build of the pages instead, copied to dist/h5/DIR/ —
 *                          e.g. an older commit's, built with
 *                          `npx vite build -c bench/vite.bench.config.ts --base /h5/DIR/ --outDir X`
 *                          and passed as `--pages-DIR=X`
 *
 * `--tree=1` prints each task over 20 ms as a tree of its events over 1 ms.
 * `--cpu-time=1` (with `--trace=0`): a light trace of top-level tasks only, and each run's main-thread
 * CPU time from mount to the paint mark (the tasks' thread time): on a loaded machine the wall time
 * mostly measures the other processes, the CPU time much less so. Prints each variant's p50 of both.
 * Performance marks named `fp:…` (add them while diagnosing) are printed relative to mount.
 * Traced runs also print the chart's first frame (the first after mount whose rAF callbacks run over
 * 5 ms): its thread time, its rAF callbacks', its commit's and how many canvases the commit produced —
 * counts that do not depend on the machine's load, unlike the frame's milliseconds.
 *
 * Build the bench pages first (`BENCH_MINIFY=0 npx vite build -c bench/vite.bench.config.ts` for
 * readable names).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  launchBrowser,
  openBenchPage,
  printTree,
  ROOT,
  round,
  sleep,
  startServer,
  type CpuProfile,
  type TraceEvent,
} from './harness';

function arg(name: string, def: string): string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : def;
}

/** Inclusive time per function for the samples inside [from, to] (µs, the trace's clock). */
function inclusiveIn(p: CpuProfile | undefined, from: number, to: number, top: number): string[] {
  if (!p?.samples || !p.timeDeltas || p.startTime === undefined) return [];
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const incl = new Map<string, number>();
  let t = p.startTime;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i];
    if (t < from || t > to) continue;
    const dt = p.timeDeltas[i + 1] ?? 0;
    const seen = new Set<string>();
    for (let id: number | undefined = p.samples[i]; id !== undefined; id = parent.get(id)) {
      const n = byId.get(id);
      if (!n) break;
      const k = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop() ?? ''}:${n.callFrame.lineNumber}`;
      if (seen.has(k)) continue;
      seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + dt);
    }
  }
  return [...incl]
    .filter(([k]) => !k.startsWith('(root)') && !k.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, v]) => `${(v / 1000).toFixed(1).padStart(8)} ms  ${k}`);
}

function selfTimes(p: CpuProfile | undefined, top: number): string[] {
  if (!p?.samples || !p.timeDeltas) return [];
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const n = byId.get(p.samples[i]);
    if (!n) continue;
    const k = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop() ?? ''}:${n.callFrame.lineNumber}`;
    self.set(k, (self.get(k) ?? 0) + p.timeDeltas[i]);
  }
  return [...self]
    .filter(([k]) => !k.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, v]) => `${(v / 1000).toFixed(1).padStart(8)} ms  ${k}`);
}

/**
 * The page's main-thread CPU time (thread time of its top-level tasks) from the `fp-probe:mount`
 * mark to `untilUs` after it: tasks that start in that span, the one holding the mark included.
 */
function mainThreadCpu(buf: Buffer, untilUs: number, startMark = 'fp-probe:mount'): number {
  const ev = (JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const mount = ev.find((e) => e.name === 'fp-probe:mount');
  const mark = ev.find((e) => e.name === startMark);
  if (!mark) return NaN;
  const thread = (e: TraceEvent) => e.pid === mark.pid && e.tid === mark.tid;
  // a task is one RunTask (which holds a ThreadControllerImpl::RunTask of the same span)
  const name = ev.some((e) => e.name === 'RunTask' && thread(e)) ? 'RunTask' : 'ThreadControllerImpl::RunTask';
  const top = ev.filter((e) => e.ph === 'X' && thread(e) && e.name === name);
  const holder = top.find((t) => t.ts <= mark.ts && t.ts + (t.dur ?? 0) >= mark.ts);
  const from = holder ? holder.ts : mark.ts;
  const until = (mount?.ts ?? mark.ts) + untilUs;
  return top.filter((t) => t.ts >= from && t.ts <= until).reduce((a, t) => a + (t.tdur ?? t.dur ?? 0), 0) / 1000;
}

/** The chart's first frame after mount (see the header), on the page's main thread, as one line. */
function chartFrame(main: TraceEvent[], top: TraceEvent[], ev: TraceEvent[]): string | null {
  const mount = ev.find((e) => e.name === 'fp-probe:mount');
  if (!mount) return null;
  const inside = (t: TraceEvent, name: string) =>
    main.filter((e) => e.name === name && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0));
  const cpu = (es: TraceEvent[]) => round(es.reduce((a, e) => a + (e.tdur ?? e.dur ?? 0), 0) / 1000);
  const f = top.find((t) => t.ts > mount.ts && inside(t, 'FireAnimationFrame').some((e) => (e.dur ?? 0) > 5000));
  if (!f) return null;
  const produced = inside(f, 'Canvas2DResourceProvider::ProduceCanvasResource').length;
  return `chart frame: ${cpu([f])} ms thread time, rAF ${cpu(inside(f, 'FireAnimationFrame'))} ms, commit ${cpu(inside(f, 'Commit'))} ms, ${produced} canvases produced`;
}

async function main(): Promise<void> {
  const throttle = Number(arg('throttle', '4'));
  const runs = Number(arg('runs', '3'));
  const warm = arg('warm', '1') === '1';
  const tracing = arg('trace', '1') === '1';
  const cpu = arg('cpu', '1') === '1';
  const variants = arg('ab', '').split('|');
  const totals: number[][] = variants.map(() => []);
  const cpuTotals: number[][] = variants.map(() => []);
  const cpuFrom: number[][] = variants.map(() => []);
  const cpuTime = arg('cpu-time', '0') === '1' && !tracing;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-probe-'));
  const server = await startServer({ tickRate: 2000, dataDir, extraSymbols: 2000 });
  const browser = await launchBrowser();
  const base = `${server.origin}/h5/bench/browser/pages/app.html?mode=history&symbol=${encodeURIComponent('BTC/USDT')}${warm ? '' : '&warm=0'}${arg('query', '')}`;
  try {
    for (let run = 0; run < runs; run++) {
      const v = run % variants.length;
      const other = variants[v].startsWith('@') ? variants[v].slice(1) : null;
      if (other) fs.cpSync(arg(`pages-${other}`, ''), path.join(ROOT, 'dist/h5', other), { recursive: true });
      const url = other ? base.replace('/h5/bench/', `/h5/${other}/`) : base + variants[v];
      const bp = await openBenchPage(browser, throttle);
      try {
        await bp.page.goto(url, { waitUntil: 'load' });
        await bp.page.waitForFunction(
          () => typeof (window as unknown as { __benchOps?: unknown }).__benchOps === 'object',
        );
        // a variant may turn the spare off (`&warm=0`) or build it the app's way (`&warm=app`, ≥ 6 s after load)
        if (warm && !url.includes('warm=0'))
          await bp.page.waitForFunction(() => 'chartWarm' in window.__bench.read().marks, undefined, {
            timeout: 30_000,
          });
        await bp.page.evaluate(() =>
          (
            window as unknown as { __benchOps: { prefetch(s: string, n: number): Promise<unknown> } }
          ).__benchOps.prefetch('BTC/USDT', 5000),
        );
        await sleep(500);
        if (tracing) {
          if (cpu) {
            await bp.cdp.send('Profiler.enable');
            await bp.cdp.send('Profiler.setSamplingInterval', { interval: 200 });
            await bp.cdp.send('Profiler.start');
          }
          await browser.startTracing(bp.page, {
            categories: [
              'devtools.timeline',
              'disabled-by-default-devtools.timeline',
              'v8.execute',
              'blink',
              'toplevel',
              'cc',
              'blink.user_timing',
            ],
          });
        }
        if (cpuTime) await browser.startTracing(bp.page, { categories: ['toplevel', 'blink.user_timing'] });
        await bp.page.evaluate(() => {
          performance.mark('fp-probe:mount');
          (window as unknown as { __benchShowChart: () => void }).__benchShowChart();
        });
        await bp.page.waitForFunction(() => 'chartPaint' in window.__bench.read().marks, undefined, {
          timeout: 60_000,
        });
        const m = await bp.page.evaluate(() => window.__bench.read().marks);
        if (cpuTime) {
          const at = await bp.page.evaluate(() => performance.getEntriesByName('fp-probe:mount')[0]?.startTime ?? NaN);
          const buf = await browser.stopTracing();
          const ms = mainThreadCpu(buf, (m.chartPaint - at) * 1000);
          cpuTotals[v].push(ms);
          // `--cpu-from=MARK`: also the CPU time from the task holding that mark (e.g. `fp:history`) to the paint
          const fromMark = arg('cpu-from', '');
          const part = fromMark ? mainThreadCpu(buf, (m.chartPaint - at) * 1000, fromMark) : NaN;
          if (fromMark) cpuFrom[v].push(part);
          console.log(
            `   main-thread CPU mount→paint ${round(ms)} ms${fromMark ? `, ${fromMark}→paint ${round(part)} ms` : ''}`,
          );
        }
        console.log(
          `# run ${run + 1}${variants.length > 1 ? ` [${variants[v]}]` : ''}: mount→setData ${round(m.chartSetData - m.mount)} ms, setData→paint ${round(m.chartPaint - m.chartSetData)} ms, total ${round(m.chartPaint - m.mount)} ms`,
        );
        totals[v].push(m.chartPaint - m.mount);
        const pm = await bp.page.evaluate(() =>
          performance
            .getEntriesByType('mark')
            .filter((e) => e.name.startsWith('fp:'))
            .map((e) => [e.name, e.startTime] as const),
        );
        if (pm.length)
          console.log(
            '   ' +
              pm
                .filter(([, t]) => t >= m.mount)
                .map(([k, t]) => `${k} +${round(t - m.mount)}`)
                .join('  '),
          );
        console.log(
          '   ' +
            Object.entries(m)
              .filter(([, v]) => v >= m.mount)
              .sort((a, b) => a[1] - b[1])
              .map(([k, v]) => `${k} +${round(v - m.mount)}`)
              .join('  '),
        );
        if (!tracing) continue;
        const buf = await browser.stopTracing();
        const prof = cpu ? ((await bp.cdp.send('Profiler.stop')) as unknown as { profile?: CpuProfile }) : {};
        const ev = (JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
        const names = new Map<string, string>();
        for (const e of ev)
          if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
        // the page's main thread: the CrRendererMain with the most RunTask time
        const tasks = ev.filter((e) => e.ph === 'X' && (names.get(`${e.pid}:${e.tid}`) ?? '') === 'CrRendererMain');
        const byThread = new Map<string, TraceEvent[]>();
        for (const e of tasks) {
          const k = `${e.pid}:${e.tid}`;
          byThread.set(k, [...(byThread.get(k) ?? []), e]);
        }
        const main = [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
        const t0 = Math.min(...main.map((e) => e.ts));
        const top = main
          .filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask')
          .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
          .filter((e, i, a) => i === 0 || Math.abs(e.ts - a[i - 1].ts) > 200);
        // children of each top task: the biggest few by duration
        // `--focus=N`: the Nth task over 1 ms; `--focus=max`: the longest
        const frame = chartFrame(main, top, ev);
        if (frame) console.log(`   ${frame}`);
        const longest = top.reduce<TraceEvent | null>((a, t) => ((t.dur ?? 0) > (a?.dur ?? -1) ? t : a), null);
        const focus = arg('focus', '-1');
        let shown = 0;
        for (const t of top) {
          if ((t.dur ?? 0) < 1000) continue;
          if (focus === 'max' ? t === longest : shown++ === Number(focus)) {
            console.log(`  -- inclusive CPU time inside the next task --`);
            for (const l of inclusiveIn(prof.profile, t.ts, t.ts + (t.dur ?? 0), 45)) console.log(`      ${l}`);
          }
          const kids = main
            .filter(
              (e) =>
                e !== t &&
                e.ts >= t.ts &&
                e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0) &&
                e.name !== 'RunTask' &&
                e.name !== 'ThreadControllerImpl::RunTask',
            )
            .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
            .slice(0, 6)
            .map(
              (e) =>
                `${e.name}${e.args?.data?.functionName ? `(${String(e.args.data.functionName)})` : ''} ${round((e.dur ?? 0) / 1000)}`,
            );
          console.log(
            `  +${round((t.ts - t0) / 1000)
              .toString()
              .padStart(6)} ms  task ${round((t.dur ?? 0) / 1000)
              .toString()
              .padStart(5)} ms  ${kids.join(' · ')}`,
          );
          if (arg('tree', '0') === '1' && (t.dur ?? 0) > 20_000) printTree(main, t);
        }
        if (arg('incl', '0') === '1') {
          console.log('  -- inclusive CPU time, trace start to end --');
          for (const l of inclusiveIn(prof.profile, t0, Infinity, Number(arg('top', '60')))) console.log(`      ${l}`);
        }
        if (run === runs - 1) for (const l of selfTimes(prof.profile, 30)) console.log(l);
      } finally {
        await bp.close();
      }
    }
    variants.forEach((q, v) => {
      if (cpuTime) {
        const c = [...cpuTotals[v]].sort((a, b) => a - b);
        console.log(
          `main-thread CPU${q ? ` [${q}]` : ''} p50 ${round(c[Math.floor(c.length / 2)])} ms (min ${round(c[0])}, max ${round(c[c.length - 1])}, n ${c.length})`,
        );
        const f = [...cpuFrom[v]].sort((a, b) => a - b);
        if (f.length)
          console.log(
            `  from ${arg('cpu-from', '')}${q ? ` [${q}]` : ''} p50 ${round(f[Math.floor(f.length / 2)])} ms (min ${round(f[0])}, max ${round(f[f.length - 1])})`,
          );
      }
      const sorted = [...totals[v]].sort((a, b) => a - b);
      console.log(
        `first paint${q ? ` [${q}]` : ''} p50 ${round(sorted[Math.floor(sorted.length / 2)])} ms (min ${round(sorted[0])}, max ${round(sorted[sorted.length - 1])}, n ${sorted.length})`,
      );
    });
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
