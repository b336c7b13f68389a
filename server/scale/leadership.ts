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
  return new LeaseLeadership(o);
}

/** Cluster mode: the lease loop, the fence and the duties of one node. */
class LeaseLeadership implements Leadership {
  readonly enabled = true;
  readonly nodeId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly o: LeaseOptions;
  private readonly name: string;
  private readonly duties: Duty[] = [];
  private readonly gains: (() => void)[] = [];
  /** the fencing token of the term this node holds (kept until its duties have stopped) */
  private held: number | undefined;
  private leader = false;
  private lastRenewal = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** gains and losses one after the other, never interleaved */
  private transition: Promise<void> = Promise.resolve();
  private readonly cached = { at: 0, address: undefined as string | undefined };
  /** duty starts and stops, in order; the lease loop never waits for them (it must keep renewing) */
  private dutyChain: Promise<void> = Promise.resolve();

  constructor(o: LeaseOptions) {
    this.o = o;
    this.name = o.name ?? ENGINE_LEASE;
  }

  isLeader(): boolean {
    return this.leader;
  }

  token(): number | undefined {
    return this.leader ? this.held : undefined;
  }

  duty(d: Duty): void {
    this.duties.push(d);
  }

  onGain(fn: () => void): void {
    this.gains.push(fn);
  }

  async leaderAddress(): Promise<string | undefined> {
    if (this.leader) return this.o.address;
    if (Date.now() - this.cached.at < 300) return this.cached.address;
    const row = await readLease(this.o.db, this.name);
    this.cached.at = Date.now();
    this.cached.address = row && row.remainingMs > 0 && row.address ? row.address : undefined;
    return this.cached.address;
  }

  async start(): Promise<void> {
    if (!this.o.candidate) return;
    await this.queueRound();
    this.schedule();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.transition;
    const t = this.leader ? this.held : undefined;
    this.lose('closing');
    await this.dutyChain;
    if (t !== undefined) await release(this.o.db, this.name, this.nodeId, t).catch(() => undefined);
  }

  private gain(t: number): void {
    this.held = t;
    this.lastRenewal = Date.now();
    this.leader = true;
    this.o.log.info({ token: t, node: this.nodeId }, 'engine: leader now');
    this.dutyChain = this.dutyChain.then(async () => {
      // after the previous term's duties have stopped: its late writes keep the old token
      if (!this.leader || this.held !== t) return;
      setTxFence(this.o.db, leaseFence(this.name, t));
      for (const d of this.duties) {
        if (!this.leader) return;
        await d
          .start()
          .catch((err: unknown) => this.o.log.error({ err, duty: d.name }, 'engine: duty failed to start'));
      }
      if (this.leader) for (const g of this.gains) g();
    });
  }

  private lose(why: string): void {
    if (!this.leader) return;
    this.leader = false;
    this.o.log.warn({ token: this.held, node: this.nodeId, why }, 'engine: leadership lost');
    this.dutyChain = this.dutyChain.then(async () => {
      for (const d of [...this.duties].reverse())
        await d.stop().catch((err: unknown) => this.o.log.error({ err, duty: d.name }, 'engine: duty failed to stop'));
      // the duties are idle: nothing of the old term still writes; this node's other roles (api)
      // write again without the fence — unless it has meanwhile won the lease again
      if (!this.leader) {
        setTxFence(this.o.db, undefined);
        this.held = undefined;
      }
    });
  }

  /** one round after the ones before it: renew while leader, else try to take the lease */
  private queueRound(): Promise<void> {
    this.transition = this.transition
      .then(() => this.round())
      .catch((err: unknown) => this.o.log.error({ err }, 'engine: lease round failed'));
    return this.transition;
  }

  private async round(): Promise<void> {
    if (this.leader && this.held !== undefined) return this.renewRound(this.held);
    const t = await acquire(this.o.db, this.name, this.nodeId, this.o.address).catch(() => null);
    if (t !== null && !this.closed) this.gain(t);
  }

  private async renewRound(token: number): Promise<void> {
    // bounded: the rounds are chained, so one renewal stuck behind a pool client (a node resumed
    // after a pause, its connections cut under it) would stop every later round, and the node
    // would never find out it lost the lease. An unanswered renewal counts as a failed one.
    const ok = await Promise.race([
      renew(this.o.db, this.name, this.nodeId, token).catch((err: unknown) => {
        this.o.log.warn({ err }, 'engine: lease renewal failed');
        return undefined;
      }),
      new Promise<undefined>((r) => setTimeout(() => r(undefined), RENEW_MS).unref()),
    ]);
    if (ok === true) this.lastRenewal = Date.now();
    else if (ok === false) this.lose('lease taken or expired');
    else if (Date.now() - this.lastRenewal >= LEASE_MS) this.lose('no renewal for a whole lease');
  }

  private schedule(): void {
    if (this.closed) return;
    this.timer = setTimeout(
      () => {
        void this.queueRound().then(() => this.schedule());
        // a standby looks twice as often: a dead leader's lease is taken within half a second of expiry
      },
      this.leader ? RENEW_MS : RENEW_MS / 2,
    );
    this.timer.unref();
  }
}
