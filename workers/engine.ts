/**
 * The worker's brain, composing the channels (workers/channels/): one socket, the union of all
 * watchers' subscriptions, the ticker book, the
 * charted series, data age, and the throttled snapshot stream. No worker globals here (they are in
 * market.worker.ts), so it runs under a fake socket and clock in tests.
 */
import { CONSTANTS, HEADERS, SOCKET_EVENTS, TICKER_CHANNEL_PREFIX, type Period } from '../core';
import type {
  ChartBar,
  HistoryPayload,
  IndicatorLines,
  IndicatorSpec,
  PaintedRow,
  PaintStats,
  PaintTheme,
  RowLayout,
  Snapshot,
  SnapshotCallback,
  StreamStatus,
  WatchView,
  WorkerConfig,
} from './api-types';
import { BookChannel } from './books/channel';
import { IndicatorTracks } from './indicators/tracks';
import { attachLines } from './indicators/push';
import { Cadence } from './cadence';
import { ChartChannel } from './channels/charts';
import { KLINE_PREFIX } from './channels/kline';
import { parseTickerUpdates, TickerBook, TICKERS_CHANNEL } from './channels/tickers';
import { fanOutUserEvent, USER_EVENTS, type UserEventName } from './channels/user';
import { StreamEpoch } from './channels/epoch';
import type { Clock } from './clock';
import { fetchHistory as realFetchHistory, type HistoryRequest } from './channels/history';
import { RowPainter, type PaintSurface } from './paint/row-painter';
import { PositionBook } from './positions';
import { LoanBook } from './loans/book';
import { Redial } from './redial';
import type { MarketSocket } from './socket';
import { Throttle } from './throttle';
import { Watcher } from './watcher';
import { chartKeysOf, desiredChannels } from './subscriptions';
import { applyExtras, dueAt, hasPending, withExtras, type WatchEntry } from './watch-entry';

export interface EngineDeps {
  openSocket(origin: string): MarketSocket;
  fetchHistory?: (req: HistoryRequest) => Promise<ChartBar[]>;
  clock: Clock;
  /** after the frame that shows a painted row (the worker's requestAnimationFrame), for tick→paint samples */
  afterFrame?: (fn: () => void) => void;
}

/** The server flushes its batches every 25 ms (server/market/socket.ts); the fallback flush waits a little longer. */
const BATCH_GRACE_MS = 35;

const STALE_CHECK_MS = 1000;

export class MarketEngine {
  private config: Required<WorkerConfig> | null = null;
  private socket: MarketSocket | null = null;
  private headers: Record<string, string> = {};
  private token: string | null = null;
  private readonly watches = new Map<number, WatchEntry>();
  private nextId = 1;
  private readonly book = new TickerBook();
  private readonly cadence = new Cadence();
  /** the charted series: kline updates, history loads and gap refetches */
  private readonly charts: ChartChannel;
  private subscribed = new Set<string>();
  private lastHeardAt = 0;
  private throttle: Throttle | null = null;
  /** the painted rows' own window (they cost the main thread nothing, so it is shorter) */
  private paintThrottle: Throttle | null = null;
  private staleTimer: unknown = null;
  private everConnected = false;
  /** dials again after a server-initiated disconnect (a deploy), which socket.io-client does not */
  private redial: Redial | null = null;
  private readonly epoch = new StreamEpoch();
  /** Markets rows whose figures this worker paints into transferred canvases */
  private readonly painter: RowPainter;
  /** chart indicators, kept incrementally per series and spec (workers/indicators/) */
  private readonly tracks = new IndicatorTracks();
  /** order books and trades of the symbols views watch (workers/books/) */
  readonly books = new BookChannel({
    socket: () => this.socket,
    watches: () => [...this.watches.values()].map((e) => e.book),
    request: () => this.throttle?.request(),
  });
  /** malformed messages dropped, for diagnosis */
  dropped = 0;

  constructor(private readonly deps: EngineDeps) {
    this.charts = new ChartChannel({
      clock: deps.clock,
      cadence: this.cadence,
      fetchHistory: deps.fetchHistory ?? realFetchHistory,
      request: (symbol, period, from, to) => this.request(symbol, period, from, to),
      isStreaming: (key) => this.subscribed.has(key) && !this.staleAt(this.deps.clock.now())(key),
      publish: (key, bars) => this.publishBars(key, bars),
      requestAll: () => this.requestAll(),
    });
    this.painter = new RowPainter({ now: () => deps.clock.now(), afterFrame: deps.afterFrame });
  }

