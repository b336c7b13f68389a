import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_OUTBOX_SECRET } from './dev-outbox';
import { pgTemplateEnv } from './pg-template';

/**
 * A journey that needs a server of its own (a fresh data dir, the demo users, an operator created
 * from the CLI before start) gets one on its own port. Another process answering on that port
 * would be tested instead of ours, so a taken port is an error.
 */
export interface OwnServer {
  base: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** stops it (SIGTERM: a graceful stop, as a deploy does; SIGKILL: a crash); removes the data dir unless `keepData` */
  stop(opts?: { keepData?: boolean; signal?: 'SIGTERM' | 'SIGKILL' }): Promise<void>;
  /** starts it again on the same data dir and port (after `stop({ keepData: true })`) */
  restart(): Promise<void>;
}

export interface OwnServerOptions {
  port: number;
  /** prefix of the temp data dir */
  name: string;
  env?: Record<string, string>;
  /** runs with the server's env before it starts (e.g. the operator CLI on the same data dir) */
  beforeStart?: (env: NodeJS.ProcessEnv) => void;
  timeoutMs?: number;
}

/**
 * A TypeScript entry point run as `node --import tsx <script>`: `npx tsx` starts npm and then a
 * second node (2-3 s more per call on a loaded 2-core runner, paid at every server start, stop's
 * verify and operator CLI call). Node leads the process group itself, so a signal to the group
 * reaches the server directly.
 */
export function tsxCommand(script: string, ...args: string[]): [string, string[]] {
  return [process.execPath, ['--import', 'tsx', script, ...args]];
}

const answers = (base: string) =>
  fetch(`${base}/api/getSiteConfig`).then(
    (r) => r.ok,
    () => false,
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (t0: number) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

export async function startOwnServer(opts: OwnServerOptions): Promise<OwnServer> {
  const base = `http://127.0.0.1:${opts.port}`;
  if (await answers(base)) throw new Error(`port ${opts.port} is already in use`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${opts.name}-e2e-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(opts.port),
    TICK_RATE: '20',
    WALLET_GATE: 'off',
    LOG_LEVEL: 'warn',
    DEV_OUTBOX_SECRET: E2E_OUTBOX_SECRET,
    // a journey may sign the same demo user in more than the default 10 times
    SESSIONS_PER_USER: '1000',
    // a copy of the migrated template instead of initdb + migrations (seeds still run at this start)
    ...pgTemplateEnv(),
    ...opts.env,
  };
  opts.beforeStart?.(env);
  let child = await spawnServer(opts.name, base, env, opts.timeoutMs);
  return {
    base,
    dataDir,
    env,
    async stop({ keepData = false, signal = 'SIGTERM' } = {}) {
      await stopServer(child, base, signal);
      if (!keepData && process.env.E2E_VERIFY === 'on') {
        const t0 = Date.now();
        verifyOutcomes(opts.name, env);
        console.log(`[e2e] ${opts.name}: verify took ${seconds(t0)}`);
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async restart() {
      if (child.exitCode === null && child.signalCode === null)
        throw new Error(`${opts.name} e2e server is still running`);
      child = await spawnServer(opts.name, base, env, opts.timeoutMs);
    },
  };
}

/**
 * `npm test` sets E2E_VERIFY=on: before a spec's own database goes, every outcome its journeys
 * settled is recomputed by `npm run verify`, which starts and stops the embedded cluster
 * in the data dir itself; a difference fails the spec.
 */
function verifyOutcomes(name: string, env: NodeJS.ProcessEnv): void {
  const r = spawnSync(...tsxCommand('server/verify/cli.ts'), { env, stdio: 'inherit' });
  if (r.status !== 0)
    throw new Error(`${name} e2e server: npm run verify found outcomes that differ (exit ${r.status})`);
}

async function spawnServer(
  name: string,
  base: string,
  env: NodeJS.ProcessEnv,
  timeoutMs = 200_000,
): Promise<ChildProcess> {
  const t0 = Date.now();
  // its own process group, so stop() ends exactly this server and its children
  const child: ChildProcess = spawn(...tsxCommand('server/main.ts'), { env, stdio: 'inherit', detached: true });
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(base))) {
    if (child.exitCode !== null) throw new Error(`${name} e2e server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${name} e2e server did not start`);
    // a probe is one local request: asked often, the spec starts as soon as the server answers
    await sleep(100);
  }
  // where a run's time goes (a server start is most of a short spec's)
  console.log(`[e2e] ${name}: server up in ${seconds(t0)}`);
  return child;
}

async function stopServer(child: ChildProcess, base: string, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  if (!child.pid || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
  for (let i = 0; i < 40 && (await answers(base)); i++) await sleep(250);
  // the server stops its embedded PostgreSQL before it exits: wait, then its files may be removed or reused
  await new Promise<void>((r) => {
    if (child.exitCode !== null || child.signalCode !== null) return r();
    child.once('exit', () => r());
    setTimeout(r, 15_000).unref();
  });
}
