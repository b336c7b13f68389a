/**
 * The failover experiment of docs/cluster.md, through the command it gives: `npm run cluster` on a database
 * of its own (on DATABASE_URL's server, or the run's embedded cluster) and Redis at REDIS_URL. An
 * order through api B is answered; the engine leader named in engine_lease is killed with kill -9
 * while orders keep coming through api B; a standby leads with a newer token within 5 s (from the
 * kill to the new lease), the script prints the new leader, api B answers again, the supervisor
 * reports the exit (signal SIGKILL) and brings the killed engine back as a standby, and every
 * acknowledged order is in the database exactly once, filled once. Ctrl-C (SIGINT to the script's
 * process group, as a terminal sends it) then stops every node, restarting none.
 * Skips, saying why, when PostgreSQL or Redis is not reachable. Runs in `npm run test:db`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../server/areas/accounts/domain';
import { connectDb, type DbHandle } from '../server/db/connect';
import { checkJournalConsistency } from '../server/db/ledger';
import { clusterServicesMissing } from '../server/scale/cluster-kit';
import { readLease, type LeaseRow } from '../server/scale/lease';
import { acquiredAfterMs, dbNow } from '../server/testing/lease-clock';
import { holderPid } from '../server/scale/supervise/leader-watch';
import { freshDatabase } from '../server/testing/pg-template';
// the run's embedded PostgreSQL (inject('testPg')): its type comes with the global setup
import type {} from '../server/testing/pg-global-setup';

const BASE_PORT = Number(process.env.CLUSTER_TEST_BASE_PORT ?? 9210);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API_B = `http://127.0.0.1:${BASE_PORT + 5}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const skip = await clusterServicesMissing(process.env.DATABASE_URL ?? inject('testPg')?.adminUrl, REDIS_URL);
if (skip) console.warn(`[cluster script] skipped: ${skip}`);

/** `npm run cluster` as a terminal runs it: its own process group, its output kept */
class ClusterRun {
  readonly child: ChildProcess;
  out = '';
  readonly exited: Promise<number | null>;

