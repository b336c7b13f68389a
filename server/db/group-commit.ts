/**
 * Group commit, the generic part: a queue of independent money operations sent together as ONE
 * statement (one round trip, one commit, one WAL flush for all). On this machine a commit per
 * operation, each with its own statements, tops out near 1,000/s: the per-statement work on 2
 * cores, not the disk, is the limit. Used by the ledger's transfers (ledger-writer.ts), the
 * seconds options' orders (areas/trade, migration 046), the NFT fixed-price purchases
 * (areas/nft/domain/buy-writer.ts, migrations 048, 056), blind boxes (box-writer.ts, migration
 * 057) and won auctions' payments (pay-writer.ts, migration 060), and the P2P openings and escrow endings
 * (areas/otc/domain/order-writer.ts, migrations 058 and 072); the statement itself is the user's.
 *
 * The rules every statement keeps: each operation in it is all-or-nothing (a refusal is an answer
 * for that operation alone, not an error), and every caller's promise settles only after the
 * statement that carried its operation has committed, so an answer the caller acts on (or stores)
 * is never ahead of the database. A kill -9 mid-batch loses the whole uncommitted statement, which
 * no caller was told about. An error aborts the statement; its operations are then run one by one
 * so only the faulty one fails.
 *
 * How full a statement goes: with nothing in flight an operation goes at once (an idle writer adds
 * no latency); while batches are in flight the next waits for `gather` operations or a commit; and
 * with `regather`, after a commit the next batch also waits, for a bounded time, until as many
 * operations have come as the commit answered — clients in a loop (each waits for its answer, then
 * sends the next) would otherwise split into two cohorts that alternate, each half the statement
 * it could be (the ledger writer: ≈ 8 of the bench's 20 API loops per statement, ≈ 17 with it).
 *
 * Batches in flight never share a user (take), and each statement takes its users' balance locks in
 * ascending id order (the canonical order, user-locks.ts), so neither waits on the other's locks.
 *
 * On shutdown the handle drains its group commits before its pool ends (drain.ts): an operation
 * submitted after that is refused at once with a retryable 503 (ShuttingDownError, nothing written),
 * and the queue and the batches in flight commit and answer as usual.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { drainOnClose } from './drain';
import { fenceOf, inTransaction, retrying, sqlState } from './tx';

/** Operations per statement at most: a bigger queue goes out in several batches. */
const MAX_BATCH = 256;

export interface GroupCommitOptions {
  /**
   * batches in flight at once, on as many pool connections (default 4 of the pool's 10: the next
   * batches are built, sent and flushed while one commits; measured against 1 and 2 in
   * bench/results/ledger-tps.md)
   */
  inFlight?: number;
  maxBatch?: number;
  /**
   * while a batch is in flight, another goes out only when at least this many operations wait
   * (default 1: at once); the rest wait for the batch in flight to commit and then go as one.
   * With nothing in flight an operation always goes at once, so an idle writer adds no latency.
   */
  gather?: number;
  /**
   * ms: after a commit, with nothing in flight, the next batch waits (at most this long after the
   * commit) until as many operations have been submitted as that commit answered — its callers
   * coming back, as clients in a loop do (default 0: never waits). Closed loops then go in
   * lockstep, all in one statement, instead of splitting into cohorts of half the size that
   * alternate. An operation that finds no commit within this long before it goes at once.
   */
  regather?: number;
  /** the handle (its Kysely) whose close() drains this queue before its pool ends */
  drainWith?: object;
}

/** Refused because the server is stopping: nothing was written, the client may send it again. */
export class ShuttingDownError extends Error {
  /** the error handler's status: a retryable 503 */
  readonly statusCode = 503;
  constructor() {
    super('server shutting down: operation not taken');
  }
}

interface Pending<E, R> {
  e: E;
  resolve: (r: R) => void;
  reject: (err: unknown) => void;
}

/** The statement: one answer per element, in order; it commits before it returns. */
export type BatchStatement<E, R> = (els: E[]) => Promise<R[]>;

export class GroupCommit<E, R> {
  private queue: Pending<E, R>[] = [];
  private running = 0;
  private scheduled = false;
  /** users of the batches in flight, with how many of their operations those hold */
  private readonly inFlightUsers = new Map<number, number>();
  private readonly inFlight: number;
  private readonly maxBatch: number;
  private readonly gather: number;
  private readonly regather: number;
  /** operations answered by the last commits whose callers have not submitted again since (regather) */
  private returning = 0;
  /** when the last commit answered (performance.now()) */
  private committedAt = -Infinity;
  /** how long the answered callers took to come back, smoothed (ms): the wait is twice that, at most `regather` */
  private returnMs: number;
  private waitTimer: ReturnType<typeof setTimeout> | undefined;
  private draining = false;
  private idle: (() => void)[] = [];

  constructor(
    private readonly statement: BatchStatement<E, R>,
    /** the users whose balances an operation moves (their locks are the statement's) */
    private readonly usersOf: (e: E) => readonly number[],
    opts: GroupCommitOptions = {},
  ) {
    this.inFlight = Math.max(1, opts.inFlight ?? 4);
    this.maxBatch = Math.max(1, opts.maxBatch ?? MAX_BATCH);
    this.gather = Math.max(1, opts.gather ?? 1);
    this.regather = Math.max(0, opts.regather ?? 0);
    this.returnMs = this.regather / 4;
    if (opts.drainWith) drainOnClose(opts.drainWith, this);
  }

