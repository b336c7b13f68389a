/**
 * Durable ticks (market_ticks), so an outcome decided after a crash uses only ticks the feed
 * really produced. Per tick this only buffers; a timer (default 200 ms) writes the buffer in one
 * batched insert. For symbols someone has a stake in (`keep`: pending seconds orders…) every tick
 * is written; for the others only the newest of each batch, which keeps the feed's resume point
 * (seq) durable without a row per tick. `durableSeq` is the newest seq whose batch committed.
 * With `mark` (the feed process of a cluster) each write also moves the log's mark (tick_log_mark)
 * to the time its rows were taken, in the same transaction, every beat even without rows: the
 * other processes learn from it that every tick up to then is on record (durableThrough).
 */
import type { Tick } from '../../../core';
import type { MarketRepo, TickRow } from './repo';
import { FlushTimer } from './flush-timer';

export interface TickLogOptions {
  repo: MarketRepo;
  persisted: (symbol: string) => boolean;
  flushMs?: number;
  log: { error(obj: object, msg?: string): void };
  /** keep tick_log_mark current (cluster feed process) */
  mark?: boolean;
  now?: () => number;
}

export class TickLog {
  private buffer: TickRow[] = [];
  private readonly newest = new Map<string, TickRow>();
  private readonly durable = new Map<string, number>();
  private readonly keeps: ((symbol: string) => boolean)[] = [];
  private readonly beat: FlushTimer;

  constructor(private readonly opts: TickLogOptions) {
    this.beat = new FlushTimer(() => this.flushNow(), opts.flushMs ?? 200);
  }

  /** adds a rule for which symbols need every tick kept (trading: books; products: dual symbols) */
  addKeep(keep: (symbol: string) => boolean): void {
    this.keeps.push(keep);
  }

  private keep(symbol: string): boolean {
    return this.keeps.some((k) => k(symbol));
  }

  record(t: Tick): void {
    if (!this.opts.persisted(t.symbol)) return;
    const row = { symbol: t.symbol, seq: t.seq, price: t.price, ts: t.ts };
    if (this.keep(t.symbol)) this.buffer.push(row);
    else this.newest.set(t.symbol, row);
  }

  durableSeq(symbol: string): number {
    return this.durable.get(symbol) ?? 0;
  }

  start(): void {
    this.beat.start();
  }

  stop(): Promise<void> {
    return this.beat.stop();
  }

  flush(): Promise<void> {
    return this.beat.flush();
  }

  private async flushNow(): Promise<void> {
    // every tick recorded so far is in `rows` (one synchronous step): the log is complete through now
    const through = this.opts.mark ? (this.opts.now ?? Date.now)() : undefined;
    const rows = [...this.buffer, ...this.newest.values()];
    if (rows.length === 0 && through === undefined) return;
    this.buffer = [];
    this.newest.clear();
    try {
      await this.opts.repo.insertTicks(rows, through);
      for (const r of rows) if (r.seq > this.durableSeq(r.symbol)) this.durable.set(r.symbol, r.seq);
    } catch (err) {
      // Keep them for the next beat (inserts are idempotent per (symbol, seq)).
      this.buffer = [...rows, ...this.buffer];
      this.opts.log.error({ err }, 'market: tick flush failed');
    }
  }
}