  constructor(env: Record<string, string>) {
    this.child = spawn('npm', ['run', '-s', 'cluster'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const take = (b: Buffer) => void (this.out += b.toString());
    this.child.stdout?.on('data', take);
    this.child.stderr?.on('data', take);
    this.exited = new Promise((r) => this.child.once('exit', (code) => r(code)));
  }

  running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** the first match of `re` in the output after `from`, waiting up to `ms` */
  async waitFor(re: RegExp, ms: number, from = 0): Promise<RegExpMatchArray> {
    const deadline = Date.now() + ms;
    for (;;) {
      const m = this.out.slice(from).match(re);
      if (m) return m;
      if (!this.running()) throw new Error(`npm run cluster exited before printing ${re}:\n${this.out.slice(-4000)}`);
      if (Date.now() > deadline)
        throw new Error(`npm run cluster did not print ${re} within ${ms} ms:\n${this.out.slice(-4000)}`);
      await sleep(100);
    }
  }

  /** every node pid the script printed (its starts and restarts): afterAll's safety net */
  pids(): number[] {
    return [...this.out.matchAll(/\bpid (\d+)/g)].map((m) => Number(m[1]));
  }
}

interface Answer {
  type: string;
  message: unknown;
}

async function post(
  route: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const r = await fetch(`${API_B}/api/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await r.text();
  try {
    return JSON.parse(text) as Answer;
  } catch {
    return { type: `http ${r.status}`, message: text };
  }
}

/** a client's way through a switch-over: the same order, the same Idempotency-Key, again (up to ~40 s) */
async function placeOnce(token: string, side: 'buy' | 'sell'): Promise<Answer> {
  const key = `cl-${randomBytes(6).toString('hex')}`;
  let last: Answer = { type: 'none', message: null };
  for (let i = 0; i < 160; i++) {
    last = await post(
      'coin/trade',
      { amount: '0.001', currency_id: 1, legal_id: 4, type: side },
      { authorization: token, 'idempotency-key': key },
    ).catch((err: unknown) => ({ type: 'fetch', message: String(err) }));
    if (last.type === 'ok') return last;
    await sleep(250);
  }
  return last;
}

const answers = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/getSiteConfig`, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.ok,
    () => false,
  );

let run: ClusterRun | undefined;
let database: { url: string; drop(): Promise<void> } | undefined;
let h: DbHandle | undefined;

afterAll(async () => {
  // a failed run: the script stops its nodes as on Ctrl-C; if it cannot, it and its nodes are killed
  if (run?.running()) {
    process.kill(-run.child.pid!, 'SIGTERM');
    await Promise.race([run.exited, sleep(30_000)]);
    if (run.running()) {
      process.kill(-run.child.pid!, 'SIGKILL');
      for (const pid of run.pids()) {
        try {
          process.kill(-pid, 'SIGKILL'); // each node leads its own process group
        } catch {
          // gone already
        }
      }
    }
  }
  await h?.close();
  await database?.drop();
});

describe.skipIf(skip !== undefined)(
  'npm run cluster: kill -9 of the engine leader (the experiment in docs/cluster.md)',
  () => {
    it('a standby leads within 5 s, api B answers again, the killed engine comes back as a standby, no order lost or doubled', async () => {
      database = await freshDatabase(process.env.DATABASE_URL ?? inject('testPg')!.adminUrl, 'cl');
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL,
        CLUSTER_BASE_PORT: String(BASE_PORT),
        CLUSTER_NAME: `cl${randomBytes(3).toString('hex')}`,
        MARKET_FEED: 'simulator',
        TICK_RATE: '60',
        MARKET_BACKFILL: 'off',
        DB_POOL_MAX: '4',
        DEMO_USER: 'on',
      };
      const t0 = Date.now();
      run = new ClusterRun(env);
      const cluster = run;
      await cluster.waitFor(/Cluster up/, 240_000); // six processes starting on two busy cores
      const upMs = Date.now() - t0;
      h = await connectDb({ databaseUrl: database.url, poolMax: 2 });
      const db = h.db;
      const liveLease = async (): Promise<LeaseRow | undefined> => {
        const l = await readLease(db, 'engine');
        return l && l.remainingMs > 0 ? l : undefined;
      };

      // 1. An order through api B (not an engine: forwarded to the leader) is answered.
      const token = (await post('user/login', { user_string: DEMO_EMAIL, password: DEMO_PASSWORD })).message as string;
      expect(typeof token).toBe('string');
      const acked: number[] = [];
      const first = await placeOnce(token, 'buy');
      expect(first).toMatchObject({ type: 'ok', message: { status: 'filled', filled: '0.001', kind: 'market' } });
      acked.push((first.message as { id: number }).id);

      // 2. The leader, as docs/cluster.md finds it: the holder in engine_lease; the script printed it too.
      let lease = await liveLease();
      for (let i = 0; i < 50 && !lease; i++) lease = (await sleep(200), await liveLease());
      const leaderPid = holderPid(lease!.holder)!;
      const printed = await cluster.waitFor(
        new RegExp(`leader: (engine-\\d) \\(pid ${leaderPid}, [^)]*\\) token ${lease!.token}`),
        10_000,
      );
      const killedName = printed[1];

      // 3. Orders keep coming through api B while the leader is killed.
      const failed: Answer[] = [];
      let lane = true;
      const orders = (async () => {
        for (let i = 0; lane; i++) {
          const r = await placeOnce(token, i % 2 ? 'buy' : 'sell');
          if (r.type === 'ok') acked.push((r.message as { id: number }).id);
          else failed.push(r);
          await sleep(150);
        }
      })();
      await sleep(1000);
      const outAtKill = cluster.out.length;
      const killedAt = Date.now();
      const killedAtDb = await dbNow(db);
      process.kill(leaderPid, 'SIGKILL');

      // 4. A standby leads with a newer token within 5 s of the kill (on the database's clock, the lease's own).
      let next = await liveLease();
      while (!next || next.token <= lease!.token || holderPid(next.holder) === leaderPid) {
        await sleep(50);
        next = await liveLease();
      }
      const takeoverMs = await acquiredAfterMs(db, 'engine', killedAtDb);
      expect(takeoverMs, 'a standby leads within 5 s of the kill').toBeLessThan(5000);
      const newPid = holderPid(next.holder)!;
      const line = await cluster.waitFor(
        new RegExp(`leader: (engine-\\d) \\(pid ${newPid}, [^)]*\\) token ${next.token}, leading since [\\d:.]+(.*)`),
        10_000,
        outAtKill,
      );
      expect(line[1]).not.toBe(killedName);
      await cluster.waitFor(
        new RegExp(
          `${killedName} \\(pid ${leaderPid}\\) exited: signal SIGKILL after [\\d.]+ s up; the other nodes keep running; restart in 1\\.0 s`,
        ),
        10_000,
        outAtKill,
      );

      // 5. api B answers an order again, from the new leader.
      const after = await placeOnce(token, 'buy');
      expect(after).toMatchObject({ type: 'ok', message: { status: 'filled' } });
      acked.push((after.message as { id: number }).id);

      // 6. The supervisor brings the killed engine back; it answers and stands by (the new leader keeps the lease).
      const revived = Number(
        (await cluster.waitFor(new RegExp(`${killedName} restarted: pid (\\d+)`), 30_000, outAtKill))[1],
      );
      await cluster.waitFor(
        new RegExp(`${killedName} answers again at http://127\\.0\\.0\\.1:\\d+ \\(pid ${revived}\\)`),
        180_000,
        outAtKill,
      );
      const revivedMs = Date.now() - killedAt;
      await sleep(1500); // a few lease rounds of the revived standby
      const still = await liveLease();
      expect(still!.token).toBeGreaterThanOrEqual(next.token);
      expect(holderPid(still!.holder), 'the revived engine stands by').not.toBe(revived);
      expect(() => process.kill(revived, 0)).not.toThrow();
      expect(cluster.out.slice(outAtKill)).not.toMatch(/stopping \d+ nodes/);

      lane = false;
      await orders;
      expect(failed).toEqual([]);

      // 7. Every acknowledged order exactly once in the database, each filled once; nothing else.
      expect(new Set(acked).size).toBe(acked.length);
      const rows = await db.selectFrom('spot_orders').select(['id', 'status', 'amount', 'filled']).execute();
      expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...acked].sort((a, b) => a - b));
      for (const r of rows)
        expect({ id: r.id, status: r.status, filled: Number(r.filled) }).toEqual({
          id: r.id,
          status: 'filled',
          filled: Number(r.amount),
        });
      const fills = await sql<{
        order_id: number;
        qty: string;
      }>`SELECT order_id, sum(qty)::text AS qty FROM spot_fills WHERE role = 'taker' GROUP BY order_id`.execute(db);
      expect(fills.rows.length).toBe(rows.length);
      for (const f of fills.rows) expect(Number(f.qty)).toBe(0.001);
      expect(await checkJournalConsistency(db)).toEqual([]);
      console.log(
        `[cluster script] up in ${upMs} ms; kill -9 of ${killedName} → ${line[1]} leads with token ${next.token} after ${takeoverMs} ms; ${killedName} answered again ${revivedMs} ms after the kill; ${acked.length} orders acknowledged through api B, each once in the database`,
      );

      // 8. Ctrl-C: every node stops, none restarts, the script ends.
      const outAtStop = cluster.out.length;
      process.kill(-cluster.child.pid!, 'SIGINT');
      const ended = await Promise.race([
        cluster.exited.then(() => 'exited' as const),
        sleep(60_000).then(() => 'still running' as const),
      ]);
      const tail = cluster.out.slice(outAtStop);
      console.log(
        cluster.out
          .split('\n')
          .filter((l) => l.startsWith('[cluster]'))
          .join('\n'),
      );
      expect(ended).toBe('exited');
      // the script's own clean end (npm itself reports the interrupt as its exit status, as in a terminal)
      expect(tail).toMatch(/every node has stopped/);
      expect(tail).not.toMatch(/restarted: pid|restart in/);
      // each node ended by its own clean shutdown (SIGTERM), none had to be killed
      expect(tail.match(/stopped: .*/g)).toHaveLength(6);
      expect(tail).not.toMatch(/stopped: signal/);
      const stillAnswering = (await Promise.all([0, 1, 2, 3, 4, 5].map((i) => answers(BASE_PORT + i)))).filter(Boolean);
      expect(stillAnswering).toEqual([]);
    }, 540_000);
  },
);
