/**
 * socket fan-out across `api` nodes. socket.io clients (in child processes of their own, so their
 * parsing does not delay the clock of the process that starts the servers) subscribe to `tickers`,
 * which a feed at TICK_RATE 10 turns into ~10 snapshots a second per client. Each snapshot's
 * delivery delay is the receive time − the tick's server time (one machine, one clock). Phases, each
 * on a fresh database of the PostgreSQL server:
 *   single   one process with every role, CLIENTS clients on it (the single-process baseline);
 *   cluster  a `feed` process publishing once through Redis, CLIENTS clients spread over `api` A and B;
 *   scale    the cluster with SCALE_CLIENTS clients (10,000) over API_NODES api nodes (default 2).
 * `single` and `cluster` (the default PHASES) land in bench/results/fanout.json with their ratios,
 * `scale` in fanout-scale.json. Each phase also reports the CPU its servers and its clients used
 * (ms per second: 1,000 is one core), and the load average when it started: on a shared 2-core
 * machine the clients' share says how much of a delay is the bench's own receiving.
 * CLIENT_KIND=ws swaps socket.io-client (what our worker runs) for a bare WebSocket client that
 * costs far less per message (wsClient).
 * Not part of the tests: `npx tsx bench/fanout.ts` (needs PostgreSQL at DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, and Redis at REDIS_URL, default 127.0.0.1:6379), or
 * `npm run bench -- --only=fanout` (runFanoutBench). FANOUT_PORT (else BENCH_PORT): the first of
 * the nodes' ports.
 *
 *   CLIENTS=2000 DURATION_S=20 BENCH_PORT=9280 npx tsx bench/fanout.ts
 *   PHASES=scale SCALE_CLIENTS=10000 CLIENT_KIND=ws npx tsx bench/fanout.ts
 *   BENCH_QUICK=1 npx tsx bench/fanout.ts          400 clients, 6 s
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connect, type Socket } from 'socket.io-client';
import { WebSocket } from 'ws';
import type { ClusterNode } from '../server/scale/cluster-kit';
import { machineInfo, round, settle, sleep, startServer, writeJson } from './browser/harness';

const quick = process.env.BENCH_QUICK === '1';
const CLIENTS = Number(process.env.CLIENTS ?? (quick ? 400 : 2000));
const SCALE_CLIENTS = Number(process.env.SCALE_CLIENTS ?? 10_000);
const API_NODES = Number(process.env.API_NODES ?? 2);
const PHASES = (process.env.PHASES ?? 'single,cluster').split(',').map((p) => p.trim());
/** `socket.io` (socket.io-client, the default) or `ws` (a bare WebSocket: wsClient) */
const CLIENT_KIND = process.env.CLIENT_KIND === 'ws' ? 'ws' : 'socket.io';
const DURATION_S = Number(process.env.DURATION_S ?? (quick ? 6 : 20));
/** client processes: 2 by default, one per 2,500 clients beyond that (10,000 → 4) */
const childrenFor = (clients: number) => Number(process.env.CLIENT_PROCESSES ?? Math.max(2, Math.ceil(clients / 2500)));
const BASE_PORT = Number(process.env.FANOUT_PORT ?? process.env.BENCH_PORT ?? 9280);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** delay histogram: 1 ms buckets up to this, the rest in the last one */
const MAX_MS = 10_000;
/** Linux's clock ticks per second in /proc/<pid>/stat */
const CLK_TCK = 100;

interface ChildReport {
  connected: number;
  events: number;
  histogram: number[];
  /** this process's CPU while measuring, ms */
  cpuMs: number;
}

type PhaseName = 'single' | 'cluster' | 'scale';

interface Phase {
  name: PhaseName;
  clientKind: typeof CLIENT_KIND;
  nodes: number;
  clients: number;
  clientProcesses: number;
  eventsPerClientPerS: number;
  delayMs: { p50: number; p95: number; p99: number; max: number };
  /** CPU while measuring, ms per second (1,000 = one core): the server processes, the client processes */
  cpuMsPerS: { servers: number; clients: number };
  /** the 1/5/15-minute load average when the phase started */
  loadavg: number[];
}

