/**
 * Kill -9 mid-transfer, start again on the same DATA_DIR: every acknowledged transfer is there,
 * none is doubled, the books balance. Once killing the server's whole process group (its postgres,
 * in a group of its own, is not hit, and shuts itself down cleanly when its parent dies: no orphan),
 * once killing the server while a postgres it did not start (an earlier run's, or one started by
 * another process) serves the data directory: it lives on and is adopted.
 * Ends with a graceful SIGTERM that must stop the cluster.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterUrl, freePort, readRecord } from './record';
import { openCluster } from './cluster';
import { isPostgresAlive, readPostmasterPid, waitGone } from './postmaster';
import { loginDemo, spawnServer, transferUsdt, type SpawnedServer } from '../../testing/spawned-server';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-crash-'));
const clusterDir = path.join(dataDir, 'pg');
const acked = new Set<number>();
const servers: SpawnedServer[] = [];
const start = async (port: number): Promise<SpawnedServer> => {
  const s = await spawnServer({ dataDir, port });
  servers.push(s);
  return s;
};

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

/** Transfer loops until the server dies under them; returns once `before` transfers were acknowledged. */
async function loadThenKill(s: SpawnedServer, kill: () => void, before: number): Promise<void> {
  const token = await loginDemo(s.base);
  let n = 0;
  let killed = false;
  const loop = async (k: number) => {
    for (let i = 0; ; i++) {
      try {
        acked.add(await transferUsdt(s.base, token, `0.${k + 1}${i}`));
      } catch (err) {
        if (killed) return; // connection dropped by the kill: not acknowledged
        throw new Error(`transfer failed before the kill: ${(err as Error).message}`, { cause: err });
      }
      if (++n === before) {
        killed = true;
        kill();
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, (_, k) => loop(k)));
}

async function books(): Promise<{
  ids: number[];
  sum: number;
  lever: number;
  spot: number;
  journalPerTransfer: number[];
}> {
  const rec = readRecord(dataDir);
  if (!rec) throw new Error('no cluster record');
  const c = new pg.Client(clusterUrl(rec));
  await c.connect();
  try {
    const user = (await c.query<{ id: number }>("SELECT id FROM users WHERE email = 'demo.trader@example.com'")).rows[0]
      .id;
    const t = await c.query<{ id: number; amount: string }>(
      'SELECT id, amount FROM fund_transfers WHERE user_id = $1',
      [user],
    );
    const j = await c.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM fund_transfers f LEFT JOIN journal j ON j.ref_type = 'transfer' AND j.ref_id = f.id::text WHERE f.user_id = $1 GROUP BY f.id",
      [user],
    );
    const acc = await c.query<{ type: number; available: string }>(
      'SELECT type, available FROM accounts WHERE user_id = $1 AND currency_id = 4',
      [user],
    );
    const bal = (type: number) => Number(acc.rows.find((r) => r.type === type)?.available);
    return {
      ids: t.rows.map((r) => r.id),
      sum: t.rows.reduce((a, r) => a + Number(r.amount), 0),
      spot: bal(2),
      lever: bal(3),
      journalPerTransfer: j.rows.map((r) => r.n),
    };
  } finally {
    await c.end();
  }
}

async function expectBooksWhole(): Promise<void> {
  const b = await books();
  for (const id of acked) expect(b.ids).toContain(id);
  expect(new Set(b.ids).size).toBe(b.ids.length);
  expect(b.journalPerTransfer.every((n) => n === 2)).toBe(true); // one debit, one credit each
  expect(b.lever).toBeCloseTo(50_000 + b.sum, 6);
  expect(b.spot).toBeCloseTo(100_000 - b.sum, 6);
}

/** pg.log from a byte offset: what postgres said since then. */
const pgLogSince = (from: number): string => fs.readFileSync(path.join(dataDir, 'pg.log'), 'utf8').slice(from);
const pgLogSize = (): number => fs.statSync(path.join(dataDir, 'pg.log')).size;

describe.skipIf(!!process.env.DATABASE_URL)('embedded PostgreSQL after kill -9', () => {
  it('keeps every acknowledged transfer; leaves no orphan postgres, or adopts one that it did not start', async () => {
    const port = await freePort();
    // 1. kill the server's whole process group mid-transfer: its postgres (own group) shuts down
    //    cleanly by itself (parent-death signal), so nothing is left running and nothing needs recovery
    const first = await start(port);
    const firstPg = readPostmasterPid(clusterDir)?.pid ?? 0;
    const beforeKill = pgLogSize();
    await loadThenKill(first, () => process.kill(-(first.child.pid ?? 0), 'SIGKILL'), 30);
    await first.exited;
    expect(await waitGone(firstPg, 30_000)).toBe(true);
    expect(pgLogSince(beforeKill)).toMatch(/received fast shutdown request[\s\S]*database system is shut down/);

    const beforeSecond = pgLogSize();
    const second = await start(port);
    expect(second.output()).not.toContain('adopted');
    expect(pgLogSince(beforeSecond)).not.toMatch(/not properly shut down|automatic recovery in progress/);
    await expectBooksWhole();
    await stopGracefully(second);
    const before = acked.size;

    // 2. a postgres this server did not start is serving DATA_DIR: the server adopts it, and
    //    killing the server alone leaves it alive, to be adopted again
    const foreign = await openCluster({ dataDir });
    const orphan = readPostmasterPid(clusterDir)?.pid ?? 0;
    const third = await start(port);
    expect(third.output()).toContain('adopted');
    await loadThenKill(third, () => process.kill(third.appPid(), 'SIGKILL'), 30);
    await third.exited;
    expect(isPostgresAlive(orphan)).toBe(true);
    expect(acked.size).toBeGreaterThan(before);

    const fourth = await start(port);
    expect(fourth.output()).toContain('adopted');
    expect(readPostmasterPid(clusterDir)?.pid).toBe(orphan);
    await expectBooksWhole();
    await stopGracefully(fourth);
    expect(isPostgresAlive(orphan)).toBe(false); // graceful stop stopped the cluster, adopted or not
    expect(foreign.port).toBe(readRecord(dataDir)?.port);
  }, 600_000);
});

async function stopGracefully(s: SpawnedServer): Promise<void> {
  process.kill(s.appPid(), 'SIGTERM');
  expect(await s.exited).toBe(0);
  expect(fs.existsSync(path.join(clusterDir, 'postmaster.pid'))).toBe(false);
}
