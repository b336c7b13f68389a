/** The family's time strings (WIRE.md: a position's `transaction_time`): "YYYY-MM-DD HH:MM:SS", UTC. */
export function wireTime(at: Date | number): string {
  return new Date(at).toISOString().slice(0, 19).replace('T', ' ');
}
