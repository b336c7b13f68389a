/**
 * One open view of the engine: its watcher (symbols, chart), the positions it prices, the user
 * events it asked for, and its own snapshot window.
 */
import type { Snapshot, SnapshotCallback, StreamStatus, WatchView } from './api-types';
import { BookWatch } from './books/book-watch';
import type { BookChannel } from './books/channel';
import type { RowLookup } from './channels/tickers';
import { UserEventQueue } from './channels/user';
import type { PositionBook } from './positions';
import type { LoanBook } from './loans/book';
import type { Watcher } from './watcher';

export interface WatchEntry {
  watcher: Watcher;
  send: SnapshotCallback;
  positions: PositionBook;
  /** the view's loans to price live (workers/loans/) */
  loans: LoanBook;
  /** null unless the view asked for the user's events */
  events: UserEventQueue | null;
  /** null unless the view shows an order book */
  book: BookWatch | null;
  /** this view's own window (0: the base window only; see dueAt) and when it was last sent a snapshot */
  windowMs: number;
  lastSentAt: number;
}

/**
 * A view with its own window is sent at most one snapshot per slot of that window on the shared
 * clock (slots start at multiples of it), not per window after its last one: views with the same
 * window fall due together and are painted in one frame instead of two, and a longer window (the
 * chart's) is served by a flush that the base-window views (the list) make anyway. With the flush
 * following the server's batches, consecutive snapshots are one window apart, give or take one
 * batch period.
 */
export function dueAt(e: WatchEntry): number {
  return e.windowMs > 0 ? (Math.floor(e.lastSentAt / e.windowMs) + 1) * e.windowMs : -Infinity;
}

/** The parts of a view beyond the watcher's symbols and chart: positions to price, user events. */
export function applyExtras(entry: WatchEntry, view: WatchView, baseMs: number): void {
  // A window no longer than the base one is the base one (the throttle's own spacing).
  entry.windowMs = (view.throttleMs ?? 0) > baseMs ? (view.throttleMs ?? 0) : 0;
  entry.positions.setView(view.positions, view.leverAccount);
  entry.loans.setView(view.loans);
  if (view.userEvents) entry.events ??= new UserEventQueue();
  else entry.events = null;
  if (!view.book) entry.book = null;
  else if (entry.book) entry.book.setView(view.book);
  else entry.book = new BookWatch(view.book);
}

/** Whether anything beyond the status is waiting to be sent to this view. */
export function hasPending(e: WatchEntry): boolean {
  return e.watcher.dirty || e.positions.dirty || e.loans.dirty || (e.events?.size ?? 0) > 0 || (e.book?.dirty ?? false);
}

/** The watcher's snapshot (tickers, chart) plus the view's positions, loans, user events and book. */
export function withExtras(
  e: WatchEntry,
  snap: Snapshot | null,
  status: () => StreamStatus,
  rows: RowLookup,
  books: BookChannel,
  nowMs: number,
): Snapshot | null {
  const positions = e.positions.build(rows);
  const loans = e.loans.build(rows, nowMs);
  const events = e.events?.size ? e.events.drain() : null;
  const book = books.build(e.book);
  if (!positions && !loans && !events && !book) return snap;
  const out = snap ?? { status: status() };
  if (positions) out.positions = positions;
  if (loans) out.loans = loans;
  if (events) out.events = events;
  if (book) out.book = book;
  return out;
}
