/**
 * Diagnosis, not a bench: where does a cold load's blocking time come from? Opens one
 * route of the built app, served by the real server, cold (fresh context) under bench/first-load.ts's
 * profile (4× CPU, slow 4G), records a Chromium trace and a sampling CPU profile of the page's main
 * thread, and prints every task over 50 ms on a timeline (ms after navigation start) with what ran
 * inside it: script compile/evaluate per chunk, function calls, microtasks, style, layout, paint, GC —
 * and per long task the scripts and functions the profile's samples fell in.
 *
 *   npx tsx bench/browser/load-probe.ts [--route=home|markets|contract|login] [--runs=1] [--app-root=DIR]
 *     [--tree=1] [--depth=4] [--min=2] [--cpu=1 --interval=500] [--top=12] [--settle=6000] [--warm=1]
 *
 * `--cpu=1` adds a sampling profile (µs interval), its functions named through the build's source maps;
 * it slows the page, so read task durations from a run without it.
 *
 * `--app-root` serves another checkout's build (as bench/first-load.ts); BENCH_PORT fixes the port.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { CDPSession } from 'playwright-core';
import { arg, launchBrowser, ROOT, sleep, startServer, type CpuProfile, type TraceEvent } from './harness';

const HASH: Record<string, string> = {
  home: '#/pages/index/index',
  markets: '#/pages/market/market',
  contract: '#/pages/transaction/contract',
  login: '#/pages/common/login',
};
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'disabled-by-default-v8.compile',
  'blink.user_timing',
  'loading',
  'toplevel',
].join(',');

const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);

function label(e: TraceEvent): string {
  const d = e.args?.data ?? {};
  const a = (e.args ?? {}) as Record<string, unknown>;
  const fn = typeof d.functionName === 'string' && d.functionName ? `(${d.functionName})` : '';
  const url = [d.url, a.fileName, d.fileName, (a as { data?: { url?: string } }).data?.url].find(
    (u): u is string => typeof u === 'string' && u.length > 0,
  );
  const file = url ? ` ${url.split('/').pop()}` : '';
  const type = typeof d.type === 'string' ? ` ${d.type}` : '';
  return `${e.name}${fn}${type}${file}`;
}

/** The events inside `task` longer than `minMs`, nested by containment, to `depth` levels. */
function tree(events: TraceEvent[], task: TraceEvent, minMs: number, depth: number, t0: number): void {
  const inner = events
    .filter((e) => e !== task && e.ts >= task.ts && end(e) <= end(task) && (e.dur ?? 0) >= minMs * 1000)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const stack: TraceEvent[] = [];
  for (const e of inner) {
    while (stack.length && end(stack[stack.length - 1]) < end(e)) stack.pop();
    if (stack.length < depth)
      console.log(
        `      ${'  '.repeat(stack.length)}${label(e)} ${((e.dur ?? 0) / 1000).toFixed(1)} @${((e.ts - t0) / 1000).toFixed(0)}`,
      );
    stack.push(e);
  }
}

/** Inclusive time of the functions whose source name (fnOf) contains one of `names`, in [from, to]. */
function inclusiveIn(p: CpuProfile | undefined, from: number, to: number, names: string[]): Map<string, number> {
  const out = new Map<string, number>();
  if (!p?.samples || !p.timeDeltas || p.startTime === undefined || names.length === 0) return out;
  const byId = new Map((p.nodes as ProfileNode[]).map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const hit = new Map<number, string | null>();
  const nameOf = (id: number) => {
    if (!hit.has(id)) {
      const n = byId.get(id);
      const f = n ? fnOf(n) : '';
      hit.set(id, names.find((x) => f.includes(x)) ?? null);
    }
    return hit.get(id) ?? null;
  };
  let t = p.startTime;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i];
    if (t < from || t > to) continue;
    const seen = new Set<string>();
    for (let id: number | undefined = p.samples[i]; id !== undefined; id = parent.get(id)) {
      const k = nameOf(id);
      if (k && !seen.has(k)) {
        seen.add(k);
        out.set(k, (out.get(k) ?? 0) + (p.timeDeltas[i + 1] ?? 0));
      }
    }
  }
  return out;
}

