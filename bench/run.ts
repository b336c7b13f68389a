/**
 * `npm run bench` — runs every benchmark and writes bench/results/*.json plus bench/results/README.md.
 *
 *   npm run bench                                  full run (~20–25 min on 2 cores)
 *   BENCH_QUICK=1 npm run bench                    quick run: 5 s windows, 1 repeat, 6 × 5 s soak
 *   npm run bench -- --smoke                       does every part run and print figures? (tiny sizes; scripts/bench-smoke.ts)
 *   npm run bench -- --only=stall,history          subset: core, book, stall, history, soak
 *   npm run bench -- --rates=50000 --throttles=4   stall levels
 *   npm run bench -- --duration=30 --soak-minutes=10 --no-build --build-app
 *
 * Environment equivalents: BENCH_QUICK, BENCH_SMOKE, BENCH_ONLY, BENCH_RATES, BENCH_THROTTLES,
 * BENCH_DURATION_S, BENCH_SOAK_MINUTES, BENCH_SYMBOLS_EXTRA, CHROMIUM_PATH.
 * A full run writes bench/results/<part>.json and README.md and appends each part to
 * bench/results/history.jsonl; quick and smoke runs write to BENCH_RESULTS_DIR, else a temp dir.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runBookBench } from './book-apply';
import { runCoreBench } from './core-throughput';
import { buildPages, machineInfo, resultsDir, stopSharedServers, writeJson, writeText } from './browser/harness';
import { runLiabilitiesBench } from './liabilities';
import { runStall, type StallRatio, type StallRun } from './browser/stall';
import { runTerminal, type TerminalRatio, type TerminalRun, type TerminalVsNaive } from './browser/terminal';
import { runHistory, type HistoryResult } from './history-merge';
import { runSoak, soakPlots, type SoakResult } from './soak';

type Part = 'core' | 'book' | 'liabilities' | 'stall' | 'terminal' | 'history' | 'soak';
const PARTS: Part[] = ['core', 'book', 'liabilities', 'stall', 'terminal', 'history', 'soak'];
/** parts that run in this Node process, without the server and Chromium */
const NODE_PARTS: Part[] = ['core', 'book', 'liabilities'];

function arg(name: string): string | undefined {
  const pre = `--${name}=`;
  const hit = process.argv.find((a) => a === `--${name}` || a.startsWith(pre));
  if (!hit) return undefined;
  return hit === `--${name}` ? 'true' : hit.slice(pre.length);
}
const list = (v: string | undefined) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;
const nums = (v: string | undefined) =>
  list(v)
    ?.map(Number)
    .filter((n) => Number.isFinite(n) && n > 0);

/** smoke: tiny sizes, only to show that every part runs and prints its figures (never their values) */
const smoke = process.env.BENCH_SMOKE === '1' || arg('smoke') === 'true';
const quick = smoke || process.env.BENCH_QUICK === '1' || arg('quick') === 'true';
// Quick and smoke figures never land in bench/results: a temp dir unless BENCH_RESULTS_DIR names one
// (read by the harness when it writes, so set before anything is written).
// The smoke's parts share one server where they ask for the same one (bench/browser/harness.ts).
// (BENCH_SMOKE also shortens the waits that only let a page settle: bench/browser/harness.ts settle())
if (smoke) process.env.BENCH_SHARE_SERVER = '1';
if (smoke) process.env.BENCH_SMOKE = '1';
// a smoke server's first start skips the copy traders' history and backfills only what the history part reads
if (smoke) process.env.DEMO_COPY_HISTORY ??= 'off';
if (smoke) process.env.MARKET_BENCH_BACKFILL ??= 'BTC/USDT:600';
if (quick && !process.env.BENCH_RESULTS_DIR)
  process.env.BENCH_RESULTS_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-bench-quick-'));
