/**
 * CPU time of the processes a bench measures, from Linux's /proc (NaN elsewhere): the server's Node
 * process (DATA_DIR/server.pid), its embedded PostgreSQL (the postmaster in DATA_DIR/pg/postmaster.pid
 * and its children: the backends, the WAL writer…) and this process. Wall-clock rates follow the
 * machine's load; CPU time per request does much less, so it is the figure to compare runs by.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Linux's clock ticks per second in /proc/<pid>/stat */
const CLK_TCK = 100;

/** user + system CPU seconds of one process (its threads included), and of its reaped children */
function statOf(pid: number): { own: number; reaped: number; ppid: number } {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return {
    ppid: Number(f[1]),
    own: (Number(f[11]) + Number(f[12])) / CLK_TCK,
    reaped: (Number(f[13]) + Number(f[14])) / CLK_TCK,
  };
}

const readPid = (file: string) => Number(fs.readFileSync(file, 'utf8').split('\n')[0]);

/** A postmaster's CPU with its live children's and the exited children it reaped. */
function clusterSeconds(postmaster: number): number {
  const pm = statOf(postmaster);
  let s = pm.own + pm.reaped;
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const st = statOf(Number(d));
      if (st.ppid === postmaster) s += st.own;
    } catch {
      // exited while we looked
    }
  }
  return s;
}

export interface CpuSample {
  server: number;
  postgres: number;
  client: number;
}

/** The server's, its cluster's and this process's CPU seconds so far. */
export function cpuSample(dataDir: string): CpuSample {
  const safe = (f: () => number) => {
    try {
      return f();
    } catch {
      return NaN;
    }
  };
  const u = process.cpuUsage();
  return {
    server: safe(() => statOf(readPid(path.join(dataDir, 'server.pid'))).own),
    postgres: safe(() => clusterSeconds(readPid(path.join(dataDir, 'pg', 'postmaster.pid')))),
    client: (u.user + u.system) / 1e6,
  };
}

/** CPU seconds each process used between two samples. */
export function cpuUsed(a: CpuSample, b: CpuSample): CpuSample {
  return { server: b.server - a.server, postgres: b.postgres - a.postgres, client: b.client - a.client };
}

/**
 * CPU µs per item of `used` (CPU seconds over `wallS`), for each process, beyond what it spends idle
 * (`idle`, CPU seconds per second: the feed, timers): the work the items cost.
 */
export function cpuPer(used: CpuSample, items: number, wallS: number, idle: CpuSample): CpuSample {
  const per = (k: keyof CpuSample) => Math.round(((used[k] - idle[k] * wallS) * 1e6) / Math.max(1, items));
  return { server: per('server'), postgres: per('postgres'), client: per('client') };
}
