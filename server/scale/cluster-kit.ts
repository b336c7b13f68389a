/**
 * Starting cluster nodes on this machine (`npm run cluster`, server/scale/multiprocess.test.ts):
 * each is `node --import tsx server/main.ts` with its ROLES and port, leading its own process
 * group, so a signal (SIGKILL, SIGSTOP, SIGCONT) reaches exactly that node and nothing else.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../node-flags';

export interface NodeSpec {
  name: string;
  roles: string;
  port: number;
  /** DATABASE_URL, REDIS_URL, CLUSTER_NAME, MARKET_FEED… */
  env: Record<string, string>;
  /** each line of the node's output, prefixed (npm run cluster); the test keeps it in memory */
  echo?: boolean;
}

export interface ClusterNode {
  spec: NodeSpec;
  base: string;
  child: ChildProcess;
  output(): string;
  signal(s: NodeJS.Signals): void;
  exited: Promise<void>;
  /** SIGTERM, then waits for the exit */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const answers = (base: string) =>
  fetch(`${base}/api/getSiteConfig`, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.ok,
    () => false,
  );

export function spawnNode(spec: NodeSpec): ClusterNode {
  const base = `http://127.0.0.1:${spec.port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `h5-${spec.name}-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(spec.port),
    DATA_DIR: dataDir,
    ROLES: spec.roles,
    LOG_LEVEL: 'warn',
    ...spec.env,
  };
  delete env.NODE_ENV; // vitest's "test" would hide the demo trader
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'], {
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const take = (b: Buffer) => {
    const text = b.toString();
    out += text;
    if (spec.echo || process.env.CLUSTER_ECHO)
      for (const line of text.split('\n')) if (line.trim()) console.log(`[${spec.name}] ${line}`);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  void exited.then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const signal = (s: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(-child.pid, s);
  };
  return {
    spec,
    base,
    child,
    output: () => out,
    signal,
    exited,
    async stop() {
      signal('SIGCONT');
      signal('SIGTERM');
      await Promise.race([exited, sleep(12_000)]);
      signal('SIGKILL');
      await exited;
    },
  };
}

export async function waitReady(node: ClusterNode, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(node.base))) {
    if (node.child.exitCode !== null || node.child.signalCode !== null)
      throw new Error(
        `${node.spec.name} exited with ${node.child.exitCode ?? node.child.signalCode}: ${node.output()}`,
      );
    if (Date.now() > deadline) throw new Error(`${node.spec.name} did not start: ${node.output()}`);
    await sleep(200);
  }
}

export async function startNode(spec: NodeSpec, timeoutMs?: number): Promise<ClusterNode> {
  const node = spawnNode(spec);
  try {
    await waitReady(node, timeoutMs);
  } catch (err) {
    node.signal('SIGKILL');
    throw err;
  }
  return node;
}

/** The example layout: two api nodes, two engine candidates, one feed, one jobs process. */
export function clusterLayout(basePort: number): { name: string; roles: string; port: number }[] {
  return [
    { name: 'feed', roles: 'feed', port: basePort },
    { name: 'engine-1', roles: 'engine', port: basePort + 1 },
    { name: 'engine-2', roles: 'engine', port: basePort + 2 },
    { name: 'jobs', roles: 'jobs', port: basePort + 3 },
    { name: 'api-a', roles: 'api', port: basePort + 4 },
    { name: 'api-b', roles: 'api', port: basePort + 5 },
  ];
}

/** Why a cluster test cannot run here (PostgreSQL or Redis not reachable), or undefined when both answer. */
export async function clusterServicesMissing(
  adminUrl: string | undefined,
  redisUrl: string,
): Promise<string | undefined> {
  if (!adminUrl) return 'no PostgreSQL (neither DATABASE_URL nor the embedded test cluster)';
  const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
  } catch (err) {
    return `PostgreSQL at ${adminUrl} not reachable (${(err as Error).message})`;
  } finally {
    await c.end().catch(() => undefined);
  }
  const r = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 1500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await r.connect();
    await r.ping();
  } catch (err) {
    return `Redis at ${redisUrl} not reachable (${(err as Error).message})`;
  } finally {
    r.disconnect();
  }
  return undefined;
}
