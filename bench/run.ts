/**
 * `npm run bench` — runs every benchmark and writes bench/results/*.json plus bench/results/README.md.
 *
 *   npm run bench                                  full run (~50 min on 2 cores, quiet; ~100 with --soak-minutes=60)
 *   BENCH_QUICK=1 npm run bench                    quick run: 5 s windows, 1 repeat, 6 × 5 s soak
 *   npm run bench -- --smoke                       does every part run and print figures? (tiny sizes; scripts/bench-smoke.ts)
 *   npm run bench -- --only=stall,history          subset: core, book, liabilities, stall, terminal, history, soak, db, ledger, fanout
 *   npm run bench -- --rates=50000 --throttles=4   stall levels
 *   npm run bench -- --only=terminal --terminal=indicators    one of the terminal's levels (base, indicators)
 *   npm run bench -- --duration=30 --soak-minutes=10 --no-build --build-app
 *
 * Environment equivalents: BENCH_QUICK, BENCH_SMOKE, BENCH_ONLY, BENCH_RATES, BENCH_THROTTLES,
 * BENCH_DURATION_S, BENCH_SOAK_MINUTES, BENCH_SYMBOLS_EXTRA, BENCH_TERMINAL, CHROMIUM_PATH. The parts `db`
 * (bench/db-engine.ts: the server on embedded PostgreSQL), `ledger` (bench/ledger-tps.ts, then the other money paths:
 * seconds-tps.ts, lever-tps.ts, lever-paths-tps.ts, spot-tps.ts, nft-buy-tps.ts, otc-tps.ts) and
 * `fanout` (bench/fanout.ts) run their scripts' own run functions; ledger and fanout use the
 * PostgreSQL server at DATABASE_URL and Redis at REDIS_URL (their defaults: 127.0.0.1:5432 db
 * `test`, 127.0.0.1:6379). With BENCH_PORT set, fan-out's nodes take BENCH_PORT+10… and db's server
 * BENCH_PORT+20 (FANOUT_PORT, DB_BENCH_PORT override).
 * A full run writes bench/results/<part>.json, parts-load.json (the load average at each part's start
 * and end) and README.md, and appends each part to bench/results/history.jsonl; quick and smoke runs
 * write to BENCH_RESULTS_DIR, else a temp dir.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runBookBench } from './book-apply';
import { runCoreBench } from './core-throughput';
import { buildPages, machineInfo, resultsDir, stopSharedServers, writeJson, writeText } from './browser/harness';
import { runLiabilitiesBench } from './liabilities';
import { runStall, type StallRatio, type StallRun } from './browser/stall';
import { runTerminal, VARIANTS, type TerminalRatio, type TerminalRun, type TerminalVsNaive } from './browser/terminal';
import { runHistory, type HistoryResult } from './history-merge';
import { INFO_SERIES, runSoak, soakPlots, type SoakResult, type SoakSeries } from './soak';
import { renderDbMarkdown, type runDbBench } from './db-engine';
import type { FanoutResult, Phase as FanoutPhase } from './fanout';
import {
  renderSummary,
  summaryRows,
  FANOUT_SCALE_LOAD,
  TERMINAL_INDICATORS_LOAD,
  tickToPaintPlots,
  type PartLoad,
} from './report-summary';

type Part = 'core' | 'book' | 'liabilities' | 'stall' | 'terminal' | 'history' | 'soak' | 'db' | 'ledger' | 'fanout';
const PARTS: Part[] = ['core', 'book', 'liabilities', 'stall', 'terminal', 'history', 'soak', 'db', 'ledger', 'fanout'];
/** parts that run in this Node process, without the server and Chromium */
const NODE_PARTS: Part[] = ['core', 'book', 'liabilities'];
/** parts that start servers of their own (no Chromium, no bench pages) */
const SERVER_PARTS: Part[] = ['db', 'ledger', 'fanout'];

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
/** the terminal's levels to run: `base` (every screen, 50,000 ticks/s at 4×), `indicators` (BOLL + MACD, 100,000 at 6×) */
const terminalWanted = list(arg('terminal') ?? process.env.BENCH_TERMINAL) ?? ['base', 'indicators'];

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
  db?: Awaited<ReturnType<typeof runDbBench>>;
  ledger?: Record<string, unknown>;
  fanout?: FanoutResult;
  /** the load average at each part's start and end (a terminal level with indicators has its own key) */
  loads: Record<string, PartLoad>;
}

