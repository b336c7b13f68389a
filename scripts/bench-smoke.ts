/**
 * Bench smoke (npm test, after the build): every bench in bench/ runs for a moment at tiny sizes and
 * must write its figures. A bench that throws, hangs, or writes no figures fails the smoke — and CI.
 * It checks that figures exist (finite numbers where the bench puts them), never their values: the
 * sizes are far too small to mean anything, and this machine is shared.
 *
 *   npx tsx scripts/bench-smoke.ts [--only=run,lighthouse,…]
 *
 * Figures go to a temp dir (BENCH_RESULTS_DIR), never over bench/results; the bench pages are built
 * into a temp dir too (BENCH_PAGES_DIR). Needs the app's build (dist/h5), Chromium, and the
 * PostgreSQL server and Redis that `npm run test:db` and the scale tests use (DATABASE_URL,
 * REDIS_URL; defaults 127.0.0.1:5432/test and 127.0.0.1:6379). BENCH_PORT: the first of 20 ports
 * it may use (default 9300).
 *
 * What keeps it short: one server for every bench that asks for one (startSmokeServer), started at
 * once while the benches that need none run; the benches' smoke sizes (BENCH_SMOKE=1: moment-long
 * windows, a fifth of each settling wait, side by side where a measuring run keeps things apart);
 * LANES benches at a time. Each bench's time and CPU (with its children's) is printed as it ends;
 * BENCH_SMOKE_LOG_DIR keeps each bench's whole output there, every line stamped with its second.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer, type ServerHandle } from '../bench/browser/harness';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Bench {
  name: string;
  /** tsx arguments: the bench's file and its tiny-size flags */
  args: string[];
  env?: Record<string, string>;
  /** it asks for a server (bench/browser/harness.ts startServer): it gets the smoke's one */
  server?: true;
  /** result files (in the results dir) and, per file, the figures that must be finite numbers */
  figures: Record<string, string[]>;
}

/** `a.b.*.c`: `*` is every element of an array or every value of an object */
function pick(value: unknown, dotted: string): unknown[] {
  let at: unknown[] = [value];
  for (const key of dotted.split('.')) {
    at = at.flatMap((v) => {
      if (v === null || typeof v !== 'object') return [];
      if (key === '*') return Object.values(v);
      return key in v ? [(v as Record<string, unknown>)[key]] : [];
    });
  }
  return at;
}

/** what is missing: a file, or a figure path with no finite number */
export function missingFigures(dir: string, figures: Record<string, string[]>): string[] {
  const missing: string[] = [];
  for (const [file, paths] of Object.entries(figures)) {
    const f = path.join(dir, file);
    if (!fs.existsSync(f)) {
      missing.push(`${file}: not written`);
      continue;
    }
    const json = JSON.parse(fs.readFileSync(f, 'utf8')) as unknown;
    for (const p of paths) {
      const got = pick(json, p);
      if (!got.length || !got.every((x) => typeof x === 'number' && Number.isFinite(x)))
        missing.push(`${file}: ${p} = ${JSON.stringify(got).slice(0, 120)}`);
    }
  }
  return missing;
}

const port = Number(process.env.BENCH_PORT ?? 9300);
/** BENCH_SMOKE_LANES: how many benches run side by side (2: three took 163 s on a quiet machine, contending) */
/** the smoke server's feed: every bench that asks for a server gets this one, whatever rate it asks for */
const SMOKE_TICK_RATE = 500;
const LANES = Math.max(1, Number(process.env.BENCH_SMOKE_LANES ?? 2));

