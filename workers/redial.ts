/**
 * socket.io-client reconnects by itself after a network drop or a crash, but NOT after the server
 * disconnected it ("io server disconnect" — what a deploy's graceful stop does): without this the
 * app stays on "Delayed — reconnecting" until a reload. So after such a disconnect we dial again,
 * with the same backoff as the client's own (spec §9: 1 s → 5 s, ±50 %), until a connect succeeds.
 */
import type { Clock } from './clock';
import type { MarketSocket } from './socket';

const SERVER_DISCONNECT = 'io server disconnect';

export interface RedialOptions {
  baseMs?: number;
  maxMs?: number;
  jitter?: number;
  random?: () => number;
}

export class Redial {
  private timer: unknown = null;
  private attempt = 0;
  private stopped = false;
  private readonly o: Required<RedialOptions>;

  constructor(
    private readonly socket: MarketSocket,
    private readonly clock: Clock,
    opts: RedialOptions = {},
  ) {
    this.o = { baseMs: 1000, maxMs: 5000, jitter: 0.5, random: Math.random, ...opts };
    socket.on('connect', () => {
      this.attempt = 0;
      this.cancel();
    });
    // A failed attempt after our connect() is reported as connect_error; the client does not retry it either.
    socket.on('connect_error', () => {
      if (this.attempt > 0) this.schedule();
    });
    socket.on('disconnect', (reason) => {
      if (reason === SERVER_DISCONNECT) this.schedule();
    });
  }

  /** The delay before attempt `n` (0-based): doubling from baseMs, capped at maxMs, randomised. */
  delay(n: number): number {
    const d = Math.min(this.o.maxMs, this.o.baseMs * 2 ** n);
    const spread = d * this.o.jitter * (this.o.random() * 2 - 1);
    return Math.max(0, Math.round(d + spread));
  }

  stop(): void {
    this.stopped = true;
    this.cancel();
  }

  private schedule(): void {
    if (this.stopped || this.timer !== null) return;
    const ms = this.delay(this.attempt++);
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      if (!this.stopped && !this.socket.connected) this.socket.connect();
    }, ms);
  }

  private cancel(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