/** Self time per key (script file or function) of the profile's samples inside [from, to]. */
function samplesIn(
  p: CpuProfile | undefined,
  from: number,
  to: number,
  key: (n: ProfileNode) => string,
): Map<string, number> {
  const out = new Map<string, number>();
  if (!p?.samples || !p.timeDeltas || p.startTime === undefined) return out;
  const byId = new Map((p.nodes as ProfileNode[]).map((n) => [n.id, n]));
  let t = p.startTime;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i];
    if (t < from || t > to) continue;
    const n = byId.get(p.samples[i]);
    if (!n) continue;
    const k = key(n);
    out.set(k, (out.get(k) ?? 0) + (p.timeDeltas[i + 1] ?? 0));
  }
  return out;
}

type ProfileNode = CpuProfile['nodes'][number] & { callFrame: { columnNumber?: number } };
const fileOf = (n: ProfileNode) => n.callFrame.url.split('/').pop() || n.callFrame.functionName || '(native)';

/** the build's source maps, to name a minified function by its source (file:line name) */
const maps = new Map<string, TraceMap | null>();
function sourceOf(n: ProfileNode): string | null {
  const m = /\/h5\/(assets\/[^?#]+\.js)$/.exec(n.callFrame.url);
  if (!m) return null;
  let map = maps.get(m[1]);
  if (map === undefined) {
    const file = path.join(path.resolve(arg('app-root', ROOT)), 'dist/h5', `${m[1]}.map`);
    map = fs.existsSync(file) ? new TraceMap(fs.readFileSync(file, 'utf8')) : null;
    maps.set(m[1], map);
  }
  // a module's top level is reported at line -1
  if (!map || n.callFrame.lineNumber < 0) return null;
  const o = originalPositionFor(map, { line: n.callFrame.lineNumber + 1, column: n.callFrame.columnNumber ?? 0 });
  return o.source
    ? `${o.source.replace(/^.*node_modules\//, '~').replace(/^(\.\.\/)+/, '')}:${o.line}${o.name ? ` ${o.name}` : ''}`
    : null;
}
const fnOf = (n: ProfileNode) =>
  sourceOf(n) ??
  `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop() ?? ''}:${n.callFrame.lineNumber}`;

function top(m: Map<string, number>, k: number): string {
  return [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([n, us]) => `${n} ${(us / 1000).toFixed(1)}`)
    .join(' · ');
}

async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(arg('throttle', '4')) });
}