  async start(config: WorkerConfig): Promise<void> {
    if (this.socket) return;
    this.config = { throttleMs: 100, paintMs: CONSTANTS.rowPaintMs, ...config };
    this.throttle = new Throttle(
      this.config.throttleMs,
      () => this.flush(),
      this.deps.clock,
      BATCH_GRACE_MS,
      () => this.earliestDue(),
    );
    this.paintThrottle = new Throttle(this.config.paintMs, () => this.flushPaint(), this.deps.clock, BATCH_GRACE_MS);
    const s = this.deps.openSocket(config.origin);
    this.socket = s;
    s.on('connect', () => this.onConnect());
    s.on('disconnect', () => this.onDisconnect());
    this.redial = new Redial(s, this.deps.clock);
    s.on(SOCKET_EVENTS.hello, (d) => this.onHello(d));
    s.on(SOCKET_EVENTS.tickers, (d) => this.onTickers(d));
    s.on(SOCKET_EVENTS.kline, (d) => this.onKline(d));
    for (const name of USER_EVENTS) s.on(name, (d) => this.onUserEvent(name, d));
    this.books.attach(s);
    this.scheduleStaleCheck();
  }

  setSession(token: string | null, lang: string): void {
    this.token = token || null;
    this.headers = { [HEADERS.lang]: lang };
    if (this.token) this.headers[HEADERS.authorization] = this.token;
    // `auth {token: null}` leaves the private room on logout.
    if (this.socket?.connected) this.socket.emit(SOCKET_EVENTS.auth, { token: this.token });
  }

  watch(view: WatchView, send: SnapshotCallback): number {
    const id = this.nextId++;
    const entry: WatchEntry = {
      watcher: new Watcher(id, view),
      send,
      positions: new PositionBook(),
      loans: new LoanBook(),
      events: null,
      book: null,
      windowMs: 0,
      lastSentAt: -Infinity,
    };
    applyExtras(entry, view, this.config?.throttleMs ?? 0);
    this.watches.set(id, entry);
    this.syncSubscriptions();
    this.throttle?.request();
    return id;
  }

  updateView(id: number, view: WatchView): void {
    const w = this.watches.get(id);
    if (!w) return;
    w.watcher.setView(view);
    applyExtras(w, view, this.config?.throttleMs ?? 0);
    this.syncSubscriptions();
    this.throttle?.request();
  }

  unwatch(id: number): void {
    this.watches.delete(id);
    this.syncSubscriptions();
  }

  // ---- painted rows ----

  /** Paint a row's figures into `surface` from now on (see RowPainter); its symbol is subscribed meanwhile. */
  paintRow(id: number, surface: PaintSurface, row: PaintedRow): void {
    if (!this.painter.attach(id, surface, row)) return;
    this.syncSubscriptions();
    this.paintNow(id);
  }

  relayoutRow(id: number, layout: RowLayout): void {
    this.painter.relayout(id, layout);
    this.paintNow(id);
  }

  unpaintRow(id: number): void {
    this.painter.detach(id);
    this.syncSubscriptions();
  }

  setPaintTheme(theme: PaintTheme): void {
    this.painter.setTheme(theme);
    this.paintThrottle?.request();
  }

  paintStats(): PaintStats {
    return this.painter.stats();
  }

  /** A row just put up or moved is painted at once (see RowPainter.paintNow). */
  private paintNow(id: number): void {
    this.painter.paintNow(id, this.book.rows, this.staleAt(this.deps.clock.now()));
  }

  /** Whether a stream is stale at `now`: everything while disconnected, else silent past its cadence. */
  private staleAt(now: number): (key: string) => boolean {
    const connected = !!this.socket?.connected;
    return (key) => !connected || this.cadence.isStale(key, now);
  }

  history(symbol: string, period: Period, range?: { from: number; to: number }): Promise<HistoryPayload> {
    return this.charts.history(symbol, period, range);
  }

