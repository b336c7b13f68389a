/**
 * socket fan-out across two `api` nodes. 2,000 socket.io clients (in child processes of
 * their own, so their parsing does not delay the clock of the process that starts the servers)
 * subscribe to `tickers`, which a feed at TICK_RATE 10 turns into ~10 snapshots a second per
 * client. Each snapshot's delivery delay is the receive time − the tick's server time (one
 * machine, one clock). Two phases in the same run, on fresh databases of the PostgreSQL server:
 *   single   one process with every role, all clients on it (the single-process baseline);
 *   cluster  a `feed` process publishing once through Redis, clients spread over `api` A and B.
 * Prints both phases and the cluster/single ratios; figures land in bench/results/fanout.json.
 * Not part of the tests: `npx tsx bench/fanout.ts` (needs PostgreSQL at DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, and Redis at REDIS_URL, default 127.0.0.1:6379).
 *
 *   CLIENTS=2000 DURATION_S=20 BENCH_PORT=9280 npx tsx bench/fanout.ts
 *   BENCH_QUICK=1 npx tsx bench/fanout.ts          400 clients, 6 s
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { io as connect, type Socket } from 'socket.io-client';
import { spawnNode, startNode, waitReady, type ClusterNode } from '../server/scale/cluster-kit';
import { freshDatabase } from '../server/testing/pg-template';
import { machineInfo, round, sleep, writeJson } from './browser/harness';

const quick = process.env.BENCH_QUICK === '1';
const CLIENTS = Number(process.env.CLIENTS ?? (quick ? 400 : 2000));
const DURATION_S = Number(process.env.DURATION_S ?? (quick ? 6 : 20));
const CHILDREN = Number(process.env.CLIENT_PROCESSES ?? 2);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 9280);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** delay histogram: 1 ms buckets up to this, the rest in the last one */
const MAX_MS = 10_000;

interface ChildReport {
  connected: number;
  events: number;
  histogram: number[];
}

interface Phase {
  name: 'single' | 'cluster';
  nodes: number;
  clients: number;
  eventsPerClientPerS: number;
  delayMs: { p50: number; p95: number; p99: number; max: number };
}

// ───── the clients (child process) ─────

async function clientsChild(origins: string[], n: number): Promise<void> {
  const histogram = new Array<number>(MAX_MS + 1).fill(0);
  let events = 0;
  let measuring = false;
  const sockets: Socket[] = [];
  for (let i = 0; i < n; i++) {
    const s = connect(origins[i % origins.length], { transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(s);
    s.on('tickers', (batch: [string, number, number][]) => {
      if (!measuring) return;
      const now = Date.now();
      events++;
      for (const t of batch) histogram[Math.min(MAX_MS, Math.max(0, now - t[2]))]++;
    });
    s.on('connect', () => s.emit('subscribe', { channels: ['tickers'] }));
    // a few at a time, as phones arrive
    if (i % 50 === 49) await sleep(50);
  }
  const deadline = Date.now() + 60_000;
  while (sockets.some((s) => !s.connected) && Date.now() < deadline) await sleep(200);
  process.send?.({ ready: sockets.filter((s) => s.connected).length });
  process.on('message', (m: { start?: boolean; report?: boolean }) => {
    if (m.start) measuring = true;
    if (m.report) {
      measuring = false;
      const report: ChildReport = { connected: sockets.filter((s) => s.connected).length, events, histogram };
      process.send?.(report);
      for (const s of sockets) s.disconnect();
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

async function measure(name: Phase['name'], origins: string[]): Promise<Phase> {
  const per = Math.ceil(CLIENTS / CHILDREN);
  const children: ChildProcess[] = [];
  let ready = 0;
  for (let i = 0; i < CHILDREN; i++) {
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: {
        ...process.env,
        FANOUT_CHILD: String(Math.min(per, CLIENTS - i * per)),
        FANOUT_ORIGINS: origins.join(','),
      },
      execArgv: ['--import', 'tsx'],
    });
    children.push(child);
  }
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
    `[fanout] ${name}: ${ready}/${CLIENTS} clients connected over ${origins.length} node(s); measuring ${DURATION_S} s…`,
  );
  await sleep(2000); // past the snapshots
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
  const histogram = new Array<number>(MAX_MS + 1).fill(0);
  let events = 0;
  let connected = 0;
  for (const r of reports) {
    events += r.events;
    connected += r.connected;
    r.histogram.forEach((v, i) => (histogram[i] += v));
  }
  const total = histogram.reduce((s, v) => s + v, 0);
  let max = 0;
  histogram.forEach((v, i) => v && (max = i));
  return {
    name,
    nodes: origins.length,
    clients: connected,
    eventsPerClientPerS: round(events / Math.max(1, connected) / DURATION_S, 2),
    delayMs: {
      p50: percentile(histogram, total, 50),
      p95: percentile(histogram, total, 95),
      p99: percentile(histogram, total, 99),
      max,
    },
  };
}

async function phase(name: Phase['name']): Promise<Phase> {
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
      return await measure(name, [nodes[0].base]);
    }
    const cluster = { ...env, REDIS_URL, CLUSTER_NAME: `fan${randomBytes(3).toString('hex')}` };
    // the feed first: it migrates and seeds
    nodes.push(await startNode({ name: 'feed', roles: 'feed', port: BASE_PORT + 1, env: cluster }));
    const apis = [
      spawnNode({ name: 'api-a', roles: 'api', port: BASE_PORT + 2, env: cluster }),
      spawnNode({ name: 'api-b', roles: 'api', port: BASE_PORT + 3, env: cluster }),
    ];
    nodes.push(...apis);
    await Promise.all(apis.map((n) => waitReady(n)));
    return await measure(
      name,
      apis.map((n) => n.base),
    );
  } finally {
    for (const n of nodes.reverse()) await n.stop();
    await db.drop();
  }
}

async function main(): Promise<void> {
  console.log(`[fanout] ${CLIENTS} clients in ${CHILDREN} processes, ${DURATION_S} s per phase, feed at 10 ticks/s`);
  const single = await phase('single');
  const cluster = await phase('cluster');
  const ratio = {
    delayP50: round(cluster.delayMs.p50 / Math.max(1, single.delayMs.p50), 2),
    delayP99: round(cluster.delayMs.p99 / Math.max(1, single.delayMs.p99), 2),
  };
  for (const p of [single, cluster]) {
    console.log(
      `[fanout] ${p.name.padEnd(7)} ${p.nodes} api node(s), ${p.clients} clients: ${p.eventsPerClientPerS} snapshots/s per client; delivery p50/p95/p99/max ${p.delayMs.p50}/${p.delayMs.p95}/${p.delayMs.p99}/${p.delayMs.max} ms`,
    );
  }
  console.log(`[fanout] cluster/single: delivery p50 ×${ratio.delayP50}, p99 ×${ratio.delayP99}`);
  writeJson('fanout.json', { machine: machineInfo(), clients: CLIENTS, durationS: DURATION_S, single, cluster, ratio });
}

const run = process.env.FANOUT_CHILD
  ? clientsChild((process.env.FANOUT_ORIGINS ?? '').split(','), Number(process.env.FANOUT_CHILD))
  : main();
run.catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
