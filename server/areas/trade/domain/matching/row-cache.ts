/**
 * The rows of the resting spot orders as the engine's steps last wrote them, so a step plans its
 * makers' fills without reading them back (a round trip per step on the symbol's one-at-a-time
 * queue). Only the steps fill in entries; whatever else writes a resting order's row (a cancel, the
 * venue's crosses, a reload of the book) forgets it first, and the next step reads it again. A
 * stale entry could not move money wrongly anyway: spot_step_batch guards each maker's update by
 * the filled quantity it was planned on, and aborts the statement when that does not hold.
 */
import type { TradeContext } from '../context';
import type { SpotRow } from './fills';

const caches = new WeakMap<TradeContext, Map<number, SpotRow>>();

export function rowCache(ctx: TradeContext): Map<number, SpotRow> {
  let m = caches.get(ctx);
  if (!m) caches.set(ctx, (m = new Map()));
  return m;
}

/** A row written outside the steps (or about to be): the next step reads it from the database. */
export function forgetRows(ctx: TradeContext, ids: Iterable<number>): void {
  const m = caches.get(ctx);
  if (m) for (const id of ids) m.delete(id);
}

/** A committed step's rows: the resting ones kept, the others dropped. */
export function keepRows(ctx: TradeContext, rows: readonly SpotRow[]): void {
  const m = rowCache(ctx);
  for (const r of rows) {
    if (r.status === 'open' || r.status === 'partially_filled') m.set(r.id, r);
    else m.delete(r.id);
  }
}

export function forgetAllRows(ctx: TradeContext): void {
  caches.delete(ctx);
}
