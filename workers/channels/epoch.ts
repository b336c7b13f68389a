/**
 * The server's stream epoch (`hello {epoch}`, sent on every connection; server/market/socket.ts).
 * Sequence numbers are per server process: a restarted server counts from the start again, so
 * seq expectations kept from another epoch would discard its fresh data as "old". When the epoch
 * changes the caller resets them. An older server that sends no hello leaves this silent (the
 * engine also resets on every new connection).
 */
import { isObj } from './validate';

export class StreamEpoch {
  private current: number | null = null;

  /** Takes a hello payload; true when it names a different epoch than the one seen before. */
  hello(data: unknown): boolean | null {
    if (!isObj(data) || typeof data.epoch !== 'number' || !Number.isFinite(data.epoch)) return null;
    const changed = this.current !== null && this.current !== data.epoch;
    this.current = data.epoch;
    return changed;
  }

  get value(): number | null {
    return this.current;
  }
}
