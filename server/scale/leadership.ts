/**
 * Engine leadership. One process (no ROLES) is always the leader: no lease, no fence — today's
 * behaviour exactly. In cluster mode every `engine` process runs the lease loop: the holder
 * renews every second; the others try to take an expired lease over. On gaining it the process
 * fences its money transactions with the new token, then starts its duties in the order they were
 * added (each rebuilds its in-memory state from the database first); on losing it (a failed
 * renewal, or no successful renewal for a whole lease) it stops them in reverse order, and only
 * then drops the fence — a transaction still in flight from before is refused, not committed.
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { setTxFence } from '../db/tx';
import { acquire, ENGINE_LEASE, LEASE_MS, leaseFence, readLease, release, renew, RENEW_MS } from './lease';

interface Duty {
  name: string;
  /** on gaining the lease: rebuild from the database, then start timers and watchers */
  start(): Promise<void>;
  /** on losing it (or closing): stop and wait for work in flight */
  stop(): Promise<void>;
}

export interface Leadership {
  /** false: one process, always the leader */
  readonly enabled: boolean;
  /** this node's id in the lease row */
  readonly nodeId: string;
  isLeader(): boolean;
  /** the current fencing token while leader */
  token(): number | undefined;
  /** adds a single-writer duty (in one process it starts with startDuties) */
  duty(d: Duty): void;
  /** called each time this node gains the lease, after the duties started (serial jobs catch up) */
  onGain(fn: () => void): void;
  /** the leader's address for forwarded trading writes, if a live leader is known */
  leaderAddress(): Promise<string | undefined>;
  /** one process: starts the duties; cluster: starts the lease loop */
  start(): Promise<void>;
  close(): Promise<void>;
}

interface LogLike {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** One process: always the leader; duties start at start() and stop at close(). */
export function soleLeadership(): Leadership {
  const duties: Duty[] = [];
  return {
    enabled: false,
    nodeId: 'single',
    isLeader: () => true,
    token: () => undefined,
    duty: (d) => void duties.push(d),
    onGain: () => undefined,
    leaderAddress: async () => undefined,
    async start() {
      for (const d of duties) await d.start();
    },
    async close() {
      for (const d of [...duties].reverse()) await d.stop();
    },
  };
}

export interface LeaseOptions {
  db: Kysely<Database>;
  /** takes part in the election (an `engine` process); others only read the row */
  candidate: boolean;
  address: string;
  log: LogLike;
  name?: string;
}

export function leaseLeadership(o: LeaseOptions): Leadership {
  const name = o.name ?? ENGINE_LEASE;
  const nodeId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const duties: Duty[] = [];
  const gains: (() => void)[] = [];
  let token: number | undefined;
  let leader = false;
  let lastRenewal = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  /** gains and losses one after the other, never interleaved */
  let transition: Promise<void> = Promise.resolve();
  const cached = { at: 0, address: undefined as string | undefined };

  /** duty starts and stops, in order; the lease loop never waits for them (it must keep renewing) */
  let duty: Promise<void> = Promise.resolve();

  function gain(t: number): void {
    token = t;
    lastRenewal = Date.now();
    leader = true;
    o.log.info({ token: t, node: nodeId }, 'engine: leader now');
    duty = duty.then(async () => {
      // after the previous term's duties have stopped: its late writes keep the old token
      if (!leader || token !== t) return;
      setTxFence(o.db, leaseFence(name, t));
      for (const d of duties) {
        if (!leader) return;
        await d.start().catch((err: unknown) => o.log.error({ err, duty: d.name }, 'engine: duty failed to start'));
      }
      if (leader) for (const g of gains) g();
    });
  }

  function lose(why: string): void {
    if (!leader) return;
    leader = false;
    o.log.warn({ token, node: nodeId, why }, 'engine: leadership lost');
    duty = duty.then(async () => {
      for (const d of [...duties].reverse())
        await d.stop().catch((err: unknown) => o.log.error({ err, duty: d.name }, 'engine: duty failed to stop'));
      // the duties are idle: nothing of the old term still writes; this node's other roles (api)
      // write again without the fence — unless it has meanwhile won the lease again
      if (!leader) {
        setTxFence(o.db, undefined);
        token = undefined;
      }
    });
  }

  async function round(): Promise<void> {
    if (leader && token !== undefined) {
      // bounded: the rounds are chained, so one renewal stuck behind a pool client (a node resumed
      // after a pause, its connections cut under it) would stop every later round, and the node
      // would never find out it lost the lease. An unanswered renewal counts as a failed one.
      const ok = await Promise.race([
        renew(o.db, name, nodeId, token).catch((err: unknown) => {
          o.log.warn({ err }, 'engine: lease renewal failed');
          return undefined;
        }),
        new Promise<undefined>((r) => setTimeout(() => r(undefined), RENEW_MS).unref()),
      ]);
      if (ok === true) lastRenewal = Date.now();
      else if (ok === false) lose('lease taken or expired');
      else if (Date.now() - lastRenewal >= LEASE_MS) lose('no renewal for a whole lease');
      return;
    }
    const t = await acquire(o.db, name, nodeId, o.address).catch(() => null);
    if (t !== null && !closed) gain(t);
  }

  function schedule(): void {
    if (closed) return;
    timer = setTimeout(
      () => {
        transition = transition.then(round).catch((err: unknown) => o.log.error({ err }, 'engine: lease round failed'));
        void transition.then(schedule);
        // a standby looks twice as often: a dead leader's lease is taken within half a second of expiry
      },
      leader ? RENEW_MS : RENEW_MS / 2,
    );
    timer.unref();
  }

  return {
    enabled: true,
    nodeId,
    isLeader: () => leader,
    token: () => (leader ? token : undefined),
    duty: (d) => void duties.push(d),
    onGain: (fn) => void gains.push(fn),
    async leaderAddress() {
      if (leader) return o.address;
      if (Date.now() - cached.at < 300) return cached.address;
      const row = await readLease(o.db, name);
      cached.at = Date.now();
      cached.address = row && row.remainingMs > 0 && row.address ? row.address : undefined;
      return cached.address;
    },
    async start() {
      if (!o.candidate) return;
      transition = transition.then(round).catch((err: unknown) => o.log.error({ err }, 'engine: lease round failed'));
      await transition;
      schedule();
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await transition;
      const t = leader ? token : undefined;
      lose('closing');
      await duty;
      if (t !== undefined) await release(o.db, name, nodeId, t).catch(() => undefined);
    },
  };
}
