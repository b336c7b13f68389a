/**
 * Database engine bench: the server on its embedded PostgreSQL, in its own process on a fresh
 * DATA_DIR, measured from this process through the HTTP API and socket.io like a user's phone would be:
 *  - transfers per second from 20 concurrent loops (POST /api/wallet/change, demo trader);
 *  - the gap between consecutive `tickers` deliveries at a socket client, idle and under that load
 *    (the ratio under load ÷ idle is the figure: a database on the event loop stalled the ticks).
 * It once compared the old PGlite engine (PostgreSQL in WebAssembly on the server's event loop):
 * embedded PostgreSQL did 3.38× its transfers/s. The server no longer runs on PGlite (its job
 * queue needs a pg pool), so only the engine in use is measured.
 * `npx tsx bench/db-engine.ts` (not a part of `npm run bench`: it starts two servers of its own;
 * `BENCH_QUICK=1` for 5 s phases, `DB_BENCH_S` for any length).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { io } from 'socket.io-client';
import { freePort } from '../server/db/embedded/record';
import { loginDemo, transferUsdt } from '../server/testing/spawned-server';

export interface GapStats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}
export interface EngineRun {
  engine: 'embedded-postgres';
  transfersPerS: number;
  transfers: number;
  failed: number;
  idleGapMs: GapStats;
  loadGapMs: GapStats;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const pct = (s: number[], p: number) => (s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN);
function stats(gaps: number[]): GapStats {
  const s = [...gaps].sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 10) / 10;
  return { n: s.length, p50: r(pct(s, 50)), p95: r(pct(s, 95)), p99: r(pct(s, 99)), max: r(s[s.length - 1] ?? NaN) };
}

async function startServer(engine: EngineRun['engine'], dataDir: string, port: number): Promise<() => Promise<void>> {
  const entry = 'server/main.ts';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    TICK_RATE: '200',
  };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const child = spawn('npx', ['tsx', entry], { env, detached: true, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 300_000;
  while (
    !(await fetch(`http://127.0.0.1:${port}/api/getSiteConfig`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${engine} server did not start`);
    await sleep(250);
  }
  return async () => {
    process.kill(-(child.pid ?? 0), 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
}

/** Records the gaps between `tickers` deliveries while `during` runs. */
async function tickGaps(base: string, during: () => Promise<void>): Promise<number[]> {
  const sock = io(base, { path: '/socket.io', transports: ['websocket'] });
  await new Promise<void>((r) => sock.on('connect', () => r()));
  await new Promise((r) => sock.emit('subscribe', { channels: ['tickers'] }, r));
  let last = 0;
  let on = false;
  const gaps: number[] = [];
  sock.on('tickers', () => {
    const now = performance.now();
    if (on && last) gaps.push(now - last);
    last = now;
  });
  // past the snapshot (a fifth of it in the smoke, as bench/browser/harness.ts settle())
  await sleep(process.env.BENCH_SMOKE === '1' ? 200 : 1000);
  on = true;
  await during();
  sock.close();
  return gaps;
}

export async function runEngine(
  engine: EngineRun['engine'],
  o: { seconds: number; loops: number },
): Promise<EngineRun> {
  // BENCH_SERVER_ORIGIN: the smoke's one server (scripts/bench-smoke.ts), already on embedded PostgreSQL
  const outside = process.env.BENCH_SERVER_ORIGIN;
  // (the harness waits until it answers)
  if (outside) await (await import('./browser/harness')).startServer({ tickRate: 200, dataDir: '', extraSymbols: 0 });
  const dataDir = outside ? null : fs.mkdtempSync(path.join(os.tmpdir(), `h5-dbbench-${engine}-`));
  const port = outside ? 0 : await freePort();
  const stop = dataDir ? await startServer(engine, dataDir, port) : async () => undefined;
  const base = outside ?? `http://127.0.0.1:${port}`;
  try {
    const token = await loginDemo(base);
    await transferUsdt(base, token, '1'); // warm the route
    const idle = await tickGaps(base, () => sleep(o.seconds * 1000));
    let done = 0;
    let failed = 0;
    let t0 = 0;
    const load = await tickGaps(base, async () => {
      const until = performance.now() + o.seconds * 1000;
      t0 = performance.now();
      await Promise.all(
        Array.from({ length: o.loops }, async () => {
          while (performance.now() < until)
            await transferUsdt(base, token, '0.01').then(
              () => done++,
              () => failed++,
            );
        }),
      );
    });
    const wall = (performance.now() - t0) / 1000;
    return {
      engine,
      transfersPerS: Math.round((done / wall) * 10) / 10,
      transfers: done,
      failed,
      idleGapMs: stats(idle),
      loadGapMs: stats(load),
    };
  } finally {
    await stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runDbBench(o: {
  quick: boolean;
}): Promise<{ runs: EngineRun[]; loadP99OverIdle: number; goals: { tickP99: boolean } }> {
  // DB_BENCH_S: seconds per phase (the bench smoke's are tiny)
  const opts = { seconds: Number(process.env.DB_BENCH_S ?? (o.quick ? 5 : 20)), loops: 20 };
  console.log('[db] embedded-postgres…');
  const pg = await runEngine('embedded-postgres', opts);
  const loadP99OverIdle = Math.round((pg.loadGapMs.p99 / pg.idleGapMs.p99) * 100) / 100;
  return { runs: [pg], loadP99OverIdle, goals: { tickP99: loadP99OverIdle <= 1.5 } };
}

export function renderDbMarkdown(r: Awaited<ReturnType<typeof runDbBench>>): string {
  const g = (s: GapStats) => `${s.p50} / ${s.p95} / ${s.p99} / ${s.max} (${s.n})`;
  return [
    '## Database engine: embedded PostgreSQL (20 transfer loops via HTTP)',
    '',
    '| engine | transfers/s | transfers (failed) | tick gap idle p50 / p95 / p99 / max ms (n) | tick gap under load p50 / p95 / p99 / max ms (n) |',
    '|---|---:|---|---|---|',
    ...r.runs.map(
      (x) =>
        `| ${x.engine} | ${x.transfersPerS} | ${x.transfers} (${x.failed}) | ${g(x.idleGapMs)} | ${g(x.loadGapMs)} |`,
    ),
    '',
    `Tick gap p99 under load ${r.loadP99OverIdle}× idle (goal ≤ 1.5: ${r.goals.tickP99 ? 'met' : '**not met**'}).`,
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.dirname ?? '', 'db-engine.ts')) {
  const { machineInfo, writeJson, writeText } = await import('./browser/harness');
  const quick = process.env.BENCH_QUICK === '1';
  const r = await runDbBench({ quick });
  writeJson('db-engine.json', { machine: machineInfo(), quick, ...r });
  const md = renderDbMarkdown(r);
  writeText('db-engine.md', `# Bench: database engine\n\n${JSON.stringify(machineInfo())}\n\n${md}`);
  console.log(md);
}
