/**
 * One open view of the engine: its watcher (symbols, chart), the positions it prices, the user
 * events it asked for, and its own snapshot window.
 */
import type { SnapshotCallback, WatchView } from './api-types';
import { UserEventQueue } from './channels/user';
import type { PositionBook } from './positions';
import type { Watcher } from './watcher';

export interface WatchEntry {
  watcher: Watcher;
  send: SnapshotCallback;
  positions: PositionBook;
  /** null unless the view asked for the user's events */
  events: UserEventQueue | null;
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
  if (view.userEvents) entry.events ??= new UserEventQueue();
  else entry.events = null;
}
