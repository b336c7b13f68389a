/**
 * When a round may read the tick at its instant (lock or close). A round reads the newest DURABLE
 * tick at or before the instant (ticks.ts) — the rule a restart uses, since a tick only in memory
 * never happened as far as outcomes go. In one process the job flushes the tick log first. In a
 * cluster the feed process writes the log and the jobs process reads it: a job running at the
 * instant could read before the feed has written the ticks of its last beat, and settle on an
 * older one. So the round waits until the log is complete through its instant (the feed's mark,
 * market/store/tick-log.ts). A feed that is down never gets there: past TICK_WAIT_MS the round
 * is decided on what the log holds, as a restart would (a tick too old refunds, rules.ts).
 */

/** how long past its instant a round waits for the durable log to reach it */
export const TICK_WAIT_MS = 5000;
/** how soon a waiting round's job looks again */
export const TICK_RECHECK_MS = 250;

/** is every tick at or before the instant on record (market.durableThrough)? */
export type DurableThrough = (instantMs: number) => Promise<boolean>;

export async function instantRecorded(
  durableThrough: DurableThrough,
  instantMs: number,
  nowMs: number,
): Promise<boolean> {
  return nowMs >= instantMs + TICK_WAIT_MS || (await durableThrough(instantMs));
}
