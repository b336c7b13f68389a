/**
 * The feed's link to the venue: one connection at a time, two during a roll-over.
 *
 * - An unwanted close (a drop, a refused connect, a silent stall cut by connection.ts) reconnects
 *   after an exponential backoff with jitter: uniform in [cap/2, cap], cap = min(max, base·2^n);
 *   a connection that lived past a minute starts the count again.
 * - Roll-over: Binance cuts a connection at 24 h, so at `rollMs` a second one opens; both run for
 *   `overlapMs` (the feed drops what arrives twice), then the old one closes. A primary cut during
 *   the overlap hands over to the new one at once. Neither is a gap: `connected` is not told.
 */
import { VenueConnection } from './connection';

const MINUTE = 60_000;

export interface LinkEvents {
  /** a fresh connection after none (start or reconnect): what was missed must be fetched */
  connected(): void;
  /** the only connection is gone: nothing arrives until `connected` */
  lost(): void;
  frame(text: string): void;
}

export interface LinkOptions {
  idleMs: number;
  rollMs: number;
  overlapMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  now: () => number;
  random: () => number;
}

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export class VenueLink {
  /** the delay chosen before each reconnect, in order (status, tests) */
  readonly reconnects: number[] = [];
  private primary: VenueConnection | undefined;
  private next: VenueConnection | undefined;
  private attempt = 0;
  private running = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private rollTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly url: string,
    private readonly events: LinkEvents,
    private readonly o: LinkOptions,
    private readonly log: Log,
  ) {}

  get isOpen(): boolean {
    return this.primary?.isOpen ?? false;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.primary = this.connect();
  }

  stop(): void {
    this.running = false;
    for (const t of [this.retryTimer, this.rollTimer]) if (t) clearTimeout(t);
    this.primary?.close();
    this.next?.close();
    this.primary = this.next = undefined;
  }

  private connect(): VenueConnection {
    return new VenueConnection(
      this.url,
      {
        open: (c) => this.opened(c),
        message: (c, text) => {
          if (c === this.primary || c === this.next) this.events.frame(text);
        },
        close: (c, info) => this.closed(c, info),
      },
      { idleMs: this.o.idleMs, now: this.o.now },
    );
  }

  private opened(c: VenueConnection): void {
    if (!this.running) return c.close();
    this.scheduleRoll(c);
    if (c === this.next) {
      const old = this.primary;
      this.log.info({ conn: c.id }, 'binance: roll-over connection open');
      const t = setTimeout(() => {
        if (this.next !== c) return;
        this.primary = c;
        this.next = undefined;
        old?.close();
      }, this.o.overlapMs);
      t.unref?.();
      return;
    }
    this.log.info({ conn: c.id, attempt: this.attempt }, 'binance: connected');
    this.events.connected();
  }

  private closed(c: VenueConnection, info: { code: number; reason: string; wanted: boolean }): void {
    if (info.wanted || !this.running) return;
    if (c === this.next) {
      this.next = undefined;
      this.log.warn({ conn: c.id, code: info.code }, 'binance: roll-over connection failed; retrying');
      this.retryRoll();
      return;
    }
    if (c !== this.primary) return;
    if (this.next?.isOpen) {
      // cut during the overlap: the new connection already carries everything
      this.primary = this.next;
      this.next = undefined;
      return;
    }
    this.next?.close();
    this.next = undefined;
    this.primary = undefined;
    this.events.lost();
    if (c.openedAt && this.o.now() - c.openedAt > MINUTE) this.attempt = 0;
    const delay = this.backoff(this.attempt++);
    this.reconnects.push(delay);
    this.log.warn(
      { conn: c.id, code: info.code, reason: info.reason, delayMs: delay },
      'binance: connection lost; reconnecting',
    );
    this.retryTimer = setTimeout(() => {
      if (this.running) this.primary = this.connect();
    }, delay);
    this.retryTimer.unref?.();
  }

  private backoff(n: number): number {
    const cap = Math.min(this.o.backoffMaxMs, this.o.backoffBaseMs * 2 ** Math.min(n, 20));
    return Math.round(cap / 2 + (cap / 2) * this.o.random());
  }

  private scheduleRoll(c: VenueConnection): void {
    if (this.rollTimer) clearTimeout(this.rollTimer);
    this.rollTimer = setTimeout(() => {
      if (!this.running || this.primary !== c || this.next) return;
      this.next = this.connect();
    }, this.o.rollMs);
    this.rollTimer.unref?.();
  }

  private retryRoll(): void {
    this.rollTimer = setTimeout(() => {
      if (this.running && this.primary && !this.next) this.next = this.connect();
    }, this.backoff(1));
    this.rollTimer.unref?.();
  }
}
