/**
 * Do the family's socket clients slow our own channels, and what do they cost the server? The real
 * server (simulator feed) with one client subscribed as our market worker is (`tickers`,
 * `depth:BTC/USDT`, `kline:BTC/USDT:1min`); per `tickers` event it records the gap since the
 * previous batch and each update's delivery delay (receive time − the tick's server time, one
 * machine so one clock), and the server process's CPU over the phase. The phases, in one run:
 *   none   our client alone (the baseline);
 *   idle   + N family clients as the family's apps are: `login` with a user id, never `watch` — they
 *          get daymarket, and market_depth + kline of every listed pair (the pair rooms, once a
 *          second a pair);
 *   watch  (FAMILY_WATCH=1) + N family clients that `watch BTC/USDT 1min` (our addition).
 * The family clients run in a child process of their own at a low priority (nice 10) (so their parsing
 * does not delay our client's clock or the server), with the socket.io 2.5 client they bundle (FAMILY_CLIENT=v4 for ours). Prints a
 * table with the ratios against `none`; figures land in bench/results/family-socket.json. Not part
 * of the tests.
 *
 *   npx tsx bench/family-socket.ts                  20 s per phase at 2,000 ticks/s, 50 clients
 *   BENCH_QUICK=1 npx tsx bench/family-socket.ts    6 s per phase
 *   FAMILY_CLIENTS=200 TICK_RATE=5000 DURATION_S=30 FAMILY_WATCH=1 npx tsx bench/family-socket.ts
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connect, type Socket } from 'socket.io-client';
import ioV2 from 'socket.io-client-v2';
import { machineInfo, round, settle, sleep, startServer, writeJson, type ServerHandle } from './browser/harness';

const quick = process.env.BENCH_QUICK === '1';
const durationS = Number(process.env.DURATION_S ?? (quick ? 6 : 20));
const tickRate = Number(process.env.TICK_RATE ?? 2000);
const familyClients = Number(process.env.FAMILY_CLIENTS ?? 50);
const clientKind = process.env.FAMILY_CLIENT === 'v4' ? 'v4' : 'v2';
const FAMILY_EVENTS = ['daymarket', 'market_depth', 'kline', 'match_trade'] as const;

type Mode = 'none' | 'idle' | 'watch';
type Pct = { p50: number; p95: number; p99: number; max: number };

interface Phase {
  mode: Mode;
  family: number;
  events: number;
  updates: number;
  gapMs: Pct;
  delayMs: Pct;
  /** server CPU over the phase, ms per wall second */
  serverCpuMsPerS: number;
  /** what the family clients received, events per second (all clients) */
  familyPerS: Record<(typeof FAMILY_EVENTS)[number], number>;
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const stats = (xs: number[]): Pct => ({
  p50: round(pct(xs, 50), 1),
  p95: round(pct(xs, 95), 1),
  p99: round(pct(xs, 99), 1),
  max: round(Math.max(...xs), 1),
});

async function open(origin: string): Promise<Socket> {
  const c = connect(origin, { transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve());
    c.once('connect_error', reject);
  });
  return c;
}

/** One family client: connect, `login` with a user id, then (watch mode) `watch`; counts what it gets. */
async function familyClient(origin: string, i: number, mode: Mode, counts: Record<string, number>): Promise<void> {
  const on = (c: { on(e: string, fn: () => void): unknown }) => {
    for (const e of FAMILY_EVENTS) c.on(e, () => counts[e]++);
  };
  if (clientKind === 'v2') {
    // the family's own client: long-polling first, then the websocket upgrade
    const c = ioV2(origin, { reconnection: false, forceNew: true, timeout: 60_000 });
    await new Promise<void>((resolve, reject) => {
      c.once('connect', () => resolve());
      c.once('connect_error', (e: never) => reject(e));
    });
    on(c);
    await new Promise((r) => c.emit('login', String(1000 + i), r));
    if (mode === 'watch') await new Promise((r) => c.emit('watch', { symbol: 'BTC/USDT', period: '1min' }, r));
    return;
  }
  const c = await open(origin);
  on(c);
  await c.timeout(5000).emitWithAck('login', String(1000 + i));
  if (mode === 'watch') await c.timeout(5000).emitWithAck('watch', { symbol: 'BTC/USDT', period: '1min' });
}

/** The family clients' process: connects them, then reports counts on request (and zeroes them). */
async function familyChild(origin: string, n: number, mode: Mode): Promise<void> {
  const counts: Record<string, number> = Object.fromEntries(FAMILY_EVENTS.map((e) => [e, 0]));
  for (let i = 0; i < n; i++) await familyClient(origin, i, mode, counts);
  await settle(1500); // past the new members' first state
  for (const e of FAMILY_EVENTS) counts[e] = 0;
  process.send?.({ ready: true });
  process.on('message', (m: { report?: boolean }) => {
    if (m.report) process.send?.({ counts });
  });
}

async function startFamily(origin: string, n: number, mode: Mode): Promise<ChildProcess> {
  const env = { ...process.env, FAMILY_CHILD: String(n), FAMILY_MODE: mode, FAMILY_ORIGIN: origin };
  const child = fork(fileURLToPath(import.meta.url), [], { env, execArgv: ['--import', 'tsx'] });
  // a low priority: on one machine the clients' parsing (a phone's work) would otherwise take the
  // CPU from the server and our measuring client, and the gaps would measure the machine
  if (child.pid) os.setPriority(child.pid, 10);
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`family clients exited ${code}`)));
  });
  return child;
}

