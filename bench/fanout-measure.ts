/**
 * One fan-out phase's measuring (bench/fanout.ts): forks the client processes (bench/fanout-clients.ts),
 * waits for their waves to connect, measures DURATION_S between `start` and `stop`, and sums their
 * reports: delay percentiles, snapshots delivered against those the nodes sent, clients dropped or
 * lagging, and the CPU of every process (servers and clients) from /proc over the same window.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_MS, type ChildReady, type ChildReport, type ClientKind } from './fanout-clients';
import { round, settle, sleep } from './browser/harness';

/** Linux's clock ticks per second in /proc/<pid>/stat */
const CLK_TCK = 100;
const CLIENTS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fanout-clients.ts');

export type PhaseName = 'single' | 'cluster' | 'scale';

export interface Phase {
  name: PhaseName;
  clientKind: ClientKind;
  nodes: number;
  /** clients asked for, and connected when measuring started */
  clientsWanted: number;
  clients: number;
  clientProcesses: number;
  /** how long the waves took to connect every client, s */
  connectS: number;
  eventsPerClientPerS: number;
  delayMs: { p50: number; p95: number; p99: number; max: number };
  /** batches: Σ over clients of the batches their node sent in the window, and how many arrived */
  snapshots: { expected: number; delivered: number; deliveredPct: number };
  /** connected at the start, gone at the end */
  droppedClients: number;
  /** still connected but missed a batch */
  laggedClients: number;
  /** got a batch more than 1 s after its tick */
  lateClients: number;
  /** CPU while measuring, ms per second (1,000 = one core): servers, clients, and each process */
  cpuMsPerS: { servers: number; clients: number; byProcess: Record<string, number> };
  /** the 1/5/15-minute load average when measuring started and when it stopped */
  loadavg: number[];
  loadavgEnd: number[];
}

export interface MeasureSpec {
  name: PhaseName;
  kind: ClientKind;
  origins: string[];
  /** the server processes by name (`single`, `feed`, `api-1`…) */
  servers: Record<string, number>;
  clients: number;
  processes: number;
  durationS: number;
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

function percentile(h: number[], total: number, p: number): number {
  let seen = 0;
  for (let ms = 0; ms < h.length; ms++) {
    seen += h[ms];
    if (seen >= (p / 100) * total) return ms;
  }
  return h.length - 1;
}

function forkClients(s: MeasureSpec): ChildProcess[] {
  const per = Math.ceil(s.clients / s.processes);
  return Array.from({ length: s.processes }, (_, i) =>
    fork(CLIENTS_FILE, [], {
      env: {
        ...process.env,
        FANOUT_CHILD: String(Math.max(0, Math.min(per, s.clients - i * per))),
        FANOUT_ORIGINS: s.origins.join(','),
        FANOUT_KIND: s.kind,
        FANOUT_OFFSET: String(i * per),
      },
      execArgv: ['--import', 'tsx'],
    }),
  );
}

const next = <T>(c: ChildProcess) =>
  new Promise<T>((resolve, reject) => {
    c.once('message', (m) => resolve(m as T));
    c.once('exit', (code) => reject(new Error(`fan-out clients exited ${code}`)));
  });

/** each process's CPU seconds now, by name */
function cpuNow(procs: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(procs).map(([name, pid]) => [name, cpuSeconds(pid)]));
}

export async function measure(s: MeasureSpec): Promise<Phase> {
  const children = forkClients(s);
  try {
    const ready = await Promise.all(children.map((c) => next<ChildReady>(c)));
    const connected = ready.reduce((n, r) => n + r.ready, 0);
    const connectS = round(Math.max(...ready.map((r) => r.connectMs)) / 1000, 1);
    console.log(
      `[fanout] ${s.name}: ${connected}/${s.clients} ${s.kind} clients in ${children.length} processes connected over ${s.origins.length} node(s) in ${connectS} s; measuring ${s.durationS} s…`,
    );
    await settle(2000); // past the subscribe snapshots
    const procs: Record<string, number> = { ...s.servers };
    children.forEach((c, i) => (procs[`clients-${i + 1}`] = c.pid ?? 0));
    // the window opens a second ahead, so every process holds its start before the first batch in it
    const start = Date.now() + 1000;
    for (const c of children) c.send({ start });
    await sleep(start - Date.now());
    const loadavg = os.loadavg().map((l) => round(l, 2));
    const cpu0 = cpuNow(procs);
    const t0 = performance.now();
    await sleep(s.durationS * 1000);
    const stop = Date.now();
    for (const c of children) c.send({ stop });
    const wallS = (performance.now() - t0) / 1000;
    const cpu1 = cpuNow(procs);
    const loadavgEnd = os.loadavg().map((l) => round(l, 2));
    const reports = await Promise.all(children.map((c) => next<ChildReport>(c)));
    const byProcess = Object.fromEntries(
      Object.keys(procs).map((k) => [k, round(((cpu1[k] - cpu0[k]) * 1000) / wallS, 0)]),
    );
    const sum = (pick: (k: string) => boolean) =>
      Object.entries(byProcess).reduce((t, [k, v]) => (pick(k) ? t + v : t), 0);
    return {
      ...summarize(s, reports, connectS),
      cpuMsPerS: { servers: sum((k) => k in s.servers), clients: sum((k) => k.startsWith('clients-')), byProcess },
      loadavg,
      loadavgEnd,
    };
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill();
  }
}

function summarize(
  s: MeasureSpec,
  reports: ChildReport[],
  connectS: number,
): Omit<Phase, 'cpuMsPerS' | 'loadavg' | 'loadavgEnd'> {
  const histogram = new Array<number>(MAX_MS + 1).fill(0);
  const keys = s.origins.map(() => new Set<string>());
  let events = 0;
  for (const r of reports) {
    events += r.events;
    r.histogram.forEach((v, i) => (histogram[i] += v));
    r.keys.forEach((ks, o) => ks.forEach((k) => keys[o].add(k)));
  }
  const clients = reports.flatMap((r) => r.clients);
  let expected = 0;
  let dropped = 0;
  let lagged = 0;
  let late = 0;
  for (const [origin, received, lateN, still] of clients) {
    expected += keys[origin].size;
    if (!still) dropped++;
    else if (received < keys[origin].size) lagged++;
    if (lateN > 0) late++;
  }
  const total = histogram.reduce((t, v) => t + v, 0);
  let max = 0;
  histogram.forEach((v, i) => v && (max = i));
  const connected = clients.length;
  return {
    name: s.name,
    clientKind: s.kind,
    nodes: s.origins.length,
    clientsWanted: s.clients,
    clients: connected,
    clientProcesses: reports.length,
    connectS,
    eventsPerClientPerS: round(events / Math.max(1, connected) / s.durationS, 2),
    delayMs: {
      p50: percentile(histogram, total, 50),
      p95: percentile(histogram, total, 95),
      p99: percentile(histogram, total, 99),
      max,
    },
    snapshots: { expected, delivered: events, deliveredPct: round((100 * events) / Math.max(1, expected), 2) },
    droppedClients: dropped,
    laggedClients: lagged,
    lateClients: late,
  };
}