const loadavg = () => os.loadavg().map((x) => Math.round(x * 100) / 100);

/** Runs one part (or level), recording the load average at its start and end under `key`. */
async function timed(results: AllResults, key: string, run: () => Promise<void>): Promise<void> {
  const at = new Date().toISOString();
  const start = loadavg();
  const t0 = Date.now();
  await run();
  results.loads[key] = { at, start, end: loadavg(), seconds: (Date.now() - t0) / 1000 };
  console.log(
    `[bench] ${key}: ${Math.round((Date.now() - t0) / 1000)} s, load ${start.join(' ')} → ${loadavg().join(' ')}`,
  );
}

type Runner = [Part, () => Promise<void>];

function nodeParts(results: AllResults): Runner[] {
  return [
    [
      'core',
      async () => {
        console.log('[core] K-line aggregator throughput…');
        results.core = await runCoreBench(
          smoke
            ? { ticks: 20_000, baselineTicks: 5_000, runs: 1 }
            : quick
              ? { ticks: 200_000, baselineTicks: 50_000 }
              : {},
        );
        writeJson('core.json', { machine: results.machine, ...(results.core as object) });
      },
    ],
    [
      'book',
      async () => {
        console.log('[book] local order book apply throughput…');
        results.book = await runBookBench(
          smoke
            ? { updates: 30_000, baselineUpdates: 1_000, runs: 1 }
            : quick
              ? { updates: 300_000, baselineUpdates: 5_000 }
              : {},
        );
        writeJson('book-apply.json', { machine: results.machine, ...(results.book as object) });
      },
    ],
    [
      'liabilities',
      async () => {
        results.liabilities = await runLiabilitiesBench(smoke ? { users: 2_000 } : quick ? { users: 10_000 } : {});
        writeJson('liabilities.json', { machine: results.machine, ...(results.liabilities as object) });
      },
    ],
  ];
}

/** The terminal's levels: the issue's (every screen, 50,000 ticks/s at 4×) and the pair page with two indicators at 100,000 and 6×. */
function terminalLevels(): {
  key: string;
  rate: number;
  throttle: number;
  indicators?: string;
  variants?: typeof VARIANTS;
}[] {
  const levels: ReturnType<typeof terminalLevels> = [];
  // 50,000 ticks/s at 4× unless --rates/--throttles leave it out (then their first)
  if (terminalWanted.includes('base'))
    levels.push({
      key: 'terminal',
      rate: rates.includes(50_000) ? 50_000 : rates[0],
      throttle: throttles.includes(4) ? 4 : throttles[0],
    });
  // --rates/--throttles that leave 100,000 or 6× out leave this level out (the smoke runs it at its own level)
  if (terminalWanted.includes('indicators') && (smoke || (rates.includes(100_000) && throttles.includes(6))))
    levels.push({
      key: TERMINAL_INDICATORS_LOAD,
      rate: smoke ? rates[0] : 100_000,
      throttle: smoke ? throttles[0] : 6,
      indicators: 'boll,macd',
      variants: VARIANTS.filter(
        (v) => (v.screen === 'pair' && (v.part === 'book' || (!smoke && v.part === 'trades'))) || v.part === 'naive',
      ),
    });
  return levels;
}

