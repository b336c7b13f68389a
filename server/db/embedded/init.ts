/**
 * Creates a cluster in DATA_DIR/pg with initdb: password auth for the `postgres` role, a free port,
 * both recorded in DATA_DIR. initdb writes into a scratch directory that is renamed into place only
 * when it succeeded, so a start killed mid-initdb leaves nothing half made.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { PgBinaries } from './binaries';
import type { RunAs } from './os-user';
import { freePort, newPassword, writeRecord, type ClusterRecord } from './record';

export async function initCluster(
  bin: PgBinaries,
  dataDir: string,
  clusterDir: string,
  runAs: RunAs,
): Promise<ClusterRecord> {
  const scratch = `${clusterDir}.init`;
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { mode: 0o700 });
  const record = { port: await freePort(), password: newPassword() };
  const pwfile = path.join(dataDir, `.pg-pw-${process.pid}`);
  fs.writeFileSync(pwfile, record.password + '\n', { mode: 0o600 });
  if (runAs.uid !== undefined) {
    fs.chownSync(scratch, runAs.uid, runAs.gid ?? runAs.uid);
    fs.chownSync(pwfile, runAs.uid, runAs.gid ?? runAs.uid);
  }
  try {
    writeRecord(dataDir, record);
    await runInitdb(
      bin.initdb,
      [
        '-D',
        scratch,
        '--username=postgres',
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
      ],
      runAs,
    );
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
  fs.renameSync(scratch, clusterDir);
  return record;
}

function runInitdb(initdb: string, args: string[], runAs: RunAs): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(initdb, args, {
      ...runAs,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `embedded PostgreSQL: initdb failed (${signal ?? `exit ${code}`}): ${out.trim().split('\n').slice(-5).join(' | ')}`,
          ),
        );
    });
  });
}
