/**
 * Diagnosis, not a bench: where does the main thread of the stall page spend its time?
 * Starts the server, opens the ours (or baseline) stall page at a CPU throttle, records a Chromium
 * trace for a few seconds and prints exclusive time per trace event name on the renderer main
 * thread, the market worker and the compositor, plus how many ticker updates a plain socket.io
 * client receives per second and how old they are on arrival (is the server keeping up?).
 *
 *   npx tsx bench/browser/profile.ts [--page=ours|baseline] [--rate=50000] [--throttle=4] [--seconds=5] [--no-probe] [--quiet]
 *
 * `INVAL=1` adds Chromium's invalidation tracking to the trace (with `--save`: which DOM write, by
 * stack, dirtied the style or layout of each frame).
 *
 * Build the bench pages first (`npm run bench -- --only=stall …` does, or
 * `npx vite build -c bench/vite.bench.config.ts`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import {
  launchBrowser,
  openBenchPage,
  pageMetrics,
  scrollScrollers,
  sleep,
  startServer,
  startWorkerProfile,
  type CpuProfile,
  type TraceEvent,
} from './harness';

function arg(name: string, def: string): string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : process.argv.includes(`--${name}`) ? 'true' : def;
}

/** Exclusive (self) time per event name for one thread's complete ('X') events. */
function selfTimes(events: TraceEvent[]): Map<string, number> {
  const xs = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const out = new Map<string, number>();
  const stack: { e: TraceEvent; end: number; child: number }[] = [];
  const pop = () => {
    const top = stack.pop();
    if (!top) return;
    out.set(top.e.name, (out.get(top.e.name) ?? 0) + (top.e.dur ?? 0) - top.child);
    const parent = stack[stack.length - 1];
    if (parent) parent.child += top.e.dur ?? 0;
  };
  for (const e of xs) {
    while (stack.length && stack[stack.length - 1].end <= e.ts) pop();
    stack.push({ e, end: e.ts + (e.dur ?? 0), child: 0 });
  }
  while (stack.length) pop();
  return out;
}

function print(title: string, m: Map<string, number>, windowUs: number, top = 18): void {
  const total = [...m.values()].reduce((a, b) => a + b, 0);
  console.log(
    `\n## ${title}: ${(total / 1000).toFixed(0)} ms traced in ${(windowUs / 1e6).toFixed(1)} s (${((total / windowUs) * 100).toFixed(1)}%)`,
  );
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${(v / 1000).toFixed(1).padStart(9)} ms  ${k}`);
}

function topFunctions(title: string, r: { profile?: CpuProfile }, top = 25): void {
  const p = r.profile;
  if (!p?.samples || !p.timeDeltas) return;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const n = byId.get(p.samples[i]);
    if (!n) continue;
    const k = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop() ?? ''}:${n.callFrame.lineNumber}`;
    self.set(k, (self.get(k) ?? 0) + p.timeDeltas[i]);
    total += p.timeDeltas[i];
  }
  console.log(`\n## ${title}: ${(total / 1000).toFixed(0)} ms sampled`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${(v / 1000).toFixed(1).padStart(9)} ms  ${k}`);
}

/** Inclusive time per function (each sample counted once per distinct function on its stack): what a call tree costs with its children. */
function inclusiveFunctions(title: string, r: { profile?: CpuProfile }, top = 40): void {
  const p = r.profile;
  if (!p?.samples || !p.timeDeltas) return;
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const key = (id: number) => {
    const f = byId.get(id)?.callFrame;
    return f ? `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber}` : '?';
  };
  const incl = new Map<string, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const seen = new Set<string>();
    for (let id: number | undefined = p.samples[i]; id !== undefined; id = parent.get(id)) seen.add(key(id));
    for (const k of seen) incl.set(k, (incl.get(k) ?? 0) + p.timeDeltas[i]);
  }
  console.log(`\n## ${title}`);
  for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${(v / 1000).toFixed(1).padStart(9)} ms  ${k}`);
}

async function probe(origin: string, seconds: number): Promise<void> {
  const s = io(origin, { transports: ['websocket'] });
  let n = 0;
  let bytes = 0;
  const ages: number[] = [];
  s.on('connect', () => s.emit('subscribe', { channels: ['tickers'] }));
  s.on('tickers', (batch: unknown) => {
    const now = Date.now();
    bytes += JSON.stringify(batch).length;
    const rows = Array.isArray(batch) ? batch : [];
    n += rows.length;
    const last = rows[rows.length - 1] as unknown;
    const ts = Array.isArray(last) ? (last[2] as number) : (last as { ts?: number } | undefined)?.ts;
    if (typeof ts === 'number') ages.push(now - ts);
  });
  await sleep(1500);
  n = 0;
  bytes = 0;
  ages.length = 0;
  await sleep(seconds * 1000);
  s.disconnect();
  ages.sort((a, b) => a - b);
  const q = (p: number) => ages[Math.min(ages.length - 1, Math.floor(p * ages.length))];
  console.log(
    `\n## socket probe (node client): ${Math.round(n / seconds)} ticker updates/s, ${(bytes / seconds / 1e6).toFixed(2)} MB/s JSON, batch age on arrival p50 ${q(0.5)} ms / p95 ${q(0.95)} ms (${ages.length} batches)`,
  );
}

