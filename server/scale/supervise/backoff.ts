/**
 * How long the cluster supervisor waits before it starts a node that exited again. A node that
 * ran for a while (a kill, an out-of-memory exit) comes back after a second; one that keeps dying
 * soon after its start (a crash at boot) waits twice as long each time, up to half a minute, so a
 * broken node does not spin the machine. Staying up STABLE_MS starts the count afresh.
 */
export const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 30_000;
/** a node that ran at least this long before it exited was not crashing at boot */
export const STABLE_MS = 10_000;

/** the count of quick exits in a row after one more exit, given how long that run lasted */
export function nextQuickCrashes(quickCrashes: number, upMs: number): number {
  return upMs >= STABLE_MS ? 0 : quickCrashes + 1;
}

/** the wait before the next start, after `quickCrashes` quick exits in a row (0: it had stayed up) */
export function restartDelay(quickCrashes: number): number {
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, quickCrashes - 1));
}
