/**
 * `npm run cluster`: the cluster layout on this machine — a feed, two engine candidates, a jobs
 * process and two api nodes — against the PostgreSQL server and Redis (docs/cluster.md).
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/h5_cluster, created if missing),
 * REDIS_URL (default redis://127.0.0.1:6379), CLUSTER_BASE_PORT (default 8081: six ports from
 * there). The feed starts first (it migrates and seeds), the others after it. Once up, a node that
 * exits is reported and restarted, the others keep running, and every change of engine leader is
 * printed. Ctrl-C (or SIGTERM) stops every node; a second Ctrl-C, a second or more later, kills them.
 */
import pg from 'pg';
import { clusterLayout } from '../server/scale/cluster-kit';
import { watchLeadership } from '../server/scale/supervise/leader-watch';
import { NodeTable } from '../server/scale/supervise/node-table';
import { say } from '../server/scale/supervise/say';
import { Supervisor } from '../server/scale/supervise/supervisor';

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

const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
const table = new NodeTable(clusterLayout(basePort).map((l) => ({ ...l, env, echo: true })));
const supervisor = new Supervisor({ table });
let watch: { close(): Promise<void> } | undefined;

let signals = 0;
let firstSignalAt = 0;
async function shutdown(code: number): Promise<never> {
  await supervisor.stop();
  await watch?.close();
  process.exit(code);
}
for (const s of ['SIGINT', 'SIGTERM'] as const) {
  process.on(s, () => {
    signals += 1;
    if (signals === 1) {
      firstSignalAt = Date.now();
      void shutdown(0);
    } else if (Date.now() - firstSignalAt > 1000) {
      // a second Ctrl-C kills; one within a second is the same Ctrl-C again (npm and tsx pass the
      // terminal's SIGINT on to this process, which has had it from the terminal already)
      supervisor.kill();
    }
  });
}

try {
  await ensureDatabase(databaseUrl);
  watch = watchLeadership({ databaseUrl, table });
  await supervisor.startAll();
  console.log(
    [
      '',
      '  Cluster up: a node that exits is restarted; Ctrl-C stops every node',
      `  Database    ${databaseUrl}`,
      `  Redis       ${redisUrl}`,
      ...table.render(),
      '  The engine leader is printed as "leader: …" (and is the holder in table engine_lease).',
      '',
    ].join('\n'),
  );
} catch (err) {
  // a Ctrl-C during the start stops the nodes being waited for: that is the stop, not a failure
  if (signals === 0) {
    say(`cluster did not start: ${(err as Error).message}`);
    await shutdown(1);
  }
}
