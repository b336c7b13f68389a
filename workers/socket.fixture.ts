import type { MarketSocket } from './socket';

/** A socket for tests: records what the engine emits; the test plays the server with `fire`. */
export class FakeSocket implements MarketSocket {
  connected = false;
  emitted: [string, unknown][] = [];
  private handlers = new Map<string, ((p: unknown) => void)[]>();
  on(event: string, fn: (p: unknown) => void): void {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
  }
  emit(event: string, payload: unknown): void {
    this.emitted.push([event, payload]);
  }
  /** connect() calls; while `down` the server does not answer (connect_error) */
  dials = 0;
  down = false;
  connect(): void {
    this.dials++;
    if (this.down) this.fire('connect_error', new Error('down'));
    else this.serverConnect();
  }
  disconnect(): void {
    this.connected = false;
  }
  fire(event: string, payload?: unknown): void {
    for (const fn of this.handlers.get(event) ?? []) fn(payload);
  }
  serverConnect(): void {
    this.connected = true;
    this.fire('connect');
  }
  /** a lost connection (network, crash): socket.io-client redials by itself */
  serverDrop(reason = 'transport close'): void {
    this.connected = false;
    this.fire('disconnect', reason);
  }
  /** the server closed the connection (a deploy's graceful stop): socket.io-client does NOT redial */
  serverDisconnect(): void {
    this.serverDrop('io server disconnect');
  }
  /** channels asked for in `subscribe` (or `unsubscribe`) emits, in order */
  channels(kind: 'subscribe' | 'unsubscribe' = 'subscribe'): string[] {
    return this.emitted.filter(([e]) => e === kind).flatMap(([, p]) => (p as { channels: string[] }).channels);
  }
  subs(): string[] {
    return this.channels('subscribe');
  }
}
