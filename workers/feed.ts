/**
 * The socket's market messages, each into what it feeds: `hello` (a new stream epoch), `tickers`
 * into the ticker book, `kline` into the charted series, the user's events into the views that
 * asked for them. Counts the malformed messages it drops and when the server last spoke.
 */
import { SOCKET_EVENTS } from '../core';
import type { BookChannel } from './books/channel';
import type { Cadence } from './cadence';
import type { ChartChannel } from './channels/charts';
import { StreamEpoch } from './channels/epoch';
import { parseTickerUpdates, type TickerBook } from './channels/tickers';
import { fanOutUserEvent, USER_EVENTS, type UserEventName, type UserEventQueue } from './channels/user';
import type { Clock } from './clock';
import type { MarketSocket } from './socket';

export interface FeedDeps {
  clock: Clock;
  cadence: Cadence;
  tickers: TickerBook;
  charts: ChartChannel;
  books: BookChannel;
  /** the open views' user event queues (null for a view that asked for none) */
  eventQueues(): (UserEventQueue | null)[];
  /** these symbols' rows changed: the views and painted rows that show them are due */
  tickersChanged(symbols: string[]): void;
  /** a view has something new: flush when the throttle allows */
  request(): void;
}

export class MarketFeed {
  private readonly epoch = new StreamEpoch();
  /** malformed messages dropped, for diagnosis */
  dropped = 0;
  /** when the server last sent something the views use (their status shows it) */
  lastHeardAt = 0;

  constructor(private readonly deps: FeedDeps) {}

  attach(s: MarketSocket): void {
    s.on(SOCKET_EVENTS.hello, (d) => this.onHello(d));
    s.on(SOCKET_EVENTS.tickers, (d) => this.onTickers(d));
    s.on(SOCKET_EVENTS.kline, (d) => this.onKline(d));
    for (const name of USER_EVENTS) s.on(name, (d) => this.onUserEvent(name, d));
  }

  /** Sequences are per server process: a restarted one counts from the start again. */
  resetSeq(): void {
    this.deps.tickers.resetSeq();
    this.deps.charts.resetSeq();
  }

  /** A new stream epoch (a restarted server) counts seq from the start again: accept it, don't call it old. */
  private onHello(data: unknown): void {
    const changed = this.epoch.hello(data);
    if (changed === null) this.dropped += 1;
    else if (changed) {
      this.resetSeq();
      this.deps.books.restart();
    }
  }

  private onTickers(data: unknown): void {
    const now = this.deps.clock.now();
    const { items, dropped } = parseTickerUpdates(data);
    this.dropped += dropped;
    if (!items.length) return;
    this.lastHeardAt = now;
    const changed = this.deps.tickers.apply(items);
    for (const s of changed) this.deps.cadence.heard(s, now);
    this.deps.tickersChanged(changed);
  }

  private onUserEvent(name: UserEventName, data: unknown): void {
    const r = fanOutUserEvent(name, data, this.deps.eventQueues());
    if (r === 'dropped') this.dropped += 1;
    else this.lastHeardAt = this.deps.clock.now();
    if (r === 'queued') this.deps.request();
  }

  private onKline(data: unknown): void {
    const { heard, dropped } = this.deps.charts.onKline(data);
    this.dropped += dropped;
    if (heard) this.lastHeardAt = this.deps.clock.now();
  }
}