  indicators(symbol: string, period: Period, spec: IndicatorSpec, from = 0): IndicatorLines | null {
    const bars = this.charts.bars(symbol, period);
    return bars ? this.tracks.compute(`${symbol}|${period}`, spec, bars, from) : null;
  }

  async resync(_reason: string): Promise<void> {
    const s = this.socket;
    if (!s) return;
    // After a hidden tab or a network change the backoff timer may be far off: try now.
    if (!s.connected) {
      s.connect();
      return; // onConnect refetches once the socket is back
    }
    await this.charts.refetchAll(this.chartKeys());
  }

  stop(): void {
    this.redial?.stop();
    this.socket?.disconnect();
    this.socket = null;
    this.throttle?.cancel();
    this.paintThrottle?.cancel();
    if (this.staleTimer !== null) this.deps.clock.clearTimeout(this.staleTimer);
    this.staleTimer = null;
    this.watches.clear();
    this.subscribed.clear();
  }

  // ---- socket events ----

  private onConnect(): void {
    const reconnect = this.everConnected;
    this.everConnected = true;
    // A new connection may reach a restarted server: sequences start over, and nothing is live
    // until it speaks again.
    this.resetSeq();
    this.cadence.markAllUnheard();
    this.subscribed.clear();
    if (this.token) this.socket?.emit(SOCKET_EVENTS.auth, { token: this.token });
    this.syncSubscriptions();
    if (reconnect) void this.charts.refetchAll(this.chartKeys());
    this.requestAll();
  }

  /** A new stream epoch (a restarted server) counts seq from the start again: accept it, don't call it old. */
  private onHello(data: unknown): void {
    const changed = this.epoch.hello(data);
    if (changed === null) this.dropped += 1;
    else if (changed) {
      this.resetSeq();
      this.books.restart();
    }
  }

  private resetSeq(): void {
    this.book.resetSeq();
    this.charts.resetSeq();
  }

  private onDisconnect(): void {
    this.subscribed.clear();
    this.requestAll();
  }

  private onTickers(data: unknown): void {
    const now = this.deps.clock.now();
    const { items, dropped } = parseTickerUpdates(data);
    this.dropped += dropped;
    if (!items.length) return;
    this.lastHeardAt = now;
    const changed = this.book.apply(items);
    for (const s of changed) this.cadence.heard(s, now);
    let any = false;
    for (const { watcher, positions, loans } of this.watches.values()) {
      any = watcher.noteTickers(changed) || any;
      any = positions.noteTickers(changed) || any;
      any = loans.noteTickers(changed) || any;
    }
    if (any) this.throttle?.request();
    if (this.painter.noteTickers(changed)) this.paintThrottle?.request();
  }

  private onUserEvent(name: UserEventName, data: unknown): void {
    const r = fanOutUserEvent(
      name,
      data,
      [...this.watches.values()].map((w) => w.events),
    );
    if (r === 'dropped') this.dropped += 1;
    else this.lastHeardAt = this.deps.clock.now();
    if (r === 'queued') this.throttle?.request();
  }

  private onKline(data: unknown): void {
    const { heard, dropped } = this.charts.onKline(data);
    this.dropped += dropped;
    if (heard) this.lastHeardAt = this.deps.clock.now();
  }

  // ---- history ----

  private request(symbol: string, period: Period, from: number, to: number): HistoryRequest {
    if (!this.config) throw new Error('market worker not started');
    return { apiBase: this.config.apiBase, symbol, period, from, to, headers: { ...this.headers } };
  }

  private publishBars(key: string, bars: ChartBar[]): void {
    let any = false;
    for (const { watcher } of this.watches.values()) any = watcher.noteBars(key, bars) || any;
    if (any) this.throttle?.request();
  }

  // ---- subscriptions ----

  private chartKeys(): Set<string> {
    return chartKeysOf(this.watches.values());
  }