async function main(): Promise<void> {
  const kind = arg('page', 'ours');
  const rate = Number(arg('rate', '50000'));
  const throttle = Number(arg('throttle', '4'));
  const seconds = Number(arg('seconds', '5'));
  const dataDir = arg('data-dir', '') || fs.mkdtempSync(path.join(os.tmpdir(), 'h5-profile-'));
  // --extra=N: fewer symbols at a proportionally lower rate keep one symbol's feed the same on a loaded machine
  const server = await startServer({ tickRate: rate, dataDir, extraSymbols: Number(arg('extra', '2000')) });
  const browser = await launchBrowser();
  try {
    if (arg('probe', 'true') !== 'false' && !process.argv.includes('--no-probe')) await probe(server.origin, seconds);
    const bp = await openBenchPage(browser, throttle);
    const url =
      kind === 'ours'
        ? `${server.origin}/h5/bench/browser/pages/app.html${arg('query', '')}`
        : `${server.origin}/h5/bench/baseline-page/index.html`;
    await bp.page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // a loaded machine at 4× takes ~10 s to the first chart paint: wait for it (and a synced book, --ready=selector)
    await bp.page.waitForFunction(
      (sel) => !!window.__bench?.read().marks.chartPaint && (!sel || !!document.querySelector(sel)),
      arg('ready', ''),
      { timeout: 120_000, polling: 250 },
    );
    await sleep(4000);
    // --scroll=N: as the terminal bench does (the pair page's book under the chart)
    await scrollScrollers(bp.page, Number(arg('scroll', '0')));
    await sleep(3000);
    await bp.page.evaluate(() => window.__bench.reset());
    // --quiet: the collector's frame-time loop off, as in the stall bench's "quiet busy" window
    if (process.argv.includes('--quiet')) await bp.page.evaluate(() => window.__bench.setFrameLoop(false));
    const profiling = await startWorkerProfile(bp);
    await bp.cdp.send('Profiler.enable');
    await bp.cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    await bp.cdp.send('Profiler.start');
    await browser.startTracing(bp.page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'blink',
        'cc',
        'toplevel',
        ...(process.env.INVAL ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
      ],
    });
    const m0 = await pageMetrics(bp);
    const w0 = Date.now();
    await sleep(seconds * 1000);
    const m1 = await pageMetrics(bp);
    const wall = Date.now() - w0;
    const buf = await browser.stopTracing();
    // the figure the benches report (CDP TaskDuration): compare it with what the trace shows
    const dm = (k: string) => Math.round(((m1[k] ?? 0) - (m0[k] ?? 0)) * 1000);
    console.log(
      `## CDP metrics over ${wall} ms: task ${dm('TaskDuration')} ms (${((dm('TaskDuration') / wall) * 100).toFixed(1)}%), script ${dm('ScriptDuration')}, layout ${dm('LayoutDuration')}, style ${dm('RecalcStyleDuration')}; load ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
    const mainProfile = (await bp.cdp.send('Profiler.stop')) as unknown as { profile?: CpuProfile };
    topFunctions('main thread (CPU profile, self time, throttled ms)', mainProfile, 40);
    // --inclusive: the same profile by call tree (a component's render with what it calls)
    if (process.argv.includes('--inclusive'))
      inclusiveFunctions('main thread (CPU profile, inclusive time, throttled ms)', mainProfile, 80);
    if (profiling)
      topFunctions(
        'market worker (CPU profile, self time)',
        (await bp.worker('Profiler.stop')) as { profile?: CpuProfile },
      );
    const r = await bp.page.evaluate(() => window.__bench.read());
    const ttp = [...r.ttp].sort((a, b) => a - b);
    const fr = [...r.frames].sort((a, b) => a - b);
    const q = (xs: number[], p: number) => Math.round(xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN);
    console.log(
      `\n## page: tick→paint p50 ${q(ttp, 0.5)} / p95 ${q(ttp, 0.95)} ms (${ttp.length}), frames p50 ${q(fr, 0.5)} / p95 ${q(fr, 0.95)} ms, long tasks ${r.longTasks.length} (max ${Math.round(Math.max(0, ...r.longTasks.map((l) => l.dur)))} ms), row changes ${r.rowPaints}`,
    );
    const trace = JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] };
    const ev = trace.traceEvents;
    const names = new Map<string, string>();
    for (const e of ev)
      if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
    const xs = ev.filter((e) => e.ph === 'X');
    const t0 = Math.min(...xs.map((e) => e.ts));
    const t1 = Math.max(...xs.map((e) => e.ts + (e.dur ?? 0)));
    // The page's renderer: the process whose main thread ran our frames (most busy CrRendererMain).
    const byThread = new Map<string, TraceEvent[]>();
    for (const e of xs) {
      const k = `${e.pid}:${e.tid}`;
      let a = byThread.get(k);
      if (!a) byThread.set(k, (a = []));
      a.push(e);
    }
    const busiest = (label: string) =>
      [...byThread]
        .filter(([k]) => (names.get(k) ?? '').startsWith(label))
        .map(
          ([k, a]) =>
            [
              k,
              a,
              a
                .filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
                .reduce((s, e) => s + (e.dur ?? 0), 0),
            ] as const,
        )
        .sort((a, b) => b[2] - a[2])[0];
    for (const label of [
      'CrRendererMain',
      'DedicatedWorker thread',
      'Compositor',
      'VizCompositorThread',
      'CrGpuMain',
    ]) {
      const hit = busiest(label);
      if (hit) print(`${label} (${hit[0]})`, selfTimes(hit[1]), t1 - t0);
    }
    // --save: the trace and the main thread's CPU profile for a closer look (e.g. in DevTools)
    if (arg('save', '') === 'true') {
      fs.writeFileSync('/tmp/h5-trace.json', buf);
      fs.writeFileSync('/tmp/h5-main.cpuprofile', JSON.stringify(mainProfile.profile ?? {}));
    }
    await bp.close();
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
