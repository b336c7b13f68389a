/**
 * `npm run cluster`: the cluster layout on this machine — a feed, two engine candidates, a jobs
 * process and two api nodes — against the PostgreSQL server and Redis (README "Several processes").
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/h5_cluster, created if missing),
 * REDIS_URL (default redis://127.0.0.1:6379), CLUSTER_BASE_PORT (default 8081: six ports from
 * there). The feed starts first (it migrates and seeds), the others after it. Ctrl-C stops all.
 */
import pg from 'pg';
import { clusterLayout, spawnNode, waitReady, type ClusterNode } from '../server/scale/cluster-kit';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/h5_cluster';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const basePort = Number(process.env.CLUSTER_BASE_PORT ?? 8081);

async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    const r = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (r.rowCount === 0) await c.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await c.end();
  }
}

const nodes: ClusterNode[] = [];
let stopping = false;
async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await Promise.all(nodes.map((n) => n.stop()));
  }
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  await ensureDatabase(databaseUrl);
  const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
  const [first, ...rest] = clusterLayout(basePort).map((l) => ({ ...l, env, echo: true }));
  const feed = spawnNode(first);
  nodes.push(feed);
  await waitReady(feed);
  const others = rest.map((s) => spawnNode(s));
  nodes.push(...others);
  await Promise.all(others.map((n) => waitReady(n)));
  console.log(
    [
      '',
      '  Cluster up (Ctrl-C stops every node)',
      `  Database    ${databaseUrl}`,
      `  Redis       ${redisUrl}`,
      ...nodes.map((n) => `  ${n.spec.name.padEnd(10)}  ROLES=${n.spec.roles.padEnd(7)} ${n.base}${n.spec.roles === 'api' ? '/h5/' : ''}`),
      '  Open either api node in a browser; the engine leader is the holder in table engine_lease.',
      '',
    ].join('\n'),
  );
  await Promise.race(nodes.map((n) => n.exited));
  console.error('a node exited: stopping the cluster');
  await stopAll(1);
} catch (err) {
  console.error(`cluster did not start: ${(err as Error).message}`);
  await stopAll(1);
}
