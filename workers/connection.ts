/**
 * The market socket and its lifecycle — opened on start, dialled again after a server-initiated
 * disconnect (Redial) or at once on a resync, closed on stop — and the session it carries: the
 * token that joins the user's private room, and the headers the REST history loads send.
 */
import { HEADERS, SOCKET_EVENTS } from '../core';
import type { Clock } from './clock';
import { Redial } from './redial';
import type { MarketSocket } from './socket';

export interface ConnectionEvents {
  /** the socket connected; `reconnect` unless it is its first connection */
  connected(reconnect: boolean): void;
  disconnected(): void;
}

export class MarketConnection {
  private current: MarketSocket | null = null;
  private token: string | null = null;
  private headers: Record<string, string> = {};
  private everConnected = false;
  /** dials again after a server-initiated disconnect (a deploy), which socket.io-client does not */
  private redial: Redial | null = null;

  constructor(
    private readonly openSocket: (origin: string) => MarketSocket,
    private readonly clock: Clock,
  ) {}

  /** null before start and after stop */
  get socket(): MarketSocket | null {
    return this.current;
  }

  get connected(): boolean {
    return !!this.current?.connected;
  }

  /** Opens the socket; the caller adds its message handlers after these. */
  open(origin: string, events: ConnectionEvents): MarketSocket {
    const s = this.openSocket(origin);
    this.current = s;
    s.on('connect', () => {
      const reconnect = this.everConnected;
      this.everConnected = true;
      if (this.token) this.sendAuth();
      events.connected(reconnect);
    });
    s.on('disconnect', () => events.disconnected());
    this.redial = new Redial(s, this.clock);
    return s;
  }

  setSession(token: string | null, lang: string): void {
    this.token = token || null;
    this.headers = { [HEADERS.lang]: lang };
    if (this.token) this.headers[HEADERS.authorization] = this.token;
    // `auth {token: null}` leaves the private room on logout.
    if (this.connected) this.sendAuth();
  }

  /** The session's headers for a REST call (a copy: a later setSession must not change a request made). */
  requestHeaders(): Record<string, string> {
    return { ...this.headers };
  }

  /**
   * Whether the socket is up, so the caller refetches what may have been missed. One that is down
   * is dialled now — after a hidden tab or a network change the backoff timer may be far off — and
   * its connect refetches.
   */
  resync(): boolean {
    const s = this.current;
    if (!s) return false;
    if (s.connected) return true;
    s.connect();
    return false;
  }

  stop(): void {
    this.redial?.stop();
    this.current?.disconnect();
    this.current = null;
  }

  private sendAuth(): void {
    this.current?.emit(SOCKET_EVENTS.auth, { token: this.token });
  }
}
