/**
 * Diagnosis, not a bench: the long tasks of two builds of the bench pages, interleaved on one server
 * and one browser (A B A B …), traced. A loaded machine stretches a task's wall time by whatever
 * else ran meanwhile, so beside the wall-time count this reads each main-thread task's THREAD time
 * (the trace's `tdur`: time the thread was on a core; Chromium's CPU throttle keeps the thread busy,
 * so it counts: at 6× a task's thread time measured ~0.7 of its wall time on a machine at load 20,
 * about what a quiet machine's wall time would be) and counts the tasks over 50 ms of it.
 * Build the A pages first, as for ab-terminal.ts:
 *
 *   npx vite build -c bench/vite.bench.config.ts --base /h5/bench-before/ --outDir ../dist/bench-pages-before
 *   npx tsx bench/browser/ab-longtask.ts [--a=bench-before] [--b=bench] [--rounds=3] [--seconds=20]
 *        [--rate=10400] [--extra=200] [--throttle=6] [--query='&ind=boll,macd'] [--part=book|trades]
 *        [--data-dir=DIR] [--js=1]
 *
 * `--js=1` also prints, per run, the JavaScript of its three largest tasks (trace-js.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arg, launchBrowser, openPairScreen, serveOtherBuild, sleep, startServer, type TraceEvent } from './harness';
import type { Browser } from 'playwright-core';
import { jsInTask, jsSamples } from './trace-js';

interface Traced {
  wallOver50: number;
  cpuOver50: number;
  /** the largest tasks' thread time, ms */
  top: number[];
  /** tasks over 25 ms of thread time (the chart's redraw frames, at 6×) */
  over25: number;
  /** the main thread's busy thread time per second, ms */
  busyPerS: number;
  /** the tasks that run animation frames (the chart's redraw) over 8 ms of thread time: count, median and mean ms */
  frames: { n: number; median: number; mean: number };
  /** thread time per second, ms: the frames' commits (canvases handed to the compositor), the rAF callbacks (the chart's draw) */
  commitPerS: number;
  rafPerS: number;
  /** the commits' mean thread time, ms */
  commitMean: number;
  /** canvas bitmaps handed to the compositor (`ProduceCanvasResource`) per second, and their thread time ms/s */
  canvas: { perS: number; ms: number };
}

const PRODUCE = 'Canvas2DResourceProvider::ProduceCanvasResource';
const CATEGORIES = 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink,cc';

async function traceOnce(browser: Browser, origin: string, base: string, throttle: number): Promise<Traced> {
  const seconds = Number(arg('seconds', '20'));
  const part = arg('part', 'book');
  const ind = arg('query', '&ind=boll,macd');
  const url = `${origin}/h5/${base}/browser/pages/app.html?mode=terminal&screen=pair&book=1${ind}`;
  const bp = await openPairScreen(browser, url, ind, { throttle, part });
  try {
    await sleep(5000);
    const js = arg('js', '0') === '1';
    const events: TraceEvent[] = [];
    bp.cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
    const done = new Promise<void>((r) => bp.cdp.once('Tracing.tracingComplete', () => r()));
    await bp.cdp.send('Tracing.start', {
      categories: `${CATEGORIES}${js ? ',disabled-by-default-v8.cpu_profiler' : ''}`,
      transferMode: 'ReportEvents',
    });
    await sleep(seconds * 1000);
    await bp.cdp.send('Tracing.end');
    await done;
    return summarise(events, seconds, js);
  } finally {
    await bp.close();
  }
}