// ───── the clients (child process) ─────

type TickerRow = [string, number, number];

/** one subscribed client: connected once it has sent `subscribe` */
interface BenchClient {
  readonly connected: boolean;
  close(): void;
}

/** socket.io-client, as our market worker connects */
function socketIoClient(origin: string, onTickers: (batch: TickerRow[]) => void): BenchClient {
  const s: Socket = connect(origin, { transports: ['websocket'], reconnection: false, forceNew: true });
  s.on('tickers', onTickers);
  s.on('connect', () => s.emit('subscribe', { channels: ['tickers'] }));
  return {
    get connected() {
      return s.connected;
    },
    close: () => s.disconnect(),
  };
}

/**
 * A bare WebSocket speaking just enough of Engine.IO 4 / socket.io 5 (open, namespace connect,
 * ping → pong, events) to subscribe and read `tickers`: a fraction of socket.io-client's CPU per
 * message, so that at 10,000 clients on a 2-core machine the delay measured is more the servers'
 * sending than the clients' receiving. Not what a phone runs; CLIENT_KIND=ws picks it.
 */
function wsClient(origin: string, onTickers: (batch: TickerRow[]) => void): BenchClient {
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
  let connected = false;
  ws.on('message', (data: Buffer) => {
    const text = data.toString();
    if (text.startsWith('42')) {
      const [event, payload] = JSON.parse(text.slice(2)) as [string, unknown];
      if (event === 'tickers') onTickers(payload as TickerRow[]);
    } else if (text === '2') ws.send('3');
    else if (text.startsWith('0')) ws.send('40');
    else if (text.startsWith('40')) {
      ws.send('42["subscribe",{"channels":["tickers"]}]');
      connected = true;
    }
  });
  ws.on('close', () => (connected = false));
  ws.on('error', () => (connected = false));
  return {
    get connected() {
      return connected;
    },
    close: () => ws.close(),
  };
}

async function clientsChild(origins: string[], n: number): Promise<void> {
  const histogram = new Array<number>(MAX_MS + 1).fill(0);
  let events = 0;
  let measuring = false;
  let cpu0 = process.cpuUsage();
  const onTickers = (batch: TickerRow[]) => {
    if (!measuring) return;
    const now = Date.now();
    events++;
    for (const t of batch) histogram[Math.min(MAX_MS, Math.max(0, now - t[2]))]++;
  };
  const open = CLIENT_KIND === 'ws' ? wsClient : socketIoClient;
  const clients: BenchClient[] = [];
  for (let i = 0; i < n; i++) {
    clients.push(open(origins[i % origins.length], onTickers));
    // a few at a time, as phones arrive
    if (i % 50 === 49) await sleep(50);
  }
  const deadline = Date.now() + 60_000 + n * 10;
  while (clients.some((c) => !c.connected) && Date.now() < deadline) await sleep(200);
  process.send?.({ ready: clients.filter((c) => c.connected).length });
  process.on('message', (m: { start?: boolean; report?: boolean }) => {
    if (m.start) {
      measuring = true;
      cpu0 = process.cpuUsage();
    }
    if (m.report) {
      measuring = false;
      const cpu = process.cpuUsage(cpu0);
      const report: ChildReport = {
        connected: clients.filter((c) => c.connected).length,
        events,
        histogram,
        cpuMs: (cpu.user + cpu.system) / 1000,
      };
      process.send?.(report);
      for (const c of clients) c.close();
      setTimeout(() => process.exit(0), 200);
    }
  });
}

// ───── the run ─────

function percentile(h: number[], total: number, p: number): number {
  let seen = 0;
  for (let ms = 0; ms < h.length; ms++) {
    seen += h[ms];
    if (seen >= (p / 100) * total) return ms;
  }
  return h.length - 1;
}

/** CPU seconds a process has used (Linux), NaN elsewhere */
function cpuSeconds(pid: number | undefined): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / CLK_TCK;
  } catch {
    return NaN;
  }
}

