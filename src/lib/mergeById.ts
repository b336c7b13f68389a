/**
 * Messages held by a chat (customer service, the chat room), merged by id: whatever arrives twice
 * (a live event and the catch-up after a reconnect, two overlapping pages) is kept once, and the
 * list stays in id order.
 */
export function mergeMessages<T extends { id: number }>(held: readonly T[], incoming: readonly T[]): T[] {
  if (!incoming.length) return held as T[];
  const byId = new Map<number, T>();
  for (const m of held) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The newest id held (what a catch-up asks "after"), 0 when none. */
export const lastId = (held: readonly { id: number }[]): number => held.at(-1)?.id ?? 0;