function summarise(events: TraceEvent[], seconds: number, js: boolean): Traced {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  // the task that starts the trace holds the tracing's own start-up (~0.8 s in both builds): not the page's
  const start = onMain.reduce((m, e) => Math.min(m, e.ts), Infinity) + 1_000_000;
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ts > start);
  const cpu = (e: TraceEvent) => ((e as { tdur?: number }).tdur ?? 0) / 1000;
  const byCpu = [...tasks].sort((a, b) => cpu(b) - cpu(a));
  if (js && main) {
    const samples = jsSamples(events, main.pid, main.tid);
    for (const t of byCpu.slice(0, 3))
      console.log(
        `  task ${cpu(t).toFixed(0)} ms\n${jsInTask(samples, t, 8).join('\n')}\n${eventsInTask(onMain, t).join('\n')}`,
      );
  }
  const rafs = onMain.filter((e) => e.name === 'FireAnimationFrame');
  const frameCpu = tasks
    .filter((t) => cpu(t) > 8 && rafs.some((r) => r.ts >= t.ts && r.ts <= t.ts + (t.dur ?? 0)))
    .map(cpu)
    .sort((x, y) => x - y);
  const late = onMain.filter((e) => e.ts > start);
  const perS = (name: string) =>
    Math.round(late.filter((e) => e.name === name).reduce((t, e) => t + cpu(e), 0) / (seconds - 1));
  const commits = late.filter((e) => e.name === 'Commit');
  return {
    commitMean: Math.round((commits.reduce((t, e) => t + cpu(e), 0) / (commits.length || 1)) * 10) / 10,
    commitPerS: perS('Commit'),
    canvas: {
      perS: Math.round(late.filter((e) => e.name === PRODUCE).length / (seconds - 1)),
      ms: perS(PRODUCE),
    },
    rafPerS: perS('FireAnimationFrame'),
    frames: {
      n: frameCpu.length,
      median: Math.round(frameCpu[Math.floor(frameCpu.length / 2)] ?? 0),
      mean: Math.round(frameCpu.reduce((x, y) => x + y, 0) / (frameCpu.length || 1)),
    },
    wallOver50: tasks.filter((t) => (t.dur ?? 0) > 50_000).length,
    cpuOver50: tasks.filter((t) => cpu(t) > 50).length,
    top: byCpu.slice(0, 6).map((t) => Math.round(cpu(t))),
    over25: tasks.filter((t) => cpu(t) > 25).length,
    busyPerS: Math.round(tasks.reduce((s, t) => s + cpu(t), 0) / (seconds - 1)),
  };
}

/** The trace events inside a task (the renderer's own work: style, layout, paint, canvas, commit), by wall time. */
function eventsInTask(onMain: TraceEvent[], task: TraceEvent): string[] {
  const end = task.ts + (task.dur ?? 0);
  const by = new Map<string, number>();
  for (const e of onMain)
    if (e !== task && e.ts >= task.ts && e.ts <= end && e.dur) by.set(e.name, (by.get(e.name) ?? 0) + e.dur / 1000);
  return [
    '  trace events (inclusive wall ms, nested ones counted in each):',
    ...[...by]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([k, v]) => `    ${v.toFixed(1).padStart(6)} ${k}`),
  ];
}

async function main(): Promise<void> {
  const a = arg('a', 'bench-before');
  const b = arg('b', 'bench');
  const throttle = Number(arg('throttle', '6'));
  serveOtherBuild(a);
  const given = arg('data-dir', '');
  const dataDir = given || fs.mkdtempSync(path.join(os.tmpdir(), 'ab-longtask-'));
  const server = await startServer({
    tickRate: Number(arg('rate', '10400')),
    dataDir,
    extraSymbols: Number(arg('extra', '200')),
  });
  const browser = await launchBrowser();
  const all: Record<string, Traced[]> = { [a]: [], [b]: [] };
  try {
    for (let i = 0; i < Number(arg('rounds', '3')); i++)
      for (const base of i % 2 ? [b, a] : [a, b]) {
        const r = await traceOnce(browser, server.origin, base, throttle);
        all[base].push(r);
        console.log(
          `${base.padEnd(13)} tasks > 50 ms: wall ${r.wallOver50}, thread time ${r.cpuOver50}; largest (thread time) ${r.top.join(', ')} ms; over 25 ms ${r.over25}; busy ${r.busyPerS} ms/s; frames > 8 ms ${r.frames.n}, median ${r.frames.median}, mean ${r.frames.mean} ms; commit ${r.commitPerS} ms/s (${r.commitMean} ms each), rAF ${r.rafPerS} ms/s; canvas bitmaps ${r.canvas.perS}/s, ${r.canvas.ms} ms/s; load ${os.loadavg()[0].toFixed(1)}`,
        );
      }
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
    if (!given) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  for (const base of [a, b]) {
    const rs = all[base];
    const tops = rs.flatMap((r) => r.top.slice(0, 1));
    console.log(
      `${base}: thread-time tasks > 50 ms ${rs.map((r) => r.cpuOver50).join('+')}, largest per run ${tops.join(', ')} ms, busy ${rs.map((r) => r.busyPerS).join(', ')} ms/s, commit ${rs.map((r) => `${r.commitPerS} (${r.commitMean} each)`).join(', ')} ms/s, rAF ${rs.map((r) => r.rafPerS).join(', ')} ms/s`,
    );
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
