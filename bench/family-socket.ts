/**
 * Issue 26: do the family's socket clients slow our own channels? The real server (simulator feed)
 * with one client subscribed as our market worker is (`tickers`, `depth:BTC/USDT`,
 * `kline:BTC/USDT:1min`); per `tickers` event it records the gap since the previous event and each
 * update's delivery delay (receive time − the tick's server time, one machine so one clock). Phase A
 * runs alone; phase B with 50 family clients attached (`login` + `watch BTC/USDT 1min`, consuming
 * daymarket, market_depth and kline, in a child process of their own). Prints both phases and the
 * B/A ratios; figures land in bench/results/family-socket.json. Not part of the tests.
 *
 *   npx tsx bench/family-socket.ts                  20 s per phase at 2,000 ticks/s
 *   BENCH_QUICK=1 npx tsx bench/family-socket.ts    6 s per phase
 *   FAMILY_CLIENTS=50 TICK_RATE=5000 DURATION_S=30 npx tsx bench/family-socket.ts
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connect, type Socket } from 'socket.io-client';
import { machineInfo, round, sleep, startServer, writeJson } from './browser/harness';

const quick = process.env.BENCH_QUICK === '1';
const durationS = Number(process.env.DURATION_S ?? (quick ? 6 : 20));
const tickRate = Number(process.env.TICK_RATE ?? 2000);
const familyClients = Number(process.env.FAMILY_CLIENTS ?? 50);

interface Phase {
  family: number;
  events: number;
  updates: number;
  gapMs: { p50: number; p95: number; p99: number; max: number };
  delayMs: { p50: number; p95: number; p99: number; max: number };
  familyEvents: number;
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const stats = (xs: number[]) => ({ p50: round(pct(xs, 50), 1), p95: round(pct(xs, 95), 1), p99: round(pct(xs, 99), 1), max: round(Math.max(...xs), 1) });

async function open(origin: string): Promise<Socket> {
  const c = connect(origin, { transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve());
    c.once('connect_error', reject);
  });
  return c;
}

/** The family clients, in a child process of their own so their parsing does not delay our client's clock. */
async function familyChild(origin: string, n: number): Promise<void> {
  let events = 0;
  for (let i = 0; i < n; i++) {
    const c = await open(origin);
    for (const e of ['daymarket', 'market_depth', 'kline']) c.on(e, () => events++);
    await c.timeout(5000).emitWithAck('login', String(1000 + i));
    await c.timeout(5000).emitWithAck('watch', { symbol: 'BTC/USDT', period: '1min' });
  }
  process.send?.({ ready: true });
  process.on('message', (m: { report?: boolean }) => {
    if (m.report) process.send?.({ events });
  });
}

async function phase(origin: string, family: number): Promise<Phase> {
  let child: ChildProcess | undefined;
  if (family) {
    child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, FAMILY_CHILD: String(family), FAMILY_ORIGIN: origin }, execArgv: ['--import', 'tsx'] });
    await new Promise<void>((resolve, reject) => {
      child!.once('message', () => resolve());
      child!.once('exit', (code) => reject(new Error(`family clients exited ${code}`)));
    });
  }
  const ours = await open(origin);
  await ours.timeout(5000).emitWithAck('subscribe', { channels: ['tickers', 'depth:BTC/USDT', 'kline:BTC/USDT:1min'] });
  await sleep(1000); // past the snapshots
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
  await sleep(durationS * 1000);
  ours.disconnect();
  let familyEvents = 0;
  if (child) {
    child.send({ report: true });
    familyEvents = await new Promise<number>((resolve) => child!.once('message', (m: { events: number }) => resolve(m.events)));
    child.kill();
  }
  return { family, events, updates: delays.length, gapMs: stats(gaps), delayMs: stats(delays), familyEvents };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-family-'));
  process.env.MARKET_BACKFILL = 'off';
  console.log(`[family] server at ${tickRate} ticks/s, ${durationS} s per phase, ${familyClients} family clients in phase B…`);
  const server = await startServer({ tickRate, dataDir, extraSymbols: 0 });
  try {
    await sleep(2000);
    const a = await phase(server.origin, 0);
    const b = await phase(server.origin, familyClients);
    const ratio = { gapP95: round(b.gapMs.p95 / a.gapMs.p95, 2), delayP50: round(b.delayMs.p50 / a.delayMs.p50, 2), delayP95: round(b.delayMs.p95 / a.delayMs.p95, 2), delayP99: round(b.delayMs.p99 / a.delayMs.p99, 2) };
    for (const p of [a, b]) {
      console.log(
        `[family] ${String(p.family).padStart(2)} family clients: ${p.events} tickers events (${p.updates} updates); gap p50/p95/p99/max ${p.gapMs.p50}/${p.gapMs.p95}/${p.gapMs.p99}/${p.gapMs.max} ms; delay p50/p95/p99/max ${p.delayMs.p50}/${p.delayMs.p95}/${p.delayMs.p99}/${p.delayMs.max} ms; family events received (all clients) ${p.familyEvents}`,
      );
    }
    console.log(`[family] ratio with/without: gap p95 ×${ratio.gapP95}, delay p50 ×${ratio.delayP50}, delay p95 ×${ratio.delayP95}, delay p99 ×${ratio.delayP99}`);
    writeJson('family-socket.json', { machine: machineInfo(), tickRate, durationS, familyClients, without: a, with: b, ratio });
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const run = process.env.FAMILY_CHILD ? familyChild(process.env.FAMILY_ORIGIN ?? '', Number(process.env.FAMILY_CHILD)) : main();
run.catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
