/**
 * What the data directory remembers about its cluster: the TCP port (picked free at creation, so
 * instances with different DATA_DIRs run side by side) and the password of the `postgres` role.
 * Readable by the owner only; the operator CLI reads it to reach a running server's cluster.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export interface ClusterRecord {
  port: number;
  password: string;
}

const recordPath = (dataDir: string): string => path.join(dataDir, 'embedded-pg.json');

export function readRecord(dataDir: string): ClusterRecord | undefined {
  let text: string;
  try {
    text = fs.readFileSync(recordPath(dataDir), 'utf8');
  } catch {
    return undefined;
  }
  const r = JSON.parse(text) as Partial<ClusterRecord>;
  if (!Number.isInteger(r.port) || typeof r.password !== 'string') throw new Error(`${recordPath(dataDir)} is damaged`);
  return { port: r.port as number, password: r.password };
}

export function writeRecord(dataDir: string, r: ClusterRecord): void {
  const tmp = `${recordPath(dataDir)}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(r) + '\n', { mode: 0o600 });
  fs.renameSync(tmp, recordPath(dataDir));
}

export function newPassword(): string {
  return randomBytes(18).toString('base64url');
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

export function clusterUrl(r: ClusterRecord, database = 'postgres'): string {
  return `postgres://postgres:${encodeURIComponent(r.password)}@127.0.0.1:${r.port}/${database}`;
}
