/**
 * Ctrl-C on `npm start` (SIGINT) and a container stop (SIGTERM) signal the server's whole
 * process group. The embedded postgres must not take that signal itself (it would begin shutting
 * down while the server still flushes its last ticks): it runs in its own group and the server
 * stops it last. Checked from outside, as an operator would: every tick a socket client saw is
 * durable, the server logged no error and exited 0, postgres stopped once, cleanly, on our request,
 * and the next start needs no crash recovery.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './record';
import { openCluster } from './cluster';
import { isPostgresAlive, readPostmasterPid } from './postmaster';
import { spawnServer, type SpawnedServer } from '../../testing/spawned-server';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-group-stop-'));
const clusterDir = path.join(dataDir, 'pg');
const servers: SpawnedServer[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterAll(() => {
  for (const s of servers) {
    try {
      if (s.child.pid) process.kill(-s.child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  const pm = readPostmasterPid(clusterDir);
  if (pm && isPostgresAlive(pm.pid)) process.kill(pm.pid, 'SIGQUIT');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const pgLog = (): string => fs.readFileSync(path.join(dataDir, 'pg.log'), 'utf8');

/** The newest tick seq per symbol a socket client has seen (the wire's ticker rows: [symbol, seq, …]). */
async function watchTickers(base: string): Promise<{ seen: Map<string, number>; socket: Socket }> {
  const seen = new Map<string, number>();
  const socket = connect(base, { transports: ['websocket'], reconnection: false });
  socket.on('tickers', (rows: [string, number][]) => {
    for (const [symbol, seq] of rows) seen.set(symbol, Math.max(seen.get(symbol) ?? 0, seq));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  await socket.timeout(5000).emitWithAck('subscribe', { channels: ['tickers'] });
  return { seen, socket };
}

/** Starts the cluster again (as the next start would), reads the newest durable tick per symbol, stops it. */
async function restartAndReadTicks(): Promise<Map<string, number>> {
  const cluster = await openCluster({ dataDir });
  const c = new pg.Client(cluster.url());
  await c.connect();
  try {
    const rows = (
      await c.query<{ symbol: string; seq: string }>(
        'SELECT symbol, max(seq)::text AS seq FROM market_ticks GROUP BY symbol',
      )
    ).rows;
    return new Map(rows.map((r) => [r.symbol, Number(r.seq)]));
  } finally {
    await c.end();
    await cluster.stop();
  }
}

/** Runs the live feed, signals the server's whole process group, and checks what the operator would. */
async function stopGroup(signal: 'SIGTERM' | 'SIGINT', port: number): Promise<void> {
  const logFrom = fs.existsSync(path.join(dataDir, 'pg.log')) ? pgLog().length : 0;
  const s = await spawnServer({ dataDir, port, direct: true, env: { MARKET_FEED: 'simulator', TICK_RATE: '100' } });
  servers.push(s);
  const pgPid = readPostmasterPid(clusterDir)?.pid ?? 0;
  const { seen, socket } = await watchTickers(s.base);
  while (seen.size < 3) await sleep(50);
  await sleep(500);

  process.kill(-(s.child.pid ?? 0), signal); // the whole group, as a terminal or a container does
  expect(await s.exited).toBe(0);
  socket.disconnect();
  expect(s.output()).not.toMatch(/"level":(50|60)/); // no error while shutting down (pino: 50 error, 60 fatal)
  expect(isPostgresAlive(pgPid)).toBe(false); // stopped by the server, before it exited

  const said = pgLog().slice(logFrom);
  expect(said).not.toMatch(/smart shutdown request/); // the group's SIGTERM never reached postgres
  expect(said.match(/fast shutdown request/g)).toHaveLength(1); // our one request, at the end
  expect(said).toMatch(/database system is shut down\s*$/);

  // the next start finds a cleanly shut down cluster, and every tick a client saw
  const restartFrom = pgLog().length;
  const durable = await restartAndReadTicks();
  expect(pgLog().slice(restartFrom)).toMatch(/database system was shut down at/);
  expect(pgLog().slice(restartFrom)).not.toMatch(/not properly shut down|automatic recovery in progress/);
  for (const [symbol, seq] of seen)
    expect(durable.get(symbol) ?? 0, `${symbol}: last tick a client saw is durable`).toBeGreaterThanOrEqual(seq);
}

describe.skipIf(!!process.env.DATABASE_URL)('the whole process group stopped by a signal', () => {
  it('SIGTERM (container stop) and SIGINT (Ctrl-C): last ticks flushed, postgres stopped last and cleanly', async () => {
    const port = await freePort();
    await stopGroup('SIGTERM', port);
    await stopGroup('SIGINT', port);
  }, 600_000);
});