async function once(origin: string, route: string): Promise<void> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      hasTouch: true,
    });
    if (arg('warm', '0') === '1') {
      // `--warm=1`: a first visit installs the service worker and fills the caches; the second is traced
      const first = await context.newPage();
      await first.goto(`${origin}/h5/${HASH[route]}`, { waitUntil: 'load', timeout: 60_000 });
      await first
        .evaluate(() => Promise.race([navigator.serviceWorker?.ready, new Promise((r) => setTimeout(r, 10_000))]))
        .catch(() => {});
      await sleep(3000);
      await first.close();
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);
    const cpu = arg('cpu', '0') === '1';
    if (cpu) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: Number(arg('interval', '500')) });
      await cdp.send('Profiler.start');
    }
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
    const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    await page.goto(`${origin}/h5/${HASH[route]}`, { waitUntil: 'load', timeout: 60_000 });
    await sleep(Number(arg('settle', '6000')));
    await cdp.send('Tracing.end');
    await done;
    const profile = cpu ? ((await cdp.send('Profiler.stop')).profile as unknown as CpuProfile) : undefined;
    await context.close();

    // the app's renderer: the one whose navigation loaded /h5/ (not about:blank's)
    const nav = events.find(
      (e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').includes('/h5/'),
    );
    const main = events.find(
      (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && (!nav || e.pid === nav.pid),
    );
    if (!main || !nav) throw new Error('no renderer main thread or navigation of the app in the trace');
    const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
    const t0 = nav.ts;
    const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid);
    const lcp = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === main.pid).pop();
    const rel = (ts: number) => ((ts - t0) / 1000).toFixed(0);
    const tasks = onMain.filter(
      (e) => (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && (e.dur ?? 0) > 50_000,
    );
    // nested RunTask events (one inside another) count once
    const outer = tasks.filter((t) => !tasks.some((o) => o !== t && o.ts <= t.ts && end(o) >= end(t)));
    const tbtAll = outer.reduce((a, t) => a + ((t.dur ?? 0) / 1000 - 50), 0);
    const tbtAfterFcp = outer.filter((t) => !fcp || t.ts >= fcp.ts).reduce((a, t) => a + ((t.dur ?? 0) / 1000 - 50), 0);
    console.log(
      `\n## ${route}: FCP ${fcp ? rel(fcp.ts) : '—'} ms, last LCP candidate ${lcp ? rel(lcp.ts) : '—'} ms; ${outer.length} tasks over 50 ms, blocking ${tbtAll.toFixed(0)} ms (${tbtAfterFcp.toFixed(0)} after FCP); load ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(', ')}`,
    );
    for (const t of outer) {
      console.log(`  - @${rel(t.ts)} ${((t.dur ?? 0) / 1000).toFixed(1)} ms`);
      if (arg('tree', '1') === '1') tree(onMain, t, Number(arg('min', '2')), Number(arg('depth', '4')), t0);
      if (profile) {
        console.log(`      by script: ${top(samplesIn(profile, t.ts, end(t), fileOf), Number(arg('top', '12')))}`);
        console.log(`      by function: ${top(samplesIn(profile, t.ts, end(t), fnOf), Number(arg('top', '12')))}`);
        const incl = arg('incl', '').split(',').filter(Boolean);
        if (incl.length) console.log(`      inclusive: ${top(inclusiveIn(profile, t.ts, end(t), incl), 30)}`);
      }
    }
    // main-thread time by event name over the whole load, outermost events only per name
    const names = [
      'EvaluateScript',
      'v8.compile',
      'v8.compileModule',
      'v8.evaluateModule',
      'FunctionCall',
      'RunMicrotasks',
      'ParseHTML',
      'UpdateLayoutTree',
      'Layout',
      'Paint',
      'PrePaint',
      'TimerFire',
      'EventDispatch',
      'MajorGC',
      'MinorGC',
      'V8.GC_SCAVENGER',
      'V8.GC_MARK_COMPACTOR',
      'ParseAuthorStyleSheet',
      'ScheduleStyleRecalculation',
      'v8.parseOnBackground',
    ];
    const byName = names
      .map((n) => [n, onMain.filter((e) => e.name === n).reduce((a, e) => a + (e.dur ?? 0), 0) / 1000] as const)
      .filter(([, ms]) => ms > 1);
    console.log(`  totals (inclusive, ms): ${byName.map(([n, ms]) => `${n} ${ms.toFixed(0)}`).join(' · ')}`);
    if (arg('save', '') !== '') fs.writeFileSync(arg('save', ''), JSON.stringify({ traceEvents: events }));
  } finally {
    await browser.close().catch(() => {});
  }
}

async function main(): Promise<void> {
  const route = arg('route', 'home');
  const appRoot = path.resolve(arg('app-root', ROOT));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'load-probe-'));
  const server = await startServer({ tickRate: 200, dataDir, extraSymbols: 0, cwd: appRoot });
  try {
    await sleep(1000);
    for (let i = 0; i < Number(arg('runs', '1')); i++) await once(server.origin, route);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