  private syncSubscriptions(): void {
    const want = desiredChannels(this.watches.values(), this.painter.symbols, this.books.channels());
    // Series nobody charts any more are dropped (their live updates stop), unless a load is running.
    this.charts.keep(want, (key) => key !== TICKERS_CHANNEL);
    const s = this.socket;
    if (!s?.connected) return;
    const add = [...want].filter((c) => !this.subscribed.has(c));
    const remove = [...this.subscribed].filter((c) => !want.has(c));
    // A symbol just subscribed is not stale while its first-state answer is on the way; a chart's
    // stream just opened is live until it has been silent past the floor (Cadence.opened).
    const now = this.deps.clock.now();
    for (const c of add)
      if (c.startsWith(KLINE_PREFIX)) this.cadence.opened(c, now);
      else if (c.startsWith(TICKER_CHANNEL_PREFIX)) this.cadence.grace(c.slice(TICKER_CHANNEL_PREFIX.length), now);
    if (add.length) s.emit(SOCKET_EVENTS.subscribe, { channels: add });
    if (remove.length) s.emit(SOCKET_EVENTS.unsubscribe, { channels: remove });
    this.subscribed = want;
  }

  // ---- snapshots ----

  private requestAll(): void {
    this.throttle?.request();
    this.paintThrottle?.request();
  }

  private status(watcher: Watcher, now: number): StreamStatus {
    const connected = !!this.socket?.connected;
    const isStale = this.staleAt(now);
    const stale: string[] = [];
    if (watcher.wantsTickers)
      for (const sym of watcher.viewSymbols(this.book.rows.keys())) if (isStale(sym)) stale.push(sym);
    const key = watcher.chartKey;
    if (key && (isStale(key) || this.charts.isCatchingUp(key))) stale.push(key);
    stale.sort();
    return { connected, lastHeardAt: this.lastHeardAt, stale };
  }

  /** When the first watcher with something to send may be sent it (its own window has passed). */
  private earliestDue(): number {
    let dirty = Infinity;
    let any = Infinity;
    for (const e of this.watches.values()) {
      if (e.watcher.inflight) continue;
      const due = dueAt(e);
      any = Math.min(any, due);
      if (hasPending(e)) dirty = Math.min(dirty, due);
    }
    // Nothing pending but a status check asked: the soonest watcher decides.
    return dirty !== Infinity ? dirty : any;
  }

  /** Paints the rows whose figures changed; with none changed it is a status check (a stream gone stale is struck through without a tick). */
  private flushPaint(): boolean {
    return this.painter.size > 0 && this.painter.paint(this.book.rows, this.staleAt(this.deps.clock.now())) > 0;
  }

  private flush(): boolean {
    const now = this.deps.clock.now();
    let sent = false;
    let waiting = false;
    for (const entry of this.watches.values()) {
      if (entry.watcher.inflight) continue; // coalesce until the main thread has taken the last one
      if (now < dueAt(entry)) {
        // A longer window than the base one: keep coalescing, come back when it has passed.
        waiting ||= hasPending(entry);
        continue;
      }
      const status = () => this.status(entry.watcher, now);
      const snap = withExtras(
        entry,
        entry.watcher.build(status(), this.book.rows),
        status,
        this.book.rows,
        this.books,
        now,
      );
      attachLines(snap, entry.watcher.chartIndicators, (sy, pe, sp, from) => this.indicators(sy, pe, sp, from));
      if (snap) {
        entry.lastSentAt = now;
        this.deliver(entry, snap);
        sent = true;
      }
    }
    if (waiting) this.deps.clock.setTimeout(() => this.throttle?.request(), 0);
    return sent;
  }

  /**
   * Flow control: the next snapshot for a watcher waits until the main thread has handled the
   * previous one (a Comlink call resolves after the callback ran), so a slow phone gets fewer,
   * fuller snapshots instead of a growing queue.
   */
  private deliver(entry: WatchEntry, snap: Snapshot): void {
    entry.watcher.inflight = true;
    let result: unknown;
    try {
      result = entry.send(snap);
    } catch {
      this.unwatch(entry.watcher.id);
      return;
    }
    Promise.resolve(result).then(
      () => {
        entry.watcher.inflight = false;
        this.throttle?.request();
      },
      () => this.unwatch(entry.watcher.id), // the page that watched is gone
    );
  }

  private scheduleStaleCheck(): void {
    this.staleTimer = this.deps.clock.setTimeout(() => {
      this.requestAll(); // build() sends only when a view's stale set actually changed
      this.scheduleStaleCheck();
    }, STALE_CHECK_MS);
  }
}
