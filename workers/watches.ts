/**
 * The open views by watch id (one WatchEntry each), and the fan-out of changed tickers and bars to
 * the views they concern.
 */
import type { ChartBar, SnapshotCallback, WatchView } from './api-types';
import { LoanBook } from './loans/book';
import { PositionBook } from './positions';
import { Watcher } from './watcher';
import { applyExtras, type WatchEntry } from './watch-entry';

export class Watches {
  private readonly entries = new Map<number, WatchEntry>();
  private nextId = 1;

  /** `baseMs`: the worker's base snapshot window, against which a view's own window is judged */
  constructor(private readonly baseMs: () => number) {}

  add(view: WatchView, send: SnapshotCallback): number {
    const id = this.nextId++;
    const entry: WatchEntry = {
      watcher: new Watcher(id, view),
      send,
      positions: new PositionBook(),
      loans: new LoanBook(),
      events: null,
      book: null,
      windowMs: 0,
      lastSentAt: -Infinity,
    };
    applyExtras(entry, view, this.baseMs());
    this.entries.set(id, entry);
    return id;
  }

  /** false when no such watch is open */
  update(id: number, view: WatchView): boolean {
    const w = this.entries.get(id);
    if (!w) return false;
    w.watcher.setView(view);
    applyExtras(w, view, this.baseMs());
    return true;
  }

  remove(id: number): void {
    this.entries.delete(id);
  }

  clear(): void {
    this.entries.clear();
  }

  values(): IterableIterator<WatchEntry> {
    return this.entries.values();
  }

  /** One part of every open view, in watch order (what the books and the user events fan out to). */
  pluck<K extends keyof WatchEntry>(part: K): WatchEntry[K][] {
    return [...this.entries.values()].map((e) => e[part]);
  }

  /** Whether a view shows any of these symbols (its rows, positions or loans). */
  noteTickers(changed: string[]): boolean {
    let any = false;
    for (const { watcher, positions, loans } of this.entries.values()) {
      any = watcher.noteTickers(changed) || any;
      any = positions.noteTickers(changed) || any;
      any = loans.noteTickers(changed) || any;
    }
    return any;
  }

  /** Whether a view charts the series `key`. */
  noteBars(key: string, bars: ChartBar[]): boolean {
    let any = false;
    for (const { watcher } of this.entries.values()) any = watcher.noteBars(key, bars) || any;
    return any;
  }
}