function forkClients(origins: string[], clients: number): ChildProcess[] {
  const n = childrenFor(clients);
  const per = Math.ceil(clients / n);
  const children: ChildProcess[] = [];
  for (let i = 0; i < n; i++) {
    children.push(
      fork(fileURLToPath(import.meta.url), [], {
        env: {
          ...process.env,
          FANOUT_CHILD: String(Math.min(per, clients - i * per)),
          FANOUT_ORIGINS: origins.join(','),
        },
        execArgv: ['--import', 'tsx'],
      }),
    );
  }
  return children;
}

async function measure(name: PhaseName, origins: string[], serverPids: number[], clients: number): Promise<Phase> {
  const children = forkClients(origins, clients);
  let ready = 0;
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve, reject) => {
          c.once('message', (m: { ready: number }) => {
            ready += m.ready;
            resolve();
          });
          c.once('exit', (code) => reject(new Error(`clients exited ${code}`)));
        }),
    ),
  );
  console.log(
    `[fanout] ${name}: ${ready}/${clients} clients in ${children.length} processes connected over ${origins.length} node(s); measuring ${DURATION_S} s…`,
  );
  await settle(2000); // past the snapshots
  const loadavg = os.loadavg().map((l) => round(l, 2));
  const serverCpu = () => serverPids.reduce((s, pid) => s + cpuSeconds(pid), 0);
  const cpu0 = serverCpu();
  const t0 = performance.now();
  for (const c of children) c.send({ start: true });
  await sleep(DURATION_S * 1000);
  const reports = await Promise.all(
    children.map(
      (c) =>
        new Promise<ChildReport>((resolve) => {
          c.once('message', (m: ChildReport) => resolve(m));
          c.send({ report: true });
        }),
    ),
  );
  const wallS = (performance.now() - t0) / 1000;
  const serversMsPerS = round(((serverCpu() - cpu0) * 1000) / wallS, 0);
  const histogram = new Array<number>(MAX_MS + 1).fill(0);
  let events = 0;
  let connected = 0;
  let clientCpuMs = 0;
  for (const r of reports) {
    events += r.events;
    connected += r.connected;
    clientCpuMs += r.cpuMs;
    r.histogram.forEach((v, i) => (histogram[i] += v));
  }
  const total = histogram.reduce((s, v) => s + v, 0);
  let max = 0;
  histogram.forEach((v, i) => v && (max = i));
  return {
    name,
    clientKind: CLIENT_KIND,
    nodes: origins.length,
    clients: connected,
    clientProcesses: children.length,
    eventsPerClientPerS: round(events / Math.max(1, connected) / DURATION_S, 2),
    delayMs: {
      p50: percentile(histogram, total, 50),
      p95: percentile(histogram, total, 95),
      p99: percentile(histogram, total, 99),
      max,
    },
    cpuMsPerS: { servers: serversMsPerS, clients: round(clientCpuMs / wallS, 0) },
    loadavg,
  };
}

const pids = (nodes: ClusterNode[]) => nodes.map((n) => n.child.pid ?? 0);

