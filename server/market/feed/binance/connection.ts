/**
 * One WebSocket connection to the venue (the `ws` package). Binance pings every 20 s and drops a
 * connection that does not answer within a minute; `ws` answers each ping with a pong carrying the
 * same payload (its `autoPong`, on by default), which is what Binance asks for. A connection that
 * stays silent — no frame and no ping — for `idleMs` is cut here: a stalled socket otherwise looks
 * open forever.
 */
import WebSocket from 'ws';

export interface ConnectionEvents {
  open(conn: VenueConnection): void;
  message(conn: VenueConnection, text: string): void;
  /** after open or after a failed attempt; `wanted` is true when close() asked for it */
  close(conn: VenueConnection, info: { code: number; reason: string; wanted: boolean }): void;
}

let nextId = 1;

export class VenueConnection {
  readonly id = nextId++;
  openedAt = 0;
  frames = 0;
  private readonly ws: WebSocket;
  private wanted = false;
  private closed = false;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    url: string,
    private readonly events: ConnectionEvents,
    private readonly opts: { idleMs: number; now: () => number },
  ) {
    this.ws = new WebSocket(url, { handshakeTimeout: Math.min(opts.idleMs, 10_000), autoPong: true });
    this.ws.on('open', () => {
      this.openedAt = opts.now();
      this.touch();
      events.open(this);
    });
    this.ws.on('ping', () => this.touch());
    this.ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      this.frames++;
      this.touch();
      events.message(this, (data as Buffer).toString('utf8'));
    });
    this.ws.on('error', () => {
      // 'close' follows every error; the reason is logged there
    });
    this.ws.on('close', (code, reason) => this.finish(code, reason.toString('utf8')));
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  close(): void {
    this.wanted = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.ws.readyState === WebSocket.CONNECTING || this.ws.readyState === WebSocket.OPEN) this.ws.terminate();
  }

  private touch(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      // silent stall: cut it; 'close' reports it as unwanted, so the feed reconnects
      this.ws.terminate();
    }, this.opts.idleMs);
    this.idleTimer.unref?.();
  }

  private finish(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.events.close(this, { code, reason, wanted: this.wanted });
  }
}