const only = (list(arg('only') ?? process.env.BENCH_ONLY) as Part[] | undefined) ?? PARTS;
for (const p of only) if (!PARTS.includes(p)) throw new Error(`unknown part "${p}" (one of ${PARTS.join(', ')})`);
const rates = nums(arg('rates') ?? process.env.BENCH_RATES) ?? (smoke ? [10_000] : [10_000, 50_000, 100_000]);
// the smoke's pages run unthrottled: a 4× main thread only stretches its page loads fourfold
const throttles = nums(arg('throttles') ?? process.env.BENCH_THROTTLES) ?? (smoke ? [1] : [4, 6]);
// the smoke's windows are a moment: long enough for every figure to exist, far too short to mean anything
const durationS = Number(arg('duration') ?? process.env.BENCH_DURATION_S ?? (smoke ? 0.5 : quick ? 5 : 30));
const warmupS = smoke ? 0.2 : quick ? 2 : 3;
const soakMinutes = Number(arg('soak-minutes') ?? process.env.BENCH_SOAK_MINUTES ?? (smoke ? 0 : quick ? 0.5 : 10));
const extraSymbols = Number(process.env.BENCH_SYMBOLS_EXTRA ?? (smoke ? 200 : 2000));

interface AllResults {
  machine: Record<string, unknown>;
  quick: boolean;
  core?: unknown;
  book?: unknown;
  liabilities?: unknown;
  stall?: { runs: StallRun[]; ratios: StallRatio[] };
  terminal?: { runs: TerminalRun[]; ratios: TerminalRatio[]; vsNaive: TerminalVsNaive[] };
  history?: HistoryResult[];
  soak?: SoakResult;
}

