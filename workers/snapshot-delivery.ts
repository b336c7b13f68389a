/**
 * What a flush sends: each view whose window has passed gets what changed for it (tickers, chart
 * bars with their indicator lines, positions, loans, events, book) and its stream status, handed
 * over with flow control.
 */
import type { Snapshot, StreamStatus } from './api-types';
import type { BookChannel } from './books/channel';
import type { RowLookup } from './channels/tickers';
import type { Clock } from './clock';
import { attachLines, type ComputeLines } from './indicators/push';
import type { Watcher } from './watcher';
import type { Watches } from './watches';
import { dueAt, hasPending, withExtras, type WatchEntry } from './watch-entry';

export interface DeliveryDeps {
  clock: Clock;
  watches: Watches;
  rows: RowLookup;
  books: BookChannel;
  indicators: ComputeLines;
  connected(): boolean;
  /** which streams are stale at `now` */
  staleAt(now: number): (key: string) => boolean;
  /** a series refetching after a gap is not live yet */
  isCatchingUp(key: string): boolean;
  lastHeardAt(): number;
  /** the view's page is gone */
  unwatch(id: number): void;
  /** ask the throttle for another flush */
  request(): void;
}

export class SnapshotDelivery {
  constructor(private readonly deps: DeliveryDeps) {}

  /** Sends each due view its snapshot; whether any was sent. */
  flush(): boolean {
    const now = this.deps.clock.now();
    let sent = false;
    let waiting = false;
    for (const entry of this.deps.watches.values()) {
      if (entry.watcher.inflight) continue; // coalesce until the main thread has taken the last one
      if (now < dueAt(entry)) {
        // A longer window than the base one: keep coalescing, come back when it has passed.
        waiting ||= hasPending(entry);
        continue;
      }
      const status = () => this.status(entry.watcher, now);
      const { rows, books } = this.deps;
      const snap = withExtras(entry, entry.watcher.build(status(), rows), status, rows, books, now);
      attachLines(snap, entry.watcher.chartIndicators, this.deps.indicators);
      if (snap) {
        entry.lastSentAt = now;
        this.deliver(entry, snap);
        sent = true;
      }
    }
    if (waiting) this.deps.clock.setTimeout(() => this.deps.request(), 0);
    return sent;
  }

  /** When the first watcher with something to send may be sent it (its own window has passed). */
  earliestDue(): number {
    let dirty = Infinity;
    let any = Infinity;
    for (const e of this.deps.watches.values()) {
      if (e.watcher.inflight) continue;
      const due = dueAt(e);
      any = Math.min(any, due);
      if (hasPending(e)) dirty = Math.min(dirty, due);
    }
    // Nothing pending but a status check asked: the soonest watcher decides.
    return dirty !== Infinity ? dirty : any;
  }

  private status(watcher: Watcher, now: number): StreamStatus {
    const connected = this.deps.connected();
    const isStale = this.deps.staleAt(now);
    const stale: string[] = [];
    if (watcher.wantsTickers)
      for (const sym of watcher.viewSymbols(this.deps.rows.keys())) if (isStale(sym)) stale.push(sym);
    const key = watcher.chartKey;
    if (key && (isStale(key) || this.deps.isCatchingUp(key))) stale.push(key);
    stale.sort();
    return { connected, lastHeardAt: this.deps.lastHeardAt(), stale };
  }

  /**
   * Flow control: the next snapshot for a watcher waits until the main thread has handled the
   * previous one (a Comlink call resolves after the callback ran), so a slow phone gets fewer,
   * fuller snapshots instead of a growing queue.
   */
  private deliver(entry: WatchEntry, snap: Snapshot): void {
    entry.watcher.inflight = true;
    let result: unknown;
    try {
      result = entry.send(snap);
    } catch {
      this.deps.unwatch(entry.watcher.id);
      return;
    }
    Promise.resolve(result).then(
      () => {
        entry.watcher.inflight = false;
        this.deps.request();
      },
      () => this.deps.unwatch(entry.watcher.id), // the page that watched is gone
    );
  }
}
