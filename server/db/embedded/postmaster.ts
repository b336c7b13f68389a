/**
 * Reading a cluster's state from outside: postmaster.pid (PostgreSQL's own lock file: pid, data
 * dir, start time, port, …, status), whether that process is alive, and whether it answers.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export interface Postmaster {
  pid: number;
  port: number;
  /** 'ready', 'starting', 'stopping' … (line 8; absent on very old servers) */
  status: string;
}

export function readPostmasterPid(clusterDir: string): Postmaster | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return { pid, port: Number(lines[3]), status: (lines[7] ?? '').trim() };
}

/** Alive and a postgres process (a pid reused after a reboot by something else does not count). */
export function isPostgresAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return true; // no /proc (macOS): trust kill(0)
  }
}

/** One connection attempt; resolves to the error's text, or undefined when it answered. */
export async function tryConnect(url: string, timeoutMs = 2000): Promise<string | undefined> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  c.on('error', () => undefined);
  try {
    await c.connect();
    await c.query('SELECT 1');
    return undefined;
  } catch (err) {
    return (err as Error).message || String(err);
  } finally {
    await c.end().catch(() => undefined);
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Waits until the process is gone; false on timeout. */
export async function waitGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isPostgresAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}