function browserParts(results: AllResults, dataDir: string): Runner[] {
  const stall = async () => {
    results.stall = await runStall({ rates, throttles, durationS, warmupS, dataDir, extraSymbols });
    writeJson('browser-stall.json', { machine: results.machine, quick, durationS, extraSymbols, ...results.stall });
    for (const [file, svg] of Object.entries(tickToPaintPlots(results.stall.runs, undefined))) writeText(file, svg);
  };
  const terminal = async () => {
    const all: NonNullable<AllResults['terminal']> = { runs: [], ratios: [], vsNaive: [] };
    for (const level of terminalLevels())
      await timed(results, level.key, async () => {
        const r = await runTerminal({ ...level, durationS, warmupS, dataDir, extraSymbols });
        all.runs.push(...r.runs);
        all.ratios.push(...r.ratios);
        all.vsNaive.push(...r.vsNaive);
      });
    results.terminal = all;
    writeJson('browser-terminal.json', { machine: results.machine, quick, durationS, extraSymbols, ...all });
    for (const [file, svg] of Object.entries(tickToPaintPlots(undefined, all.runs))) writeText(file, svg);
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
      // --soak-snapshots=DIR: heap snapshots of the app tab (its main thread and worker) at 10 min, the middle and the end
      ...(arg('soak-snapshots') ? { snapshotDir: String(arg('soak-snapshots')) } : {}),
      // the app tab's route changes once a second in the smoke (its stop waits out the current interval)
      ...(smoke ? { churnS: 1 } : {}),
    });
    writeJson('soak.json', { machine: results.machine, quick, ...results.soak });
    const plots = soakPlots(results.soak);
    writeText('soak-heaps.svg', plots.heaps);
    writeText('soak-rss.svg', plots.rss);
    writeText('soak-timing.svg', plots.timing);
    writeText('soak.md', renderSoak(results.soak).join('\n'));
  };
  return [
    ['stall', stall],
    ['terminal', terminal],
    ['history', history],
    ['soak', soak],
  ];
}

/** `name=value` for each unset variable (a bench script reads them when it is first imported) */
function envDefaults(values: Record<string, string | undefined>): void {
  for (const [k, v] of Object.entries(values)) if (v !== undefined) process.env[k] ??= v;
}
const portPlus = (n: number) => (process.env.BENCH_PORT ? String(Number(process.env.BENCH_PORT) + n) : undefined);

/** The benches that start servers of their own: their scripts' run functions, loaded when they run. */
function serverParts(results: AllResults): Runner[] {
  const db = async () => {
    envDefaults({ DB_BENCH_S: smoke ? '1' : undefined, DB_BENCH_PORT: portPlus(20) });
    const { runDbBench } = await import('./db-engine');
    results.db = await runDbBench({ quick });
    writeJson('db-engine.json', { machine: machineInfo(), quick, ...results.db });
    writeText(
      'db-engine.md',
      `# Bench: database engine\n\n${JSON.stringify(machineInfo())}\n\n${renderDbMarkdown(results.db)}`,
    );
  };
  const ledger = async () => {
    envDefaults({
      LEDGER_BENCH_MS: smoke ? '300' : quick ? '2000' : undefined,
      LEDGER_BENCH_ROUNDS: quick ? '1' : undefined,
    });
    envDefaults({
      NFT_BENCH_MS: smoke ? '300' : quick ? '2000' : undefined,
      NFT_BENCH_ROUNDS: quick ? '1' : undefined,
    });
    envDefaults({
      OTC_BENCH_MS: smoke ? '300' : quick ? '2000' : undefined,
      OTC_BENCH_ROUNDS: quick ? '1' : undefined,
    });
    const { runLedgerBench } = await import('./ledger-tps');
    const ledger = await runLedgerBench();
    // the other money paths on their group commits, each against the path it took before: summary rows
    const rows = [];
    for (const load of [
      () => import('./seconds-tps').then((m) => m.runSecondsBench()),
      () => import('./lever-tps').then((m) => m.runLeverBench()),
      () => import('./lever-paths-tps').then((m) => m.runLeverPathsBench()),
      () => import('./spot-tps').then((m) => m.runSpotBench()),
      () => import('./nft-buy-tps').then((m) => m.runNftBuyBench()),
      () => import('./otc-tps').then((m) => m.runOtcBench()),
    ])
      rows.push(...(await load()));
    results.ledger = { ...ledger, rows };
  };
  // the 2,000 socket.io clients (one process vs the cluster), then the cluster at 10,000 bare-WebSocket
  // clients (--fanout-scale=N, 0 skips it), each with a load average of its own
  const fanout = async () => {
    envDefaults({
      CLIENTS: smoke ? '20' : undefined,
      DURATION_S: smoke ? '1' : undefined,
      CLIENT_PROCESSES: smoke ? '1' : undefined,
      FANOUT_PORT: portPlus(10),
    });
    // fanout.ts reads BENCH_QUICK (400 clients × 6 s) when it loads
    if (quick) process.env.BENCH_QUICK = '1';
    const { runFanoutBench } = await import('./fanout');
    const scaleClients = Number(
      arg('fanout-scale') ?? process.env.BENCH_FANOUT_SCALE ?? (smoke ? 20 : quick ? 2000 : 10_000),
    );
    // the smoke runs both at once (its figures mean nothing); a measuring run one after the other
    if (smoke) {
      results.fanout = await runFanoutBench({ phases: ['single', 'cluster', 'scale'], scaleClients });
      return;
    }
    await timed(results, 'fanout', async () => {
      results.fanout = await runFanoutBench({ phases: ['single', 'cluster'] });
    });
    if (scaleClients > 0)
      await timed(results, FANOUT_SCALE_LOAD, async () => {
        const { scale } = await runFanoutBench({ phases: ['scale'], scaleClients });
        results.fanout = { ...results.fanout, scale } as FanoutResult;
      });
  };
  return [
    ['db', db],
    ['ledger', ledger],
    ['fanout', fanout],
  ];
}

