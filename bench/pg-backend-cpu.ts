/**
 * CPU time of a pool's PostgreSQL backends (the server is shared, so only the processes serving
 * this pool), from Linux's /proc: wall-clock rates follow the machine's load, CPU time per
 * operation much less. NaN where /proc cannot be read (another OS, another host).
 */
import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';

const CLK_TCK = 100;

function cpuOf(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / CLK_TCK;
  } catch {
    return NaN;
  }
}

/**
 * The pool's backends (each of its `size` connections held at once, so each answers) and their CPU
 * so far; `seconds()` is the CPU they used since.
 */
export async function backendCpu<D>(db: Kysely<D>, size: number): Promise<{ seconds: () => number }> {
  const one = () => sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`.execute(db);
  const rows = await Promise.all(Array.from({ length: size }, one));
  const pids = [...new Set(rows.map((r) => r.rows[0].pid))];
  const sum = () => pids.reduce((s, p) => s + cpuOf(p), 0);
  const t0 = sum();
  return { seconds: () => sum() - t0 };
}