/** One entry per bench in bench/ (the diagnosis probes in bench/browser/ are tools, not benches), longest first. */
const BENCHES: Bench[] = [
  {
    // npm run bench's parts, one server data dir; builds the bench pages (so a config that has
    // drifted from the app's fails here). Its db, ledger and fanout parts are bench/db-engine.ts,
    // ledger-tps.ts and fanout.ts (run here only: each bench runs once), beside its browser parts.
    name: 'run',
    server: true,
    args: ['bench/run.ts', '--smoke'],
    env: { BENCH_RATES: String(SMOKE_TICK_RATE), FANOUT_PORT: String(port + 2) },
    figures: {
      'core.json': ['ours', 'oursCpu', 'baseline', 'baselineCpu', 'ratio'],
      'book-apply.json': ['ours', 'oursCpu', 'baseline', 'baselineCpu', 'ratio'],
      'browser-stall.json': [
        'runs.*.mainBusy.taskMs',
        'runs.*.quietBusy.taskMs',
        'runs.*.heapMB.main',
        'ratios.*.mainBusy',
      ],
      'browser-terminal.json': [
        'runs.*.quietBusy.taskMs',
        'runs.*.heapMB.main',
        'ratios.*.mainBusy',
        'vsNaive.*.busyTimes',
      ],
      'history-merge.json': [
        'results.*.firstPaint5k.p50',
        'results.*.coldDefaultWindow.mountToPaintMs',
        'results.*.memory.totalKBPerSymbol',
      ],
      'soak.json': ['windows.*.heapMB.main', 'windows.*.churn.heapMB.worker', 'flat.appWorker.slopeMBPerHour'],
      'liabilities.json': ['totalMs', 'peakRssMB', 'proofBytes', 'naive.perProofMs', 'ratio'],
      'fanout.json': [
        'single.eventsPerClientPerS',
        'single.delayMs.p50',
        'cluster.eventsPerClientPerS',
        'cluster.delayMs.p50',
      ],
      'db-engine.json': [
        'runs.*.transfersPerS',
        'runs.*.ledgerPerS',
        'runs.*.httpOverLedger',
        'runs.*.idleGapMs.p99',
        'runs.*.loadGapMs.p99',
        'loadP99OverIdle',
        'loadavg.*',
      ],
      'ledger-tps.json': ['runs.*.perS', 'ratio', 'vsBefore'],
      'parts-load.json': ['*.start.*', '*.end.*', '*.seconds'],
    },
  },
  {
    name: 'lighthouse',
    server: true,
    args: ['bench/lighthouse.ts', '--runs=1', '--routes=home'],
    env: { BENCH_PORT: String(port + 12) },
    figures: {
      'lighthouse.json': ['results.*.routes.home.summary.score.median', 'results.*.routes.home.summary.fcp.median'],
    },
  },
  {
    name: 'first-load',
    server: true,
    args: ['bench/first-load.ts', '--runs=1', '--routes=home'],
    env: { BENCH_PORT: String(port + 10) },
    figures: { 'first-load.json': ['results.home.cold.fcp.median', 'results.home.warm.fcp.median'] },
  },
  {
    name: 'family-socket',
    server: true,
    args: ['bench/family-socket.ts'],
    env: { DURATION_S: '1', FAMILY_CLIENTS: '3', TICK_RATE: String(SMOKE_TICK_RATE) },
    figures: {
      'family-socket.json': [
        'phases.*.gapMs.p50',
        'phases.*.serverCpuMsPerS',
        'ratios.idle.gapP99',
        'ratios.idle.addedCpuMsPerS',
      ],
    },
  },
  {
    name: 'liabilities-browser',
    args: ['bench/liabilities-browser.ts', '--leaves=1000', '--runs=5'],
    env: { BENCH_PORT: String(port + 14) },
    figures: { 'liabilities-browser.json': ['main.p50', 'worker.p50'] },
  },
];

interface Outcome {
  name: string;
  seconds: number;
  /** CPU seconds of the bench and every process it waited for (its servers, Chromium…), last sampled */
  cpuSeconds: number;
  problems: string[];
  tail: string;
}

/** BENCH_SMOKE_STEP_TIMEOUT_S: how long one bench may run before it counts as hung (generous: a loaded machine) */
const TIMEOUT_S = Number(process.env.BENCH_SMOKE_STEP_TIMEOUT_S ?? 900);

function runBench(b: Bench, resultsDir: string, pagesDir: string): Promise<Outcome> {
  const dir = path.join(resultsDir, b.name);
  fs.mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', ...b.args], {
    cwd: ROOT,
    // BENCH_START_S: a server start may take minutes on a loaded machine; slow is not broken
    // BENCH_PATIENCE: page waits three times as long (bench/browser/harness.ts patience())
    env: {
      ...process.env,
      BENCH_QUICK: '1',
      // the waits that only let a page settle shrink too (bench/browser/harness.ts settle())
      BENCH_SMOKE: '1',
      BENCH_START_S: process.env.BENCH_START_S ?? '600',
      BENCH_PATIENCE: process.env.BENCH_PATIENCE ?? '3',
      ...b.env,
      BENCH_RESULTS_DIR: dir,
      BENCH_PAGES_DIR: pagesDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  // BENCH_SMOKE_LOG_DIR: each bench's whole output, every line stamped with the seconds since its start
  const log = process.env.BENCH_SMOKE_LOG_DIR ? path.join(process.env.BENCH_SMOKE_LOG_DIR, `${b.name}.log`) : null;
  if (log) fs.mkdirSync(path.dirname(log), { recursive: true });
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-6000);
    if (log) {
      const at = ((Date.now() - started) / 1000).toFixed(1).padStart(6);
      const lines = d
        .toString()
        .split('\n')
        .filter((l) => l.trim());
      fs.appendFileSync(log, lines.map((l) => `${at} ${l}\n`).join(''));
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  // the child's CPU with its reaped children's (Linux /proc: utime, stime, cutime, cstime), sampled
  // until it exits: the part of the smoke's time that is its own work, whatever the machine's load
  let cpuSeconds = NaN;
  const sample = setInterval(() => {
    try {
      const f = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      cpuSeconds = (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
    } catch {
      /* gone */
    }
  }, 250);
  const timer = setTimeout(() => {
    out += `\n[bench-smoke] ${b.name}: no end after ${TIMEOUT_S} s, stopped`;
    try {
      process.kill(-(child.pid ?? 0), 'SIGKILL');
    } catch {
      /* gone */
    }
  }, TIMEOUT_S * 1000);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(sample);
      const problems = code === 0 ? missingFigures(dir, b.figures) : [`exited ${code ?? signal}`];
      if (code === 0 && !out.trim()) problems.push('printed nothing');
      resolve({
        name: b.name,
        seconds: Math.round((Date.now() - started) / 1000),
        cpuSeconds: Math.round(cpuSeconds),
        problems,
        tail: out.split('\n').slice(-40).join('\n'),
      });
    });
  });
}

