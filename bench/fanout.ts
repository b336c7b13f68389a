/**
 * socket fan-out across `api` nodes. socket.io clients (in child processes of their own,
 * bench/fanout-clients.ts, so their parsing does not delay the clock of the process that starts the
 * servers) subscribe to `tickers`, which a feed at TICK_RATE 10 turns into ~10 snapshots a second per
 * client. Each snapshot's delivery delay is the receive time − the tick's server time (one machine,
 * one clock). Phases, each on a fresh database of the PostgreSQL server:
 *   single   one process with every role, CLIENTS clients on it (the single-process baseline);
 *   cluster  a `feed` process publishing once through Redis, CLIENTS clients spread over `api` A and B;
 *   scale    the cluster with SCALE_CLIENTS clients (10,000) over API_NODES api nodes (default 2), bare
 *            WebSocket clients (SCALE_CLIENT_KIND, default `ws`) in one process per 2,500, connecting
 *            in waves (FANOUT_WAVE per process, default 250).
 * `single` and `cluster` (the default PHASES) land in bench/results/fanout.json with their ratios,
 * `scale` in fanout-scale.json. Each phase reports the snapshots delivered against those its nodes
 * sent, clients dropped or lagging, the CPU of every process (ms per second: 1,000 is one core) and
 * the load average: on a shared 2-core machine the clients' share says how much of a delay is the
 * bench's own receiving. CLIENT_KIND=ws swaps socket.io-client (what our worker runs) in the first
 * two phases for the bare WebSocket client.
 * Not part of the tests: `npx tsx bench/fanout.ts` (needs PostgreSQL at DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, and Redis at REDIS_URL, default 127.0.0.1:6379), or
 * `npm run bench -- --only=fanout` (runFanoutBench: the two phases, then scale). FANOUT_PORT (else
 * BENCH_PORT): the first of the nodes' ports (scale's from +4).
 *
 *   CLIENTS=2000 DURATION_S=20 BENCH_PORT=9280 npx tsx bench/fanout.ts
 *   npx tsx bench/fanout.ts --clients=10000 --cluster-only     the scale phase alone
 *   BENCH_QUICK=1 npx tsx bench/fanout.ts          400 clients, 6 s
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClusterNode } from '../server/scale/cluster-kit';
import { machineInfo, round, startServer, writeJson } from './browser/harness';
import type { ClientKind } from './fanout-clients';
import { measure, type Phase, type PhaseName } from './fanout-measure';

export type { Phase } from './fanout-measure';

const quick = process.env.BENCH_QUICK === '1';
const flag = (name: string) => process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`))?.split('=')[1];
const clusterOnly = flag('cluster-only') !== undefined || process.argv.includes('--cluster-only');
const CLIENTS = Number((!clusterOnly && flag('clients')) || process.env.CLIENTS || (quick ? 400 : 2000));
const API_NODES = Number(process.env.API_NODES ?? 2);
const PHASES = clusterOnly ? ['scale'] : (process.env.PHASES ?? 'single,cluster').split(',').map((p) => p.trim());
const kindOf = (v: string | undefined, def: ClientKind): ClientKind =>
  v === 'ws' ? 'ws' : v === 'socket.io' ? 'socket.io' : def;
/** `socket.io` (socket.io-client, what our worker runs) or `ws` (a bare WebSocket: fanout-clients.ts) */
const CLIENT_KIND = kindOf(process.env.CLIENT_KIND, 'socket.io');
const SCALE_CLIENT_KIND = kindOf(process.env.SCALE_CLIENT_KIND, 'ws');
const DURATION_S = Number(process.env.DURATION_S ?? (quick ? 6 : 20));
/** client processes: 2 by default, one per 2,500 clients beyond that (10,000 → 4) */
const childrenFor = (clients: number) => Number(process.env.CLIENT_PROCESSES ?? Math.max(2, Math.ceil(clients / 2500)));
const BASE_PORT = Number(process.env.FANOUT_PORT ?? process.env.BENCH_PORT ?? 9280);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface FanoutOptions {
  phases?: PhaseName[];
  /** the scale phase's clients (default SCALE_CLIENTS, or --clients with --cluster-only, else 10,000) */
  scaleClients?: number;
}

