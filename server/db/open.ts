/**
 * The server's database: the PostgreSQL at DATABASE_URL, or else an embedded cluster in
 * DATA_DIR/pg started (or adopted) here and stopped by close().
 */
import fs from 'node:fs';
import { connectDb, type DbHandle } from './connect';
import { openCluster } from './embedded/cluster';
import { lockDataDir } from './embedded/app-lock';

export interface OpenOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  poolMax: number;
  /**
   * 'server': takes DATA_DIR's server lock and stops the cluster on close, adopted or not.
   * 'tool' (operator CLI): uses a running server's cluster and leaves it running; a cluster it had
   * to start itself it stops again.
   */
  role: 'server' | 'tool';
  /** PG_TEMPLATE_DIR (tests): a new embedded cluster is copied from this template (embedded/template.ts) */
  pgTemplateDir?: string;
}

export interface OpenedDb extends DbHandle {
  /** for the start-up banner */
  describe: string;
}

export async function openDatabase(o: OpenOptions): Promise<OpenedDb> {
  if (o.databaseUrl)
    return {
      ...(await connectDb({ databaseUrl: o.databaseUrl, poolMax: o.poolMax })),
      describe: 'PostgreSQL (DATABASE_URL)',
    };
  fs.mkdirSync(o.dataDir, { recursive: true });
  const release = o.role === 'server' ? lockDataDir(o.dataDir) : () => undefined;
  try {
    const cluster = await openCluster({ dataDir: o.dataDir, templateDir: o.pgTemplateDir });
    const handle = await connectDb({ databaseUrl: cluster.url(), poolMax: o.poolMax, kind: 'embedded' });
    const stopCluster = o.role === 'server' || !cluster.adopted;
    return {
      ...handle,
      describe: `embedded PostgreSQL in ${o.dataDir}/pg, 127.0.0.1:${cluster.port}${cluster.adopted ? ' (adopted: left running by an earlier run)' : ''}`,
      async close() {
        try {
          await handle.close();
        } finally {
          if (stopCluster) await cluster.stop();
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
