/**
 * Kill -9 mid-transfer, start again on the same DATA_DIR: every acknowledged transfer is there,
 * none is doubled, the books balance. Once killing only the Node process (its postgres lives on
 * and is adopted), once killing the whole process group (postgres too: crash recovery).
 * Ends with a graceful SIGTERM that must stop the cluster.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterUrl, freePort, readRecord } from './record';
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

async function books(): Promise<{ ids: number[]; sum: number; lever: number; spot: number; journalPerTransfer: number[] }> {
  const rec = readRecord(dataDir);
  if (!rec) throw new Error('no cluster record');
  const c = new pg.Client(clusterUrl(rec));
  await c.connect();
  try {
    const user = (await c.query<{ id: number }>("SELECT id FROM users WHERE email = 'demo.trader@example.com'")).rows[0].id;
    const t = await c.query<{ id: number; amount: string }>('SELECT id, amount FROM fund_transfers WHERE user_id = $1', [user]);
    const j = await c.query<{ n: number }>("SELECT count(*)::int AS n FROM fund_transfers f LEFT JOIN journal j ON j.ref_type = 'transfer' AND j.ref_id = f.id::text WHERE f.user_id = $1 GROUP BY f.id", [user]);
    const acc = await c.query<{ type: number; available: string }>('SELECT type, available FROM accounts WHERE user_id = $1 AND currency_id = 4', [user]);
    const bal = (type: number) => Number(acc.rows.find((r) => r.type === type)?.available);
    return { ids: t.rows.map((r) => r.id), sum: t.rows.reduce((a, r) => a + Number(r.amount), 0), spot: bal(2), lever: bal(3), journalPerTransfer: j.rows.map((r) => r.n) };
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

describe.skipIf(!!process.env.DATABASE_URL)('embedded PostgreSQL after kill -9', () => {
  it('keeps every acknowledged transfer, adopting a live postgres or recovering a dead one', async () => {
    const port = await freePort();
    // 1. kill the whole process group mid-transfer: postgres dies with it, the next start recovers
    const first = await start(port);
    const firstPg = readPostmasterPid(clusterDir)?.pid ?? 0;
    await loadThenKill(first, () => process.kill(-(first.child.pid ?? 0), 'SIGKILL'), 30);
    await first.exited;
    expect(await waitGone(firstPg, 5000)).toBe(true);

    const second = await start(port);
    expect(second.output()).not.toContain('adopted');
    await expectBooksWhole();
    const before = acked.size;

    // 2. kill only the Node process mid-transfer: its postgres lives on and the next start adopts it
    await loadThenKill(second, () => process.kill(second.appPid(), 'SIGKILL'), 30);
    await second.exited;
    const orphan = readPostmasterPid(clusterDir)?.pid ?? 0;
    expect(isPostgresAlive(orphan)).toBe(true);
    expect(acked.size).toBeGreaterThan(before);

    const third = await start(port);
    expect(third.output()).toContain('adopted');
    expect(readPostmasterPid(clusterDir)?.pid).toBe(orphan);
    await expectBooksWhole();
    const pid = orphan;
    process.kill(third.appPid(), 'SIGTERM');
    expect(await third.exited).toBe(0);
    expect(isPostgresAlive(pid)).toBe(false); // graceful stop stopped the cluster
    expect(fs.existsSync(path.join(clusterDir, 'postmaster.pid'))).toBe(false);
  }, 600_000);
});