/** The browser parts on one server data dir, built pages first; side by side in the smoke, else one by one. */
async function runBrowserParts(results: AllResults, pagesBuilt: Promise<void>): Promise<void> {
  await pagesBuilt;
  // One data dir for the whole run: the first server start backfills history (~10 s), later ones reuse it.
  // BENCH_DATA_DIR: reuse (and keep) a data dir from an earlier run; a first start on a loaded machine took 75–120 s.
  const keepDir = process.env.BENCH_DATA_DIR;
  if (keepDir) fs.mkdirSync(keepDir, { recursive: true });
  const dataDir = keepDir || fs.mkdtempSync(path.join(os.tmpdir(), 'h5-bench-'));
  try {
    const wanted = browserParts(results, dataDir).filter(([p]) => only.includes(p));
    // the terminal times its levels itself (each level's load average is its rows')
    const run = ([p, fn]: Runner) => (p === 'terminal' ? fn() : timed(results, p, fn));
    // the smoke's parts run side by side on its one server and browser (their figures mean nothing,
    // their page loads and waits are most of its time); a measuring run keeps them apart
    if (smoke) await Promise.all(wanted.map(run));
    else for (const w of wanted) await run(w);
  } finally {
    await stopSharedServers();
    if (!keepDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const results: AllResults = { machine: machineInfo(), quick, loads: {} };
  const wantsBrowser = only.some((p) => !NODE_PARTS.includes(p) && !SERVER_PARTS.includes(p));
  const build = () =>
    arg('no-build') === 'true' ? Promise.resolve() : buildPages({ app: arg('build-app') === 'true' });
  // the smoke builds the bench pages while its Node parts run (a measuring run never: they would share the CPU)
  const pagesBuilt = smoke && wantsBrowser ? build() : null;
  pagesBuilt?.catch(() => undefined);

  for (const [p, run] of nodeParts(results)) if (only.includes(p)) await timed(results, p, run);
  const servers = serverParts(results).filter(([p]) => only.includes(p));
  const browsers = () => (wantsBrowser ? runBrowserParts(results, pagesBuilt ?? build()) : Promise.resolve());
  // the smoke's server parts run beside its browser parts; a measuring run runs them after, one by one
  // fan-out times its two levels itself
  const timedServer = ([p, run]: Runner) => (p === 'fanout' ? run() : timed(results, p, run));
  if (smoke) await Promise.all([browsers(), ...servers.map(timedServer)]);
  else {
    await browsers();
    for (const s of servers) await timedServer(s);
  }

  const loads = saveLoads(results.loads);
  // The report shows every part's current figures: a subset run takes the others from their files.
  const earlier = quick ? [] : currentFigures(results);
  const md = renderMarkdown(results, (Date.now() - started) / 1000, earlier, loads);
  const file = writeText('README.md', md);
  console.log(
    `\n${md}\n[bench] wrote ${path.relative(process.cwd(), file)} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}

const LOADS_FILE = 'parts-load.json';

/** Merges this run's part loads into parts-load.json (a subset run keeps the other parts' entries); returns all. */
function saveLoads(mine: Record<string, PartLoad>): Record<string, PartLoad> {
  const f = path.join(resultsDir(), LOADS_FILE);
  const before = fs.existsSync(f) ? (JSON.parse(fs.readFileSync(f, 'utf8')) as Record<string, PartLoad>) : {};
  const all = { ...before, ...mine };
  writeText(LOADS_FILE, JSON.stringify(all, null, 2) + '\n');
  return all;
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
  db: { file: 'db-engine.json', take: ({ machine: _m, quick: _q, ...rest }) => rest },
  ledger: { file: 'ledger-tps.json', take: (j) => j },
  fanout: {
    file: 'fanout.json',
    // the 10,000-client level keeps a file of its own
    take: ({ machine: _m, ...rest }) => ({ ...rest, scale: readResult('fanout-scale.json')?.scale }),
  },
};

function readResult(file: string): Record<string, unknown> | undefined {
  const f = path.join(resultsDir(), file);
  return fs.existsSync(f) ? (JSON.parse(fs.readFileSync(f, 'utf8')) as Record<string, unknown>) : undefined;
}

/** when a part's current file was written, and the load average it recorded then (standalone runs write them too) */
function partFile(part: Part): { at?: string; loadavg?: number[] } {
  const f = path.join(resultsDir(), PART_FILES[part].file);
  if (!fs.existsSync(f)) return {};
  const j = JSON.parse(fs.readFileSync(f, 'utf8')) as {
    machine?: { at?: string; loadavg?: number[] };
    meta?: { at?: string; loadavg?: number[] };
  };
  return j.machine ?? j.meta ?? {};
}

/**
 * The loads that still belong to the parts' current files: a standalone run of a bench (db-engine.ts,
 * ledger-tps.ts, fanout.ts) after the last `npm run bench` rewrote its file, so its row takes the
 * load average that file recorded instead.
 */
function currentLoads(loads: Record<string, PartLoad>): Record<string, PartLoad> {
  const out: Record<string, PartLoad> = {};
  for (const [key, l] of Object.entries(loads)) {
    const part = PARTS.find((p) => key === p || key.startsWith(`${p}-`));
    const at = part ? partFile(part).at : undefined;
    const ended = Date.parse(l.at) + l.seconds * 1000 + 60_000;
    if (!at || Date.parse(at) <= ended) out[key] = l;
  }
  return out;
}

/** Fills the parts this run left out from their current files; returns "part (measured at)" for each. */
function currentFigures(results: AllResults): string[] {
  const filled: string[] = [];
  for (const part of PARTS) {
    if (results[part] !== undefined) continue;
    const f = path.join(resultsDir(), PART_FILES[part].file);
    if (!fs.existsSync(f)) continue;
    const json = JSON.parse(fs.readFileSync(f, 'utf8')) as Record<string, unknown>;
    (results as unknown as Record<string, unknown>)[part] = PART_FILES[part].take(json);
    filled.push(`${part} (${partFile(part).at ?? 'undated'})`);
  }
  return filled;
}

const fmt = (x: number | null | undefined, d = 1) =>
  x === null || x === undefined || !Number.isFinite(x) ? '–' : x.toLocaleString('en-US', { maximumFractionDigits: d });

function renderMarkdown(r: AllResults, seconds: number, earlier: string[], loads: Record<string, PartLoad>): string {
  const m = r.machine as { cpus: number; loadavg: number[]; node: string; at: string };
  const out: string[] = [
    '# Bench results',
    '',
    `${m.at} · Node ${m.node} · ${m.cpus} CPUs (load average at start ${m.loadavg?.join(' ')}) · Chromium 156 headless, --disable-gpu · ${smoke ? '**smoke** (tiny sizes: shows the parts run, not what they measure)' : r.quick ? '**quick mode** (short windows: smoke figures only)' : 'full run'} · ${Math.round(seconds)} s`,
    '',
    'Server, browser (main thread + market worker) and, on this machine, other people’s processes share the same CPUs, so figures are noisy. CPU throttling (CDP `Emulation.setCPUThrottlingRate`) slows the page’s main thread only: Chromium refuses it on worker targets, so the market worker runs at full speed (its busy time is reported).',
    '',
    ...(earlier.length ? [`Not run this time, shown from their current result files: ${earlier.join(', ')}.`, ''] : []),
    renderSummary(summaryRows(r), currentLoads(loads), (part, key) =>
      key === FANOUT_SCALE_LOAD
        ? (readResult('fanout-scale.json')?.machine as { loadavg?: number[] } | undefined)?.loadavg
        : partFile(part as Part).loadavg,
    ),
    ...plotLinks(),
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
    const shows = (x: { part: string; indicators?: string }) =>
      x.indicators ? `${x.part} + ${x.indicators.toUpperCase().replace(',', ' + ')}` : x.part;
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
          ? `| ${x.screen} | ${shows(x)} | ${fmt(x.rate, 0)} | ${x.throttle} | ${x.longTasks.count} / ${fmt(x.longTasks.totalMs, 0)} / ${fmt(x.longTasks.maxMs, 0)} | ${fmt(x.frameMs.p50)} / ${fmt(x.frameMs.p99)} / ${fmt(x.frameMs.max)} | ${fmt(x.quietBusy.taskMs, 0)} (${fmt(x.quietBusy.busyPct)}%) | ${x.bookTickToPaintMs.samples ? `${fmt(x.bookTickToPaintMs.p50)} / ${fmt(x.bookTickToPaintMs.p95)} (${x.bookTickToPaintMs.samples})` : '–'} | ${fmt(x.worker.busyPct)} | ${fmt(x.heapMB.main)} |`
          : `| ${x.screen} | ${shows(x)} | ${fmt(x.rate, 0)} | ${x.throttle} | failed: ${x.error?.replace(/\|/g, '/').slice(0, 120)} ||||||`,
      );
    out.push(
      '',
      '| screen | shows | ticks/s | CPU × | quiet busy with / without | long-task ms ratio | frame gap p99 ratio | frame gap max ratio |',
      '|---|---|---:|---:|---:|---:|---:|---:|',
    );
    for (const q of r.terminal.ratios)
      out.push(
        `| ${q.screen} | ${shows(q)} | ${fmt(q.rate, 0)} | ${q.throttle} | ${fmt(q.mainBusy, 3)} | ${fmt(q.longTaskMs, 3)} | ${fmt(q.frameP99, 2)} | ${fmt(q.frameMax, 2)} |`,
      );
    const yes = (b: boolean) => (b ? 'met' : '**not met**');
    out.push(
      '',
      '### Against the main-thread-socket page (naive), same run',
      '',
      '| screen | shows | ticks/s | CPU × | quiet busy % ours / naive | naive ÷ ours (target ≥ 10) | long tasks > 50 ms (n / max ms; target 0) | book tick→paint p95 ours / naive ms (target ≤ 150) |',
      '|---|---|---:|---:|---|---:|---|---|',
    );
    for (const v of r.terminal.vsNaive)
      out.push(
        `| ${v.screen} | ${shows(v)} | ${fmt(v.rate, 0)} | ${v.throttle} | ${fmt(v.busyPct.ours)} / ${fmt(v.busyPct.naive)} | ${fmt(v.busyTimes, 2)}× — ${yes(v.targets.busy10x)} | ${v.longTasks.count} / ${fmt(v.longTasks.maxMs, 0)} — ${yes(v.targets.noLongTask)} | ${v.part === 'trades' ? '– (no book on this tab)' : `${fmt(v.bookTickToPaintP95.ours)} / ${fmt(v.bookTickToPaintP95.naive)} — ${yes(v.targets.bookP95)}`} |`,
      );
    if (!r.terminal.vsNaive.length) out.push('| naive page failed: no ratio in this run ||||||||');
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
  if (r.soak) out.push(...renderSoak(r.soak));
  out.push(...renderServerParts(r));
  return out.join('\n');
}

const SOAK_SERIES: [key: SoakSeries, label: string][] = [
  ['benchMain', 'bench page, main-thread heap'],
  ['benchWorker', 'bench page, worker heap'],
  ['appMain', 'app tab, main-thread heap (with V8 code: not judged)'],
  ['appMainData', "app tab, main thread: the app's data (heap snapshot less V8 code)"],
  ['appMainCode', 'app tab, main thread: V8 code (heap snapshot: not judged)'],
  ['appWorker', 'app tab, worker heap'],
  ['serverHeap', "the server's V8 heap after GC"],
  ['serverRssLessBuffers', "the server's RSS less ArrayBuffers, after GC"],
  ['serverRss', "the server's RSS (raw, with the candle rings filling by design: not judged)"],
];

function renderSoak(s: SoakResult): string[] {
  const churn = s.windows.every((w) => w.churn);
  const out = [
    `## Soak (${fmt(s.rate, 0)} ticks/s, ${s.throttle}×, ${s.windows.length} × ${s.windowS} s, chart on screen${churn ? ", the app's route changing in a second tab" : ''})`,
    '',
    'Plots: [heaps](soak-heaps.svg), [server memory](soak-rss.svg), [timing](soak-timing.svg). Heaps after a forced GC on every thread, sampled over bare CDP (no DevTools domain enabled); the server after two full GCs in it, over IPC (bench/browser/server-memory.ts).',
    '',
    `| t s | bench page heap main / worker MB |${churn ? ' app tab heap main / worker MB (route changes; main thread’s data, V8 code by snapshot) |' : ''} server RSS MB | server after GC: heap / ArrayBuffers / RSS MB | chart update p50 / p95 ms (n) | frame p95 ms | long tasks | tick→paint p95 ms | load |`,
    `|---:|---|${churn ? '---|' : ''}---:|---|---|---:|---:|---:|---:|`,
  ];
  for (const w of s.windows)
    out.push(
      `| ${fmt(w.atS, 0)} | ${fmt(w.heapMB.main, 2)} / ${fmt(w.heapMB.worker, 2)} |${churn ? ` ${fmt(w.churn?.heapMB.main, 2)} / ${fmt(w.churn?.heapMB.worker, 2)} (${w.churn?.routeChanges ?? 0}; data ${fmt(w.churn?.mainParts?.dataMB, 2)}, code ${fmt(w.churn?.mainParts?.codeMB, 2)}) |` : ''} ${fmt(w.serverRssMB)} | ${w.server ? `${fmt(w.server.heapMB)} / ${fmt(w.server.arrayBuffersMB)} / ${fmt(w.server.rssMB)}` : '–'} | ${fmt(w.chartUpdateMs.p50, 3)} / ${fmt(w.chartUpdateMs.p95, 3)} (${w.chartUpdateMs.n}) | ${fmt(w.frameP95)} | ${w.longTasks} | ${fmt(w.tickToPaintP95, 0)} | ${fmt(w.load1)} |`,
    );
  out.push(
    '',
    `Flat = the least-squares slope after the first ${fmt(s.warmupS / 60, 1)} min (the warm-up) at most the bound (MB per hour, from the smallest leak worth catching: docs/benchmarks.md); ± is two standard errors.`,
    '',
    '| series | first → last MB (raw, %) | level MB | slope MB/h after warm-up | bound MB/h | flat |',
    '|---|---|---:|---|---:|---|',
  );
  for (const [key, label] of SOAK_SERIES) {
    const v = s.flat?.[key];
    if (v)
      out.push(
        `| ${label} | ${fmt(v.firstMB, 2)} → ${fmt(v.lastMB, 2)} (${v.rawPct >= 0 ? '+' : ''}${fmt(v.rawPct)} %) | ${fmt(v.levelMB, 2)} | ${fmt(v.slopeMBPerHour, 2)} ± ${fmt(2 * v.slopeSeMBPerHour, 2)} | ${fmt(v.boundMBPerHour, 1)} | ${INFO_SERIES.includes(key) ? `(${v.flat ? 'yes' : 'no'}, not judged)` : v.flat ? 'yes' : '**no**'} |`,
      );
  }
  out.push(
    '',
    `Chart-update p50, last third of the windows vs the first (medians): ${fmt(s.chartUpdateGrowthPct)} % (target within 10 %). Soak target (every series flat, chart update within 10 %): ${s.withinTarget ? 'met' : '**not met**'}.`,
    '',
  );
  return out;
}

const PLOTS: [file: string, label: string][] = [
  ['stall-tick-to-paint-ours.svg', "stall, ours: rows' tick→paint p95 per second"],
  ['stall-tick-to-paint-baseline.svg', 'stall, baseline page: the same'],
  ['terminal-tick-to-paint.svg', "terminal: the book's tick→paint p95 per second"],
  ['soak-heaps.svg', 'soak: heaps'],
  ['soak-rss.svg', "soak: the server's memory"],
  ['soak-timing.svg', 'soak: chart update and tick→paint per window'],
];

/** links to the plots the results dir holds */
function plotLinks(): string[] {
  const have = PLOTS.filter(([file]) => fs.existsSync(path.join(resultsDir(), file)));
  return have.length ? [`Plots: ${have.map(([file, label]) => `[${label}](${file})`).join(' · ')}.`, ''] : [];
}

function fanoutRow(p: FanoutPhase): string {
  const per = Object.entries(p.cpuMsPerS.byProcess ?? {})
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const n = p.snapshots;
  return `| ${p.name} | ${p.nodes} | ${p.clients} (${p.clientsWanted ?? '–'}, ${p.clientKind}) | ${p.eventsPerClientPerS} | ${p.delayMs.p50} / ${p.delayMs.p95} / ${p.delayMs.p99} / ${p.delayMs.max} | ${n ? `${n.delivered} / ${n.expected} (${n.deliveredPct} %)` : '–'} | ${p.droppedClients ?? '–'} / ${p.laggedClients ?? '–'} / ${p.lateClients ?? '–'} | ${p.cpuMsPerS.servers} / ${p.cpuMsPerS.clients}${per ? ` (${per})` : ''} | ${p.loadavg.join(' ')}${p.loadavgEnd ? ` → ${p.loadavgEnd.join(' ')}` : ''} |`;
}

/** db, ledger and fan-out: the tables their own scripts print */
function renderServerParts(r: AllResults): string[] {
  const out: string[] = [];
  if (r.db) out.push(renderDbMarkdown(r.db));
  const l = r.ledger as
    | {
        runs?: {
          name: string;
          perS: number;
          transfers: number;
          failed: number;
          latencyMs: { p50: number; p99: number };
        }[];
        journalMatchesBalances?: boolean;
      }
    | undefined;
  if (l?.runs)
    out.push(
      '## Ledger transfers per second (PostgreSQL server)',
      '',
      '| run | transfers/s | transfers (failed) | latency p50 / p99 ms |',
      '|---|---:|---|---|',
      ...l.runs.map(
        (x) =>
          `| ${x.name} | ${fmt(x.perS)} | ${x.transfers} (${x.failed}) | ${x.latencyMs.p50} / ${x.latencyMs.p99} |`,
      ),
      '',
      `Journal equals balances: ${l.journalMatchesBalances ? 'yes' : '**NO**'}.`,
      '',
    );
  const f = r.fanout;
  if (f?.single || f?.cluster || f?.scale) {
    out.push(
      `## Socket fan-out (${fmt(f.clients, 0)} socket.io clients on \`tickers\`, then the cluster at scale; ${f.durationS} s a phase)`,
      '',
      '| phase | api nodes | clients connected (wanted, kind) | snapshots/s per client | delay p50 / p95 / p99 / max ms | snapshots delivered / sent | clients dropped / lagged / late > 1 s | CPU ms/s servers / clients (per process) | load average start → end |',
      '|---|---:|---|---:|---|---|---|---|---|',
    );
    for (const p of [f.single, f.cluster, f.scale]) if (p) out.push(fanoutRow(p));
    out.push('');
  }
  return out;
}

await main();