async function main(): Promise<void> {
  const started = Date.now();
  const results: AllResults = { machine: machineInfo(), quick };
  const browserParts = only.filter((p) => !NODE_PARTS.includes(p));
  const build = () =>
    arg('no-build') === 'true' ? Promise.resolve() : buildPages({ app: arg('build-app') === 'true' });
  // the smoke builds the bench pages while its Node parts run (a measuring run never: they would share the CPU)
  const pagesBuilt = smoke && browserParts.length ? build() : null;
  pagesBuilt?.catch(() => undefined);

  if (only.includes('core')) {
    console.log('[core] K-line aggregator throughput…');
    results.core = await runCoreBench(
      smoke ? { ticks: 20_000, baselineTicks: 5_000, runs: 1 } : quick ? { ticks: 200_000, baselineTicks: 50_000 } : {},
    );
    writeJson('core.json', { machine: results.machine, ...(results.core as object) });
  }

  if (only.includes('book')) {
    console.log('[book] local order book apply throughput…');
    results.book = await runBookBench(
      smoke
        ? { updates: 30_000, baselineUpdates: 1_000, runs: 1 }
        : quick
          ? { updates: 300_000, baselineUpdates: 5_000 }
          : {},
    );
    writeJson('book-apply.json', { machine: results.machine, ...(results.book as object) });
  }

  if (only.includes('liabilities')) {
    results.liabilities = await runLiabilitiesBench(smoke ? { users: 2_000 } : quick ? { users: 10_000 } : {});
    writeJson('liabilities.json', { machine: results.machine, ...(results.liabilities as object) });
  }

  if (browserParts.length) {
    await (pagesBuilt ?? build());
    // One data dir for the whole run: the first server start backfills history (~10 s), later ones reuse it.
    // BENCH_DATA_DIR: reuse (and keep) a data dir from an earlier run; a first start on a loaded machine took 75–120 s.
    const keepDir = process.env.BENCH_DATA_DIR;
    if (keepDir) fs.mkdirSync(keepDir, { recursive: true });
    const dataDir = keepDir || fs.mkdtempSync(path.join(os.tmpdir(), 'h5-bench-'));
    try {
      const stall = async () => {
        results.stall = await runStall({ rates, throttles, durationS, warmupS, dataDir, extraSymbols });
        writeJson('browser-stall.json', { machine: results.machine, quick, durationS, extraSymbols, ...results.stall });
      };
      const terminal = async () => {
        // The issue's level: 50,000 ticks/s at 4× unless --rates/--throttles leave it out (then their first).
        results.terminal = await runTerminal({
          rate: rates.includes(50_000) ? 50_000 : rates[0],
          throttle: throttles.includes(4) ? 4 : throttles[0],
          durationS,
          warmupS,
          dataDir,
          extraSymbols,
        });
        writeJson('browser-terminal.json', {
          machine: results.machine,
          quick,
          durationS,
          extraSymbols,
          ...results.terminal,
        });
      };
      const history = async () => {
        // 9 samples per median: at 4× a first paint swings 60–140 ms between samples on this shared machine.
        results.history = await runHistory({
          dataDir,
          throttles: smoke ? throttles : [1, 4],
          bars: smoke ? 500 : 5000,
          liveSymbols: smoke ? 2 : quick ? 10 : 50,
          repeats: quick ? 1 : 9,
          extraSymbols,
          tickRate: smoke ? rates[0] : 2000,
        });
        writeJson('history-merge.json', { machine: results.machine, quick, results: results.history });
      };
      const soak = async () => {
        const windowS = smoke ? 0.5 : quick ? 5 : 60;
        results.soak = await runSoak({
          dataDir,
          rate: 10_000,
          throttle: smoke ? throttles[0] : 4,
          windows: Math.max(2, Math.round((soakMinutes * 60) / windowS)),
          windowS,
          extraSymbols,
          // the app tab's route changes once a second in the smoke (its stop waits out the current interval)
          ...(smoke ? { churnS: 1 } : {}),
        });
        writeJson('soak.json', { machine: results.machine, quick, ...results.soak });
        const plots = soakPlots(results.soak);
        writeText('soak-heaps.svg', plots.heaps);
        writeText('soak-rss.svg', plots.rss);
        writeText('soak-timing.svg', plots.timing);
      };
      const parts: [Part, () => Promise<void>][] = [
        ['stall', stall],
        ['terminal', terminal],
        ['history', history],
        ['soak', soak],
      ];
      const wanted = parts.filter(([p]) => only.includes(p)).map(([, run]) => run);
      // the smoke's parts run side by side on its one server and browser (their figures mean nothing,
      // their page loads and waits are most of its time); a measuring run keeps them apart
      if (smoke) await Promise.all(wanted.map((run) => run()));
      else for (const run of wanted) await run();
    } finally {
      await stopSharedServers();
      if (!keepDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  // The report shows every part's current figures: a subset run takes the others from their files.
  const earlier = quick ? [] : currentFigures(results);
  const md = renderMarkdown(results, (Date.now() - started) / 1000, earlier);
  const file = writeText('README.md', md);
  console.log(
    `\n${md}\n[bench] wrote ${path.relative(process.cwd(), file)} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}

/** The result file of each part, and how its figures sit in AllResults. */
const PART_FILES: Record<Part, { file: string; take(json: Record<string, unknown>): unknown }> = {
  core: { file: 'core.json', take: ({ machine: _m, ...rest }) => rest },
  book: { file: 'book-apply.json', take: ({ machine: _m, ...rest }) => rest },
  liabilities: { file: 'liabilities.json', take: ({ machine: _m, ...rest }) => rest },
  stall: { file: 'browser-stall.json', take: (j) => ({ runs: j.runs, ratios: j.ratios }) },
  terminal: { file: 'browser-terminal.json', take: (j) => ({ runs: j.runs, ratios: j.ratios, vsNaive: j.vsNaive }) },
  history: { file: 'history-merge.json', take: (j) => j.results },
  soak: { file: 'soak.json', take: ({ machine: _m, quick: _q, ...rest }) => rest },
};

/** Fills the parts this run left out from their current files; returns "part (measured at)" for each. */
function currentFigures(results: AllResults): string[] {
  const filled: string[] = [];
  for (const part of PARTS) {
    if (results[part] !== undefined) continue;
    const f = path.join(resultsDir(), PART_FILES[part].file);
    if (!fs.existsSync(f)) continue;
    const json = JSON.parse(fs.readFileSync(f, 'utf8')) as Record<string, unknown>;
    (results as unknown as Record<string, unknown>)[part] = PART_FILES[part].take(json);
    filled.push(`${part} (${(json.machine as { at?: string } | undefined)?.at ?? 'undated'})`);
  }
  return filled;
}

const fmt = (x: number | null | undefined, d = 1) =>
  x === null || x === undefined || !Number.isFinite(x) ? '–' : x.toLocaleString('en-US', { maximumFractionDigits: d });

function renderMarkdown(r: AllResults, seconds: number, earlier: string[] = []): string {
  const m = r.machine as { cpus: number; loadavg: number[]; node: string; at: string };
  const out: string[] = [
    '# Bench results',
    '',
    `${m.at} · Node ${m.node} · ${m.cpus} CPUs (load average at start ${m.loadavg?.join(' ')}) · Chromium 156 headless, --disable-gpu · ${smoke ? '**smoke** (tiny sizes: shows the parts run, not what they measure)' : r.quick ? '**quick mode** (short windows: smoke figures only)' : 'full run'} · ${Math.round(seconds)} s`,
    '',
    'Server, browser (main thread + market worker) and, on this machine, other people’s processes share the same CPUs, so figures are noisy. CPU throttling (CDP `Emulation.setCPUThrottlingRate`) slows the page’s main thread only: Chromium refuses it on worker targets, so the market worker runs at full speed (its busy time is reported).',
    '',
    ...(earlier.length ? [`Not run this time, shown from their current result files: ${earlier.join(', ')}.`, ''] : []),
  ];
  if (r.core) out.push('## Core K-line aggregator', '', '```json', JSON.stringify(r.core, null, 2), '```', '');
  if (r.book) {
    const b = r.book as {
      ours: number;
      oursCpu: number;
      baseline: number;
      baselineCpu: number;
      ratio: number;
      ratioCpu: number;
      bookLevels: number;
      target: { met: boolean };
    };
    out.push(
      '## Local order book apply (core/book LocalBook.applyDiff)',
      '',
      '| | wall level updates/s | CPU level updates/s |',
      '|---|---:|---:|',
      `| ours | ${fmt(b.ours, 0)} | ${fmt(b.oursCpu, 0)} |`,
      `| baseline (decimal.js array re-sorted per update) | ${fmt(b.baseline, 0)} | ${fmt(b.baselineCpu, 0)} |`,
      `| ratio | ${fmt(b.ratio)}× | ${fmt(b.ratioCpu)}× |`,
      '',
      `~${fmt(b.bookLevels, 0)} levels held at the end. Target ≥ 1,000,000 level updates/s (CPU): ${b.target.met ? 'met' : '**not met**'}`,
      '',
    );
  }
  if (r.stall) {
    out.push(
      '## Main-thread stall (390×844, Markets + K-line on screen, ~2,000 symbols)',
      '',
      'Window after warm-up. Long tasks: PerformanceObserver (> 50 ms by definition). Busy: CDP Performance.getMetrics TaskDuration (wall time, throttled); “quiet” = a second window of the same length with the collector’s frame-time rAF loop off (that loop alone makes the page render 60 frames/s and costs ~15–20 % of a 4× main thread for either page); the busy ratio uses the quiet figures. Tick→paint: server `ts` of the value a row shows → after the frame that painted it. Heap: Runtime.getHeapUsage.',
      '',
      '| page | ticks/s | CPU × | long tasks (n / total ms / max) | frame p50 / p95 / p99 ms | tick→paint p50 / p95 ms (n) | main busy ms (%) | quiet busy ms (%) | script ms | worker busy % | heap main / worker MB | server CPU % | delivered ticks/s |',
      '|---|---:|---:|---|---|---|---|---|---:|---:|---|---:|---:|',
    );
    for (const x of r.stall.runs) {
      if (!x.ok) {
        out.push(
          `| ${x.page} | ${fmt(x.rate, 0)} | ${x.throttle} | failed: ${x.error?.replace(/\|/g, '/').slice(0, 120)} |||||||||`,
        );
        continue;
      }
      out.push(
        `| ${x.page} | ${fmt(x.rate, 0)} | ${x.throttle} | ${x.longTasks.count} / ${fmt(x.longTasks.totalMs, 0)} / ${fmt(x.longTasks.maxMs, 0)} | ${fmt(x.frameMs.p50)} / ${fmt(x.frameMs.p95)} / ${fmt(x.frameMs.p99)} | ${fmt(x.tickToPaintMs.p50, 0)} / ${fmt(x.tickToPaintMs.p95, 0)} (${x.tickToPaintMs.samples}) | ${fmt(x.mainBusy.taskMs, 0)} (${fmt(x.mainBusy.busyPct)}%) | ${x.quietBusy ? `${fmt(x.quietBusy.taskMs, 0)} (${fmt(x.quietBusy.busyPct)}%)` : '–'} | ${fmt(x.mainBusy.scriptMs, 0)} | ${fmt(x.worker.busyPct)} | ${fmt(x.heapMB.main)} / ${fmt(x.heapMB.worker)} | ${fmt(x.serverCpuPct, 0)} | ${fmt(x.deliveredTicksPerS, 0)} |`,
      );
    }
    out.push(
      '',
      '### Ratios ours / baseline (lower is better)',
      '',
      '| ticks/s | CPU × | main busy (quiet) | main busy (with frame loop) | long-task ms | frame p95 | tick→paint p95 | main heap |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const q of r.stall.ratios)
      out.push(
        `| ${fmt(q.rate, 0)} | ${q.throttle} | ${fmt(q.mainBusy, 3)} | ${fmt(q.mainBusyWithLoop, 3)} | ${fmt(q.longTaskMs, 3)} | ${fmt(q.frameP95, 2)} | ${fmt(q.tickToPaintP95, 2)} | ${fmt(q.heapMain, 2)} |`,
      );
    const t = r.stall.runs.find((x) => x.ok && x.page === 'ours' && x.rate === 50_000 && x.throttle === 4);
    const tr = r.stall.ratios.find((x) => x.rate === 50_000 && x.throttle === 4);
    if (t) {
      const yes = (b: boolean) => (b ? 'met' : '**not met**');
      out.push(
        '',
        '### Targets at 4× and 50,000 ticks/s',
        '',
        `- no long task over 50 ms after first paint: ${t.longTasks.count} long tasks (max ${fmt(t.longTasks.maxMs, 0)} ms) — ${yes(t.longTasks.count === 0)}`,
        `- frame-time p95 ≤ 17 ms: ${fmt(t.frameMs.p95)} ms — ${yes(t.frameMs.p95 <= 17)}`,
        `- tick-to-paint p95 ≤ 150 ms: ${fmt(t.tickToPaintMs.p95, 0)} ms — ${yes(t.tickToPaintMs.p95 <= 150)}`,
        `- main-thread busy ≥ 10× below baseline: ratio ${fmt(tr?.mainBusy, 3)} — ${tr ? yes(tr.mainBusy <= 0.1) : 'no baseline'}`,
      );
    }
    out.push('');
  }
  if (r.terminal) {
    out.push(
      '## Trading terminal under a tick storm (390×844, BTC/USDT, chart on 1min)',
      '',
      'The real pair page (chart + book tab, then + trades tab; scrolled so the book is in view) and spot trade screen (chart panel + book beside the form), each also measured without its book and trades (the bench build renders nothing in their place for `&book=0`): the ratio is what they add. `naive` is the pair page built the straightforward way (bench/baseline-page/terminal.tsx: socket.io on the main thread, the book sorted and set in React state per depth message, trades per batch). Book tick→paint: the server’s depth diff (its send time) → the paint that shows it. Same measures as the stall section; frame gaps are the rAF intervals.',
      '',
      '| screen | shows | ticks/s | CPU × | long tasks (n / total ms / max) | frame gap p50 / p99 / max ms | quiet busy ms (%) | book tick→paint p50 / p95 ms (n) | worker busy % | heap main MB |',
      '|---|---|---:|---:|---|---|---|---|---:|---:|',
    );
    for (const x of r.terminal.runs)
      out.push(
        x.ok
          ? `| ${x.screen} | ${x.part} | ${fmt(x.rate, 0)} | ${x.throttle} | ${x.longTasks.count} / ${fmt(x.longTasks.totalMs, 0)} / ${fmt(x.longTasks.maxMs, 0)} | ${fmt(x.frameMs.p50)} / ${fmt(x.frameMs.p99)} / ${fmt(x.frameMs.max)} | ${fmt(x.quietBusy.taskMs, 0)} (${fmt(x.quietBusy.busyPct)}%) | ${x.bookTickToPaintMs.samples ? `${fmt(x.bookTickToPaintMs.p50)} / ${fmt(x.bookTickToPaintMs.p95)} (${x.bookTickToPaintMs.samples})` : '–'} | ${fmt(x.worker.busyPct)} | ${fmt(x.heapMB.main)} |`
          : `| ${x.screen} | ${x.part} | ${fmt(x.rate, 0)} | ${x.throttle} | failed: ${x.error?.replace(/\|/g, '/').slice(0, 120)} ||||||`,
      );
    out.push(
      '',
      '| screen | shows | quiet busy with / without | long-task ms ratio | frame gap p99 ratio | frame gap max ratio |',
      '|---|---|---:|---:|---:|---:|',
    );
    for (const q of r.terminal.ratios)
      out.push(
        `| ${q.screen} | ${q.part} | ${fmt(q.mainBusy, 3)} | ${fmt(q.longTaskMs, 3)} | ${fmt(q.frameP99, 2)} | ${fmt(q.frameMax, 2)} |`,
      );
    const yes = (b: boolean) => (b ? 'met' : '**not met**');
    out.push(
      '',
      '### Against the main-thread-socket page (naive), same run',
      '',
      '| screen | shows | quiet busy % ours / naive | naive ÷ ours (target ≥ 10) | long tasks > 50 ms (n / max ms; target 0) | book tick→paint p95 ours / naive ms (target ≤ 150) |',
      '|---|---|---|---:|---|---|',
    );
    for (const v of r.terminal.vsNaive)
      out.push(
        `| ${v.screen} | ${v.part} | ${fmt(v.busyPct.ours)} / ${fmt(v.busyPct.naive)} | ${fmt(v.busyTimes, 2)}× — ${yes(v.targets.busy10x)} | ${v.longTasks.count} / ${fmt(v.longTasks.maxMs, 0)} — ${yes(v.targets.noLongTask)} | ${v.part === 'trades' ? '– (no book on this tab)' : `${fmt(v.bookTickToPaintP95.ours)} / ${fmt(v.bookTickToPaintP95.naive)} — ${yes(v.targets.bookP95)}`} |`,
      );
    if (!r.terminal.vsNaive.length) out.push('| naive page failed: no ratio in this run ||||||');
    out.push('');
  }
  if (r.history) {
    out.push(
      '## History merge',
      '',
      'First chart paint of 5,000 candles: worker series prefilled with 5,000 1min bars through the real paged history path, then the real `<KLineChart>` mounted; mount → first frame after setData. History answers come from the real server (started with the bench-only MARKET_BENCH_BACKFILL=BTC/USDT:6000: 6,000 backfilled 1min bars for that symbol), with no Playwright route on those pages (a route pushes the worker’s socket to long-polling). Memory (synthetic symbols the server does not persist: history from a Playwright-routed stub in the server’s format, 1,500 bars each): main + worker JS heap after forced GC, per symbol kept live (default 1,500-bar window + live kline subscription).',
      '',
      '| CPU × | prefetch 5,000 bars ms | first paint 5,000 p50 ms (min–max), warm (spare chart adopted) | of which mount→setData / setData→paint ms | first paint 5,000 p50 ms, cold (no spare yet) | cold default window mount→paint ms | KB per live symbol (main / worker) |',
      '|---:|---:|---|---|---:|---:|---|',
    );
    for (const h of r.history)
      out.push(
        `| ${h.throttle} | ${fmt(h.prefetch.ms, 0)} (${h.prefetch.bars} bars) | ${fmt(h.firstPaint5k.p50, 0)} (${fmt(h.firstPaint5k.min, 0)}–${fmt(h.firstPaint5k.max, 0)}) | ${fmt(h.firstPaint5k.mountToSetDataP50, 0)} / ${fmt(h.firstPaint5k.setDataToPaintP50, 0)} | ${fmt(h.firstPaint5kCold.p50, 0)} (${fmt(h.firstPaint5kCold.min, 0)}–${fmt(h.firstPaint5kCold.max, 0)}) | ${fmt(h.coldDefaultWindow.mountToPaintMs, 0)} | ${fmt(h.memory.totalKBPerSymbol, 0)} (${fmt(h.memory.mainKBPerSymbol, 0)} / ${fmt(h.memory.workerKBPerSymbol, 0)}) × ${h.memory.symbols} |`,
      );
    const h4 = r.history.find((h) => h.throttle === 4);
    if (h4)
      out.push(
        '',
        `Target first paint of 5,000 candles ≤ 100 ms at 4×: ${fmt(h4.firstPaint5k.p50, 0)} ms once the app has built its idle spare chart (adopted by the chart) — ${h4.firstPaint5k.p50 <= 100 ? 'met' : '**not met**'}; ${fmt(h4.firstPaint5kCold.p50, 0)} ms cold (a chart opened before the app was ever idle) — ${h4.firstPaint5kCold.p50 <= 100 ? 'met' : '**not met**'}`,
      );
    out.push('');
  }
  if (r.soak) {
    const s = r.soak;
    const churn = s.windows.every((w) => w.churn);
    out.push(
      `## Soak (${fmt(s.rate, 0)} ticks/s, ${s.throttle}×, ${s.windows.length} × ${s.windowS} s, chart on screen${churn ? ", the app's route changing in a second tab" : ''})`,
      '',
      'Plots: [heaps](soak-heaps.svg), [server RSS](soak-rss.svg), [timing](soak-timing.svg).',
      '',
      `| t s | heap main / worker / total MB (after GC) |${churn ? ' app tab heap MB (route changes) |' : ''} server RSS MB | chart update p50 / p95 ms (n) | frame p95 ms | long tasks | tick→paint p95 ms |`,
      `|---:|---|${churn ? '---|' : ''}---:|---|---:|---:|---:|`,
    );
    for (const w of s.windows)
      out.push(
        `| ${fmt(w.atS, 0)} | ${fmt(w.heapMB.main, 2)} / ${fmt(w.heapMB.worker, 2)} / ${fmt(w.heapMB.total, 2)} |${churn ? ` ${fmt(w.churn?.heapMB.total, 2)} (${w.churn?.routeChanges ?? 0}) |` : ''} ${fmt(w.serverRssMB)} | ${fmt(w.chartUpdateMs.p50, 3)} / ${fmt(w.chartUpdateMs.p95, 3)} (${w.chartUpdateMs.n}) | ${fmt(w.frameP95)} | ${w.longTasks} | ${fmt(w.tickToPaintP95, 0)} |`,
      );
    const sl = s.slopesMBPerHour;
    out.push(
      '',
      `Last third of the windows vs the first (medians): bench page heap ${fmt(s.heapGrowthPct)} %,${churn ? ` app tab heap ${fmt(s.churnHeapGrowthPct)} %,` : ''} server RSS ${fmt(s.serverRssGrowthPct)} %, chart-update p50 ${fmt(s.chartUpdateGrowthPct)} % — target within 10 %: ${s.withinTarget ? 'met' : '**not met**'}. Slopes (least squares, MB per hour): bench page heap ${fmt(sl?.heap, 2)},${churn ? ` app tab heap ${fmt(sl?.churnHeap, 2)},` : ''} server RSS ${fmt(sl?.serverRss, 2)}.`,
      '',
    );
  }
  return out.join('\n');
}

await main();
