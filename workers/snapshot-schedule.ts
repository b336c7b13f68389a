/**
 * When snapshots go out: the views' throttle (a flush follows a server batch, and waits for a view
 * whose own window is longer), the painted rows' own shorter one, and a check every second so a
 * stream that fell silent is shown stale without a message to trigger it.
 */
import type { Clock } from './clock';
import { Throttle } from './throttle';

/** The server flushes its batches every 25 ms (server/market/socket.ts); the fallback flush waits a little longer. */
const BATCH_GRACE_MS = 35;

const STALE_CHECK_MS = 1000;

export interface Flushes {
  /** sends the due views their snapshots; whether any was sent */
  views(): boolean;
  /** when the soonest view may be sent its next snapshot */
  earliestDue(): number;
  /** paints the painted rows; whether any was painted */
  rows(): boolean;
}

export class SnapshotSchedule {
  private views: Throttle | null = null;
  /** the painted rows' own window (they cost the main thread nothing, so it is shorter) */
  private rows: Throttle | null = null;
  private staleTimer: unknown = null;

  constructor(private readonly clock: Clock) {}

  start(viewsMs: number, rowsMs: number, flush: Flushes): void {
    this.views = new Throttle(
      viewsMs,
      () => flush.views(),
      this.clock,
      BATCH_GRACE_MS,
      () => flush.earliestDue(),
    );
    this.rows = new Throttle(rowsMs, () => flush.rows(), this.clock, BATCH_GRACE_MS);
    this.scheduleStaleCheck();
  }

  /** A view has something new (a no-op before start). */
  request(): void {
    this.views?.request();
  }

  /** A painted row has something new. */
  requestPaint(): void {
    this.rows?.request();
  }

  /** Every view's status and every painted row is due (connection or staleness changed). */
  requestAll(): void {
    this.request();
    this.requestPaint();
  }

  stop(): void {
    this.views?.cancel();
    this.rows?.cancel();
    if (this.staleTimer !== null) this.clock.clearTimeout(this.staleTimer);
    this.staleTimer = null;
  }

  private scheduleStaleCheck(): void {
    this.staleTimer = this.clock.setTimeout(() => {
      this.requestAll(); // build() sends only when a view's stale set actually changed
      this.scheduleStaleCheck();
    }, STALE_CHECK_MS);
  }
}