async function phase(name: PhaseName): Promise<Phase> {
  if (name === 'single' && process.env.BENCH_SERVER_ORIGIN) {
    // the smoke's one server (scripts/bench-smoke.ts) is a process with every role: spares a start
    const server = await startServer({ tickRate: 10, dataDir: '', extraSymbols: 0 });
    return await measure(name, [server.origin], [server.pid], CLIENTS);
  }
  // loaded here, not by the client processes (this same file), which need none of it
  const { spawnNode, startNode, waitReady } = await import('../server/scale/cluster-kit');
  const { freshDatabase } = await import('../server/testing/pg-template');
  const db = await freshDatabase(ADMIN_URL, 'fanout');
  const nodes: ClusterNode[] = [];
  const env = {
    DATABASE_URL: db.url,
    MARKET_FEED: 'simulator',
    TICK_RATE: '10',
    MARKET_BACKFILL: 'off',
    DB_POOL_MAX: '4',
    LOG_LEVEL: 'warn',
  };
  try {
    if (name === 'single') {
      nodes.push(await startNode({ name: 'single', roles: '', port: BASE_PORT, env }));
      return await measure(name, [nodes[0].base], pids(nodes), CLIENTS);
    }
    const cluster = { ...env, REDIS_URL, CLUSTER_NAME: `fan${randomBytes(3).toString('hex')}` };
    // the feed first: it migrates and seeds
    nodes.push(await startNode({ name: 'feed', roles: 'feed', port: BASE_PORT + 1, env: cluster }));
    const count = name === 'scale' ? API_NODES : 2;
    const apis = Array.from({ length: count }, (_, i) =>
      spawnNode({ name: `api-${i + 1}`, roles: 'api', port: BASE_PORT + 2 + i, env: cluster }),
    );
    nodes.push(...apis);
    await Promise.all(apis.map((n) => waitReady(n)));
    return await measure(
      name,
      apis.map((n) => n.base),
      pids(nodes),
      name === 'scale' ? SCALE_CLIENTS : CLIENTS,
    );
  } finally {
    for (const n of nodes.reverse()) await n.stop();
    await db.drop();
  }
}

function print(p: Phase): void {
  console.log(
    `[fanout] ${p.name.padEnd(7)} ${p.nodes} api node(s), ${p.clients} ${p.clientKind} clients: ${p.eventsPerClientPerS} snapshots/s per client; delivery p50/p95/p99/max ${p.delayMs.p50}/${p.delayMs.p95}/${p.delayMs.p99}/${p.delayMs.max} ms; CPU ms/s servers ${p.cpuMsPerS.servers}, clients ${p.cpuMsPerS.clients}; load ${p.loadavg.join(' ')}`,
  );
}

export interface FanoutResult {
  clients: number;
  durationS: number;
  single?: Phase;
  cluster?: Phase;
  scale?: Phase;
  ratio?: { delayP50: number; delayP99: number };
}

/** Runs PHASES, writes fanout.json (single and cluster) and fanout-scale.json (scale); returns them. */
export async function runFanoutBench(): Promise<FanoutResult> {
  console.log(`[fanout] phases ${PHASES.join(', ')}; ${CLIENT_KIND} clients; ${DURATION_S} s each, feed at 10 ticks/s`);
  const done: Partial<Record<PhaseName, Phase>> = {};
  const names = (['single', 'cluster', 'scale'] as const).filter((name) => PHASES.includes(name));
  // the smoke (BENCH_SMOKE=1), whose figures mean nothing, runs the phases side by side: their node
  // starts are most of its time; a measuring run keeps them apart (and scale's nodes take cluster's ports)
  if (process.env.BENCH_SMOKE === '1' && !names.includes('scale'))
    for (const p of await Promise.all(names.map((name) => phase(name)))) done[p.name] = p;
  else for (const name of names) done[name] = await phase(name);
  for (const p of Object.values(done)) print(p);
  const { single, cluster, scale } = done;
  const ratio =
    single && cluster
      ? {
          delayP50: round(cluster.delayMs.p50 / Math.max(1, single.delayMs.p50), 2),
          delayP99: round(cluster.delayMs.p99 / Math.max(1, single.delayMs.p99), 2),
        }
      : undefined;
  if (ratio) {
    console.log(`[fanout] cluster/single: delivery p50 ×${ratio.delayP50}, p99 ×${ratio.delayP99}`);
    writeJson('fanout.json', {
      machine: machineInfo(),
      clients: CLIENTS,
      durationS: DURATION_S,
      single,
      cluster,
      ratio,
    });
  }
  if (scale) writeJson('fanout-scale.json', { machine: machineInfo(), durationS: DURATION_S, scale });
  return { clients: CLIENTS, durationS: DURATION_S, single, cluster, scale, ratio };
}

// the client processes are this file (FANOUT_CHILD); run as a script, it is the bench
const entry = !!process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
const run = process.env.FANOUT_CHILD
  ? clientsChild((process.env.FANOUT_ORIGINS ?? '').split(','), Number(process.env.FANOUT_CHILD))
  : entry
    ? runFanoutBench()
    : null;
run?.catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