/**
 * The one server every bench of the smoke uses (BENCH_SERVER_ORIGIN, bench/browser/harness.ts
 * startServer): started at once, while the benches that need none run; the benches that do wait
 * until it answers. Its first start skips the copy traders' history (DEMO_COPY_HISTORY=off) and
 * backfills only what the history part reads (600 bars of BTC/USDT).
 */
function startSmokeServer(dataDir: string): {
  origin: string;
  pid: number;
  ready: Promise<ServerHandle>;
  kill(): void;
} {
  process.env.DEMO_COPY_HISTORY = 'off';
  process.env.MARKET_BENCH_BACKFILL = 'BTC/USDT:600';
  process.env.BENCH_START_S ??= '600';
  // db-engine's API loops come from this one address (the per-address cap would refuse them)
  process.env.RATE_LIMIT_PER_MINUTE = '100000000';
  const s = spawnServer({ tickRate: SMOKE_TICK_RATE, dataDir, extraSymbols: 200, port });
  return { origin: s.origin, pid: s.child.pid ?? 0, ready: s.ready, kill: () => s.child.kill('SIGKILL') };
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function main(): Promise<void> {
  const onlyArg = process.argv.find((a) => a.startsWith('--only='));
  const only = onlyArg ? onlyArg.slice('--only='.length).split(',') : undefined;
  const benches = BENCHES.filter((b) => !only || only.includes(b.name));
  if (!benches.length)
    throw new Error(`no bench named ${only?.join(', ')} (one of ${BENCHES.map((b) => b.name).join(', ')})`);
  if (!fs.existsSync(path.join(ROOT, 'dist/h5/index.html')))
    throw new Error('no app build in dist/h5: npm run build first');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-bench-smoke-'));
  // run as root, the embedded PostgreSQL runs as "postgres": it must enter the server's data dir
  fs.chmodSync(tmp, 0o755);
  const pagesDir = path.join(tmp, 'pages');
  const started = Date.now();
  const outcomes: Outcome[] = [];
  console.log(`[bench-smoke] ${benches.length} benches in ${LANES} lanes; load average ${load()}`);
  const server = benches.some((b) => b.server) ? startSmokeServer(path.join(tmp, 'server')) : null;
  if (server) {
    process.env.BENCH_SERVER_ORIGIN = server.origin;
    process.env.BENCH_SERVER_PID = String(server.pid);
    process.env.BENCH_SERVER_DATA_DIR = path.join(tmp, 'server');
  }
  server?.ready.then(
    () => console.log(`[bench-smoke] the smoke's server answered after ${Math.round((Date.now() - started) / 1000)} s`),
    (e: unknown) => console.log(`[bench-smoke] the smoke's server did not start: ${String(e)}`),
  );
  try {
    // LANES benches at a time, each lane taking the next bench as it frees, longest first (BENCHES' order).
    const queue = [...benches];
    const lane = async () => {
      for (let b = queue.shift(); b; b = queue.shift()) {
        const o = await runBench(b, path.join(tmp, 'results'), pagesDir);
        outcomes.push(o);
        console.log(
          `[bench-smoke] ${o.name}: ${o.problems.length ? `FAILED (${o.problems.join('; ')})` : 'figures written'} in ${o.seconds} s, CPU ${o.cpuSeconds} s (${Math.round((Date.now() - started) / 1000)} s in; load ${load()})`,
        );
        if (o.problems.length) console.log(`--- ${o.name}'s last output ---\n${o.tail}\n---`);
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
  } finally {
    await server?.ready.then(async (s) => {
      console.log(`[bench-smoke] the smoke's server used ${Math.round(s.cpuSeconds())} s of CPU`);
      await s.stop();
    }, server.kill);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const failed = outcomes.filter((o) => o.problems.length);
  if (failed.length)
    console.log(`[bench-smoke] failed: ${failed.map((o) => o.name).join(', ')} (their output is above)`);
  console.log(
    `[bench-smoke] ${outcomes.length - failed.length} of ${outcomes.length} benches wrote their figures in ${Math.round((Date.now() - started) / 1000)} s (load average ${load()})`,
  );
  if (failed.length) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
