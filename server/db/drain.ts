/**
 * Work bound to a database handle that must end before its pool does: the group commits' queues
 * (group-commit.ts). A handle's close() drains them first — each stops taking operations and
 * commits (or fails) what it holds — so a shutdown never ends the pool under a batch in flight.
 */
export interface Drainable {
  /** stops taking work; resolves once what was taken has settled */
  drain(): Promise<void>;
}

const byHandle = new WeakMap<object, Set<Drainable>>();

/** `d` is drained when `db` (a handle's Kysely) closes. */
export function drainOnClose(db: object, d: Drainable): void {
  let set = byHandle.get(db);
  if (!set) byHandle.set(db, (set = new Set()));
  set.add(d);
}

/** Drains everything bound to `db`, side by side. */
export async function drainAll(db: object): Promise<void> {
  await Promise.all([...(byHandle.get(db) ?? [])].map((d) => d.drain()));
}