async function familyCounts(child: ChildProcess): Promise<Record<string, number>> {
  child.send({ report: true });
  const counts = await new Promise<Record<string, number>>((resolve) =>
    child.once('message', (m: { counts: Record<string, number> }) => resolve(m.counts)),
  );
  child.kill();
  return counts;
}

async function phase(server: ServerHandle, mode: Mode, family: number): Promise<Phase> {
  const child = mode === 'none' ? undefined : await startFamily(server.origin, family, mode);
  const ours = await open(server.origin);
  await ours.timeout(5000).emitWithAck('subscribe', { channels: ['tickers', 'depth:BTC/USDT', 'kline:BTC/USDT:1min'] });
  await settle(1000); // past the snapshots
  const gaps: number[] = [];
  const delays: number[] = [];
  let last = 0;
  let events = 0;
  ours.on('tickers', (batch: [string, number, number][]) => {
    const now = Date.now();
    if (last) gaps.push(now - last);
    last = now;
    events++;
    for (const t of batch) delays.push(now - t[2]);
  });
  const cpu0 = server.cpuSeconds();
  const t0 = Date.now();
  await sleep(durationS * 1000);
  const wallS = (Date.now() - t0) / 1000;
  const serverCpuMsPerS = round(((server.cpuSeconds() - cpu0) * 1000) / wallS, 1);
  ours.disconnect();
  const counts = child ? await familyCounts(child) : {};
  const familyPerS = Object.fromEntries(
    FAMILY_EVENTS.map((e) => [e, round((counts[e] ?? 0) / wallS, 1)]),
  ) as Phase['familyPerS'];
  await settle(1000); // the family sockets' disconnects settle before the next phase
  return {
    mode,
    family: mode === 'none' ? 0 : family,
    events,
    updates: delays.length,
    gapMs: stats(gaps),
    delayMs: stats(delays),
    serverCpuMsPerS,
    familyPerS,
  };
}

function table(base: Phase, phases: Phase[]): string[] {
  const r = (a: number, b: number) => (Number.isFinite(a / b) ? `×${round(a / b, 2)}` : '–');
  const head = [
    'phase',
    'family sockets',
    'server CPU ms/s',
    'added ms/s',
    'added per socket ms/s',
    'tickers gap p50 ms',
    'gap p99 ms',
    'gap p50 ratio',
    'gap p99 ratio',
    'delay p50/p99 ms',
    'family events/s (depth, kline, daymarket)',
  ];
  const rows = phases.map((p) => {
    const added = round(p.serverCpuMsPerS - base.serverCpuMsPerS, 1);
    const perSocket = p.family ? String(round(added / p.family, 3)) : '–';
    const fam = p.family ? `${p.familyPerS.market_depth}, ${p.familyPerS.kline}, ${p.familyPerS.daymarket}` : '–';
    return [
      p.mode,
      String(p.family),
      String(p.serverCpuMsPerS),
      p === base ? '–' : String(added),
      p === base ? '–' : perSocket,
      String(p.gapMs.p50),
      String(p.gapMs.p99),
      r(p.gapMs.p50, base.gapMs.p50),
      r(p.gapMs.p99, base.gapMs.p99),
      `${p.delayMs.p50}/${p.delayMs.p99}`,
      fam,
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)];
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-family-'));
  process.env.MARKET_BACKFILL = 'off';
  const modes: Mode[] = process.env.FAMILY_WATCH === '1' ? ['none', 'idle', 'watch'] : ['none', 'idle'];
  console.log(
    `[family] server at ${tickRate} ticks/s, ${durationS} s per phase, ${familyClients} family clients (socket.io ${clientKind}) per phase: ${modes.join(', ')}…`,
  );
  const server = await startServer({ tickRate, dataDir, extraSymbols: 0 });
  try {
    await settle(2000);
    const phases: Phase[] = [];
    for (const mode of modes) phases.push(await phase(server, mode, familyClients));
    const base = phases[0];
    for (const line of table(base, phases)) console.log(line);
    const ratios = Object.fromEntries(
      phases.slice(1).map((p) => [
        p.mode,
        {
          gapP50: round(p.gapMs.p50 / base.gapMs.p50, 2),
          gapP99: round(p.gapMs.p99 / base.gapMs.p99, 2),
          delayP99: round(p.delayMs.p99 / base.delayMs.p99, 2),
          addedCpuMsPerS: round(p.serverCpuMsPerS - base.serverCpuMsPerS, 1),
        },
      ]),
    );
    writeJson('family-socket.json', {
      machine: machineInfo(),
      tickRate,
      durationS,
      familyClients,
      client: clientKind,
      phases,
      ratios,
    });
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const run = process.env.FAMILY_CHILD
  ? familyChild(
      process.env.FAMILY_ORIGIN ?? '',
      Number(process.env.FAMILY_CHILD),
      (process.env.FAMILY_MODE as Mode) ?? 'idle',
    )
  : main();
run.catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