const scaleClientsDefault = () =>
  Number((clusterOnly && flag('clients')) || process.env.SCALE_CLIENTS || (quick ? 2000 : 10_000));

const pids = (nodes: ClusterNode[]) => Object.fromEntries(nodes.map((n) => [n.spec.name, n.child.pid ?? 0]));

/** the measuring of one phase on these servers */
function spec(name: PhaseName, origins: string[], servers: Record<string, number>, scaleClients: number) {
  const clients = name === 'scale' ? scaleClients : CLIENTS;
  return {
    name,
    kind: name === 'scale' ? SCALE_CLIENT_KIND : CLIENT_KIND,
    origins,
    servers,
    clients,
    processes: childrenFor(clients),
    durationS: DURATION_S,
  };
}

async function phase(name: PhaseName, scaleClients: number): Promise<Phase> {
  if (name === 'single' && process.env.BENCH_SERVER_ORIGIN) {
    // the smoke's one server (scripts/bench-smoke.ts) is a process with every role: spares a start
    const server = await startServer({ tickRate: 10, dataDir: '', extraSymbols: 0 });
    return await measure(spec(name, [server.origin], { single: server.pid }, scaleClients));
  }
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
      return await measure(spec(name, [nodes[0].base], pids(nodes), scaleClients));
    }
    const cluster = { ...env, REDIS_URL, CLUSTER_NAME: `fan${randomBytes(3).toString('hex')}` };
    // scale's nodes on ports of their own, so the smoke can run it beside cluster
    const port = BASE_PORT + (name === 'scale' ? 4 : 1);
    // the feed first: it migrates and seeds
    nodes.push(await startNode({ name: 'feed', roles: 'feed', port, env: cluster }));
    const count = name === 'scale' ? API_NODES : 2;
    const apis = Array.from({ length: count }, (_, i) =>
      spawnNode({ name: `api-${i + 1}`, roles: 'api', port: port + 1 + i, env: cluster }),
    );
    nodes.push(...apis);
    await Promise.all(apis.map((n) => waitReady(n)));
    return await measure(
      spec(
        name,
        apis.map((n) => n.base),
        pids(nodes),
        scaleClients,
      ),
    );
  } finally {
    for (const n of nodes.reverse()) await n.stop();
    await db.drop();
  }
}

function print(p: Phase): void {
  const cpu = Object.entries(p.cpuMsPerS.byProcess)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  console.log(
    `[fanout] ${p.name.padEnd(7)} ${p.nodes} api node(s), ${p.clients}/${p.clientsWanted} ${p.clientKind} clients (connected in ${p.connectS} s): ${p.eventsPerClientPerS} snapshots/s per client; delivery p50/p95/p99/max ${p.delayMs.p50}/${p.delayMs.p95}/${p.delayMs.p99}/${p.delayMs.max} ms; snapshots ${p.snapshots.delivered}/${p.snapshots.expected} (${p.snapshots.deliveredPct} %); clients dropped ${p.droppedClients}, lagged ${p.laggedClients}, late > 1 s ${p.lateClients}; CPU ms/s servers ${p.cpuMsPerS.servers}, clients ${p.cpuMsPerS.clients} (${cpu}); load ${p.loadavg.join(' ')} → ${p.loadavgEnd.join(' ')}`,
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

/** Runs the phases (PHASES, or opts.phases), writes fanout.json (single and cluster) and fanout-scale.json (scale). */
export async function runFanoutBench(opts: FanoutOptions = {}): Promise<FanoutResult> {
  const names = (['single', 'cluster', 'scale'] as const).filter((n) => (opts.phases ?? PHASES).includes(n));
  const scaleClients = opts.scaleClients ?? scaleClientsDefault();
  console.log(`[fanout] phases ${names.join(', ')}; ${DURATION_S} s each, feed at 10 ticks/s`);
  const done: Partial<Record<PhaseName, Phase>> = {};
  // the smoke (BENCH_SMOKE=1), whose figures mean nothing, runs the phases side by side: their node
  // starts are most of its time; a measuring run keeps them apart
  if (process.env.BENCH_SMOKE === '1')
    for (const p of await Promise.all(names.map((n) => phase(n, scaleClients)))) done[p.name] = p;
  else for (const n of names) done[n] = await phase(n, scaleClients);
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

const entry = !!process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (entry)
  runFanoutBench().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