  /** Stops taking operations; resolves once every one taken has settled (its batch committed or failed). */
  drain(): Promise<void> {
    this.draining = true;
    if (this.queue.length === 0 && this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** Settles after the commit of the statement that carried `e`, with its answer. */
  submit(e: E): Promise<R> {
    if (this.draining) return Promise.reject(new ShuttingDownError());
    return new Promise((resolve, reject) => {
      this.queue.push({ e, resolve, reject });
      if (this.returning > 0 && --this.returning === 0) this.cameBack();
      // after the current tick: the operations submitted in it (a burst, Promise.all) share a batch
      if (!this.scheduled) {
        this.scheduled = true;
        queueMicrotask(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump(): void {
    while (this.running < this.inFlight && this.queue.length > 0) {
      if (this.running > 0 && this.queue.length < this.gather) return; // gathers until a commit returns
      if (this.running === 0 && this.waitsForReturning()) return;
      const batch = this.take();
      if (batch.length === 0) return; // every queued operation waits for a user of a batch in flight
      this.running++;
      for (const p of batch) this.busy(p.e, +1);
      void this.run(batch).finally(() => {
        for (const p of batch) this.busy(p.e, -1);
        this.running--;
        if (this.regather > 0) {
          this.returning += batch.length;
          this.committedAt = performance.now();
        }
        this.pump();
        if (this.running === 0 && this.queue.length === 0) for (const done of this.idle.splice(0)) done();
      });
    }
  }

  /**
   * regather: true while the callers the last commits answered are still to come back, within the
   * window after the commit (a timer then sends what waits). Never while draining or with a full batch.
   */
  private waitsForReturning(): boolean {
    if (this.returning === 0 || this.draining || this.queue.length >= this.maxBatch) return false;
    const window = Math.min(this.regather, 2 * this.returnMs);
    const since = performance.now() - this.committedAt;
    if (since >= window) {
      // operations waited the whole window (its timer): the callers take longer than it; it grows
      if (since < 1.5 * window) this.returnMs = Math.min(this.regather, 0.8 * this.returnMs + 0.3 * since);
      this.returning = 0;
      return false;
    }
    const left = window - since;
    if (!this.waitTimer) {
      this.waitTimer = setTimeout(() => {
        this.waitTimer = undefined;
        this.pump();
      }, Math.ceil(left));
    }
    return true;
  }

  /** Every caller answered came back: how long that took, if within the wait. */
  private cameBack(): void {
    const ms = performance.now() - this.committedAt;
    if (ms <= this.regather) this.returnMs = 0.8 * this.returnMs + 0.2 * ms;
  }

  /**
   * The next batch: queued operations none of whose users is in a batch in flight. Two batches in
   * flight then never share a user — neither waits on the other's balance locks, which are held
   * until its commit's disk flush, so their flushes overlap instead of queueing. An operation passed
   * over blocks its users for the rest of this pass, so one user's operations keep their order.
   */
  private take(): Pending<E, R>[] {
    const batch: Pending<E, R>[] = [];
    const rest: Pending<E, R>[] = [];
    const blocked = new Set<number>();
    const free = (u: number) => !blocked.has(u) && !this.inFlightUsers.has(u);
    for (const p of this.queue) {
      const users = this.usersOf(p.e);
      if (batch.length < this.maxBatch && users.every(free)) batch.push(p);
      else {
        rest.push(p);
        for (const u of users) blocked.add(u);
      }
    }
    this.queue = rest;
    return batch;
  }

  private busy(e: E, d: 1 | -1): void {
    for (const u of new Set(this.usersOf(e))) {
      const n = (this.inFlightUsers.get(u) ?? 0) + d;
      if (n > 0) this.inFlightUsers.set(u, n);
      else this.inFlightUsers.delete(u);
    }
  }

  private async run(batch: Pending<E, R>[]): Promise<void> {
    let rows: R[];
    try {
      rows = await this.statement(batch.map((p) => p.e));
    } catch (err) {
      if (batch.length === 1 || !failedWhole(err)) {
        for (const p of batch) p.reject(err);
        return;
      }
      // the statement itself failed (not a refusal: those are answers, not errors), so nothing
      // of the batch was written; each operation alone, so only the faulty one fails
      await Promise.all(batch.map((p) => this.run([p])));
      return;
    }
    batch.forEach((p, i) => p.resolve(rows[i]));
  }
}

/**
 * True when the server answered the statement with an error, which means it did not commit. A lost
 * connection (no SQLSTATE) or a session ended by the server may have lost the answer to a commit
 * that happened: running those operations again could apply them twice, so their callers get the
 * error, as any caller of a transaction whose COMMIT went unanswered does.
 */
function failedWhole(err: unknown): boolean {
  const s = sqlState(err);
  return s !== undefined && !['08', '57', '58', 'XX'].includes(s.slice(0, 2));
}

/**
 * Runs a batch's statement: on its own (autocommit), or with the handle's lease fence in one
 * transaction; a deadlock with a transaction that locks lazily out of order is retried like one in
 * inTransaction.
 */
export function commitStatement<T>(db: Kysely<Database>, exec: (on: Kysely<Database>) => Promise<T>): Promise<T> {
  return fenceOf(db) ? inTransaction(db, exec) : retrying(() => exec(db));
}
