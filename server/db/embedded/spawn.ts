/**
 * Starts `postgres` on a cluster directory and waits until it accepts connections (or exits).
 * TCP on 127.0.0.1 only: no Unix socket, so two clusters never fight over /var/run/postgresql.
 * Its output is appended to a log file (not a pipe to us, which would break when we die).
 *
 * Postgres gets its own process group: Ctrl-C in a terminal or a container stop signals
 * the whole group, and postgres would start shutting down (SIGINT: at once) while our server still
 * flushes its last ticks and finishes requests. Detached, it stops only when we stop it, last.
 * So that a detached postgres does not outlive us when we die without stopping it (kill -9, or
 * the shutdown's hard timeout), it is started through util-linux `setpriv --pdeathsig SIGINT`:
 * the kernel sends it a fast shutdown the moment our process is gone. Where setpriv is missing
 * (macOS) a postgres left running is adopted by the next start (cluster.ts) instead.
 */
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import type { PgBinaries } from './binaries';
import type { RunAs } from './os-user';
import { sleep, tryConnect } from './postmaster';

export interface SpawnOptions {
  bin: PgBinaries;
  clusterDir: string;
  port: number;
  runAs: RunAs;
  logPath: string;
  settings: Record<string, string>;
  url: string;
  timeoutMs: number;
  /** fast shutdown when this process dies (Linux parent-death signal); false leaves it for adoption */
  dieWithParent: boolean;
}

const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => fs.existsSync(p));

/** The command that runs postgres: through setpriv's parent-death signal where we can. */
function command(o: SpawnOptions, args: string[]): [string, string[]] {
  if (o.dieWithParent && SETPRIV) return [SETPRIV, ['--pdeathsig', 'SIGINT', '--', o.bin.postgres, ...args]];
  return [o.bin.postgres, args];
}

export async function spawnPostgres(o: SpawnOptions): Promise<'ready' | 'port-in-use'> {
  const logStart = fs.existsSync(o.logPath) ? fs.statSync(o.logPath).size : 0;
  const fd = fs.openSync(o.logPath, 'a', 0o600);
  const settings = { listen_addresses: '127.0.0.1', unix_socket_directories: '', ...o.settings };
  const args = [
    '-D',
    o.clusterDir,
    '-p',
    String(o.port),
    ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
  ];
  const [cmd, argv] = command(o, args);
  const child = spawn(cmd, argv, {
    ...o.runAs,
    detached: true,
    stdio: ['ignore', fd, fd],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  fs.closeSync(fd);
  child.unref();
  let exited: string | undefined;
  child.on('exit', (code, signal) => (exited = signal ?? `exit ${code}`));
  child.on('error', (err) => (exited = err.message));
  const deadline = Date.now() + o.timeoutMs;
  for (;;) {
    if (exited !== undefined) {
      const tail = logTail(o.logPath, logStart);
      if (/Address already in use|could not create any TCP\/IP sockets/.test(tail)) return 'port-in-use';
      throw new Error(`embedded PostgreSQL did not start (${exited}); ${o.logPath}: ${tail}`);
    }
    if ((await tryConnect(o.url, 1000)) === undefined) return 'ready';
    if (Date.now() > deadline) {
      child.kill('SIGQUIT');
      throw new Error(
        `embedded PostgreSQL did not accept connections within ${o.timeoutMs} ms; ${o.logPath}: ${logTail(o.logPath, logStart)}`,
      );
    }
    await sleep(50);
  }
}

function logTail(file: string, from: number): string {
  try {
    const text = fs.readFileSync(file, 'utf8').slice(from);
    return text.trim().split('\n').slice(-6).join(' | ');
  } catch {
    return '(no log)';
  }
}
