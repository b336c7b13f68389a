/**
 * A new cluster copied from a template instead of made by initdb (PG_TEMPLATE_DIR, tests only):
 * the template is a DATA_DIR whose cluster was created, migrated and cleanly stopped
 * (scripts/pg-template.ts), so a fresh e2e server skips initdb and the migrations (seconds each on
 * a loaded 2-core CI runner) and still seeds at its own start. The copy lands in a scratch
 * directory renamed into place only when complete, as initdb's does; it gets a free port of its
 * own (several copies run side by side) and keeps the template's password.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RunAs } from './os-user';
import { freePort, readRecord, writeRecord, type ClusterRecord } from './record';

export async function copyTemplateCluster(
  templateDir: string,
  dataDir: string,
  clusterDir: string,
  runAs: RunAs,
): Promise<ClusterRecord> {
  const from = path.join(path.resolve(templateDir), 'pg');
  const template = readRecord(templateDir);
  if (!template || !fs.existsSync(path.join(from, 'PG_VERSION')))
    throw new Error(
      `embedded PostgreSQL: PG_TEMPLATE_DIR ${templateDir} holds no cluster (make it with scripts/pg-template.ts, or unset PG_TEMPLATE_DIR)`,
    );
  // a running (or crashed) template would be copied mid-write: only a cleanly stopped one is a template
  if (fs.existsSync(path.join(from, 'postmaster.pid')))
    throw new Error(
      `embedded PostgreSQL: the template cluster in ${templateDir} is running or was not stopped cleanly; make it again`,
    );
  const scratch = `${clusterDir}.init`;
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.cpSync(from, scratch, { recursive: true });
  fs.chmodSync(scratch, 0o700);
  if (runAs.uid !== undefined) chownTree(scratch, runAs.uid, runAs.gid ?? runAs.uid);
  const record = { port: await freePort(), password: template.password };
  writeRecord(dataDir, record);
  fs.renameSync(scratch, clusterDir);
  return record;
}

function chownTree(dir: string, uid: number, gid: number): void {
  fs.chownSync(dir, uid, gid);
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) chownTree(p, uid, gid);
    else fs.lchownSync(p, uid, gid);
  }
}
