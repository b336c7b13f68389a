/**
 * One embedded PostgreSQL cluster in DATA_DIR/pg: created on first use, started on its recorded
 * port, or adopted when a postgres from an earlier run (whose Node process was killed with -9) is
 * still running on it. A cluster that died leaves a stale postmaster.pid; PostgreSQL removes it
 * and replays its WAL on start. Postgres runs in its own process group (signals to ours do not reach
 * it; we stop it last) with its log in DATA_DIR/pg.log, and shuts itself down when the process that
 * started it dies (spawn.ts); one left running anyway (no setpriv, or started by another process)
 * is adopted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pgBinaries } from './binaries';
import { clusterUser, ensureReachable } from './os-user';
import { initCluster } from './init';
import { clusterUrl, freePort, readRecord, writeRecord, type ClusterRecord } from './record';
import { isPostgresAlive, readPostmasterPid, sleep, tryConnect, waitGone } from './postmaster';
import { spawnPostgres } from './spawn';
import { copyTemplateCluster } from './template';

export interface EmbeddedCluster {
  /** connection URL for a database of this cluster (default `postgres`) */
  url(database?: string): string;
  port: number;
  /** true when a postgres left running by an earlier process was taken over */
  adopted: boolean;
  /** fast shutdown (SIGINT) and wait for it to finish */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  dataDir: string;
  /** extra `-c name=value` server settings (tests turn fsync off) */
  settings?: Record<string, string>;
  /** how long a start or an adoption may take (crash recovery included) */
  timeoutMs?: number;
  /**
   * default true: a postgres we start shuts down when this process dies. The test run's shared
   * cluster passes false: another test run in the same worktree may have adopted it.
   */
  dieWithParent?: boolean;
  /**
   * PG_TEMPLATE_DIR (tests): a new cluster is copied from this migrated, stopped template instead of
   * made by initdb (template.ts). An existing cluster is never touched.
   */
  templateDir?: string;
}

export async function openCluster(o: ClusterOptions): Promise<EmbeddedCluster> {
  const dataDir = path.resolve(o.dataDir);
  const clusterDir = path.join(dataDir, 'pg');
  const timeoutMs = o.timeoutMs ?? 60_000;
  try {
    fs.mkdirSync(dataDir, { recursive: true });
  } catch (err) {
    throw new Error(`embedded PostgreSQL: cannot create DATA_DIR ${dataDir}: ${(err as Error).message}`, {
      cause: err,
    });
  }
  const bin = await pgBinaries();
  const runAs = await clusterUser();
  ensureReachable(dataDir, runAs);
  let record: ClusterRecord | undefined;
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    if (fs.existsSync(clusterDir) && fs.readdirSync(clusterDir).length > 0)
      throw new Error(
        `embedded PostgreSQL: ${clusterDir} is not empty and has no PG_VERSION: not a cluster; move it away`,
      );
    fs.rmSync(clusterDir, { recursive: true, force: true });
    record = o.templateDir
      ? await copyTemplateCluster(o.templateDir, dataDir, clusterDir, runAs)
      : await initCluster(bin, dataDir, clusterDir, runAs);
  }
  const version = fs.readFileSync(path.join(clusterDir, 'PG_VERSION'), 'utf8').trim();
  if (Number(version) !== bin.major)
    throw new Error(
      `embedded PostgreSQL: ${clusterDir} was made by PostgreSQL ${version}, this build embeds PostgreSQL ${bin.major}; use another DATA_DIR, or dump it with PostgreSQL ${version} and restore it here`,
    );
  record ??= readRecord(dataDir);
  if (!record)
    throw new Error(
      `embedded PostgreSQL: ${clusterDir} exists but ${path.join(dataDir, 'embedded-pg.json')} (its port and password) is missing`,
    );

  const running = readPostmasterPid(clusterDir);
  if (running && isPostgresAlive(running.pid)) {
    const rec = { ...record, port: running.port || record.port };
    const adopted = await adopt(running.pid, rec, timeoutMs);
    if (adopted) {
      if (rec.port !== record.port) writeRecord(dataDir, rec);
      return handle(clusterDir, rec, true);
    }
    // it was shutting down: start it again below
  }

  const logPath = path.join(dataDir, 'pg.log');
  const password = record.password;
  const start = (port: number) =>
    spawnPostgres({
      bin,
      clusterDir,
      port,
      runAs,
      logPath,
      settings: o.settings ?? {},
      url: clusterUrl({ password, port }),
      timeoutMs,
      dieWithParent: o.dieWithParent ?? true,
    });
  let outcome = await start(record.port);
  if (outcome === 'port-in-use') {
    // the recorded port was taken by someone else while we were down: move to a free one
    record = { ...record, port: await freePort() };
    writeRecord(dataDir, record);
    outcome = await start(record.port);
  }
  if (outcome !== 'ready') throw new Error(`embedded PostgreSQL: port ${record.port} is in use`);
  return handle(clusterDir, record, false);
}

/** Waits for a running postmaster to answer; false when it went away (was stopping). */
async function adopt(pid: number, rec: ClusterRecord, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let last: string | undefined;
  for (;;) {
    const err = await tryConnect(clusterUrl(rec), 1000);
    if (err === undefined) return true;
    last = err;
    if (!isPostgresAlive(pid)) return false;
    if (Date.now() > deadline) break;
    await sleep(100);
  }
  throw new Error(
    `embedded PostgreSQL: the cluster is locked by postgres pid ${pid}, which does not answer on port ${rec.port} (${last}); stop that process or use another DATA_DIR`,
  );
}

function handle(clusterDir: string, rec: ClusterRecord, adopted: boolean): EmbeddedCluster {
  return {
    url: (database) => clusterUrl(rec, database),
    port: rec.port,
    adopted,
    async stop() {
      const pm = readPostmasterPid(clusterDir);
      if (!pm || !isPostgresAlive(pm.pid)) return;
      process.kill(pm.pid, 'SIGINT'); // fast shutdown: abort open transactions, checkpoint, exit
      if (await waitGone(pm.pid, 30_000)) return;
      process.kill(pm.pid, 'SIGQUIT'); // immediate: WAL replay on next start
      await waitGone(pm.pid, 5_000);
    },
  };
}
