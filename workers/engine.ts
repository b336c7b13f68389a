/**
 * The worker's brain: it wires the parts and is the door market.worker.ts exposes. The socket and
 * session are in connection.ts, what each message feeds in feed.ts, the open views in watches.ts,
 * their channels in subscriptions.ts, when snapshots go out in snapshot-schedule.ts and what they
 * carry in snapshot-delivery.ts; the channels are in workers/channels/, the order books in
 * workers/books/. No worker globals here (they are in market.worker.ts), so it runs under a fake
 * socket and clock in tests.
 */
import { CONSTANTS, type Period } from '../core';
import type {
  ChartBar,
  HistoryPayload,
  IndicatorLines,
  IndicatorSpec,
  PaintedRow,
  PaintStats,
  PaintTheme,
  RowLayout,
  SnapshotCallback,
  WatchView,
  WorkerConfig,
} from './api-types';
import { BookChannel } from './books/channel';
import { Cadence } from './cadence';
import { ChartChannel } from './channels/charts';
import { fetchHistory as realFetchHistory, type HistoryRequest } from './channels/history';
import { TickerBook, TICKERS_CHANNEL } from './channels/tickers';
import type { Clock } from './clock';
import { MarketConnection } from './connection';
import { MarketFeed } from './feed';
import { IndicatorTracks } from './indicators/tracks';
import { RowPainter, type PaintSurface } from './paint/row-painter';
import { SnapshotDelivery } from './snapshot-delivery';
import { SnapshotSchedule } from './snapshot-schedule';
import type { MarketSocket } from './socket';
import { chartKeysOf, desiredChannels, SocketSubscriptions } from './subscriptions';
import { Watches } from './watches';

export interface EngineDeps {
  openSocket(origin: string): MarketSocket;
  fetchHistory?: (req: HistoryRequest) => Promise<ChartBar[]>;
  clock: Clock;
  /** after the frame that shows a painted row (the worker's requestAnimationFrame), for tick→paint samples */
  afterFrame?: (fn: () => void) => void;
}

export class MarketEngine {
  private config: Required<WorkerConfig> | null = null;
  private readonly cadence = new Cadence();
  private readonly tickers = new TickerBook();
  private readonly watches = new Watches(() => this.config?.throttleMs ?? 0);
  private readonly schedule: SnapshotSchedule;
  private readonly connection: MarketConnection;
  private readonly subscriptions: SocketSubscriptions;
  /** the charted series: kline updates, history loads and gap refetches */
  private readonly charts: ChartChannel;
  private readonly feed: MarketFeed;
  private readonly delivery: SnapshotDelivery;
  /** Markets rows whose figures this worker paints into transferred canvases */
  private readonly painter: RowPainter;
  /** chart indicators, kept incrementally per series and spec (workers/indicators/) */
  private readonly tracks = new IndicatorTracks();
  /** order books and trades of the symbols views watch (workers/books/) */
  readonly books = new BookChannel({
    socket: () => this.connection.socket,
    watches: () => this.watches.pluck('book'),
    request: () => this.schedule.request(),
  });

  constructor(private readonly deps: EngineDeps) {
    const { clock } = deps;
    this.schedule = new SnapshotSchedule(clock);
    this.connection = new MarketConnection(deps.openSocket, clock);
    this.subscriptions = new SocketSubscriptions(this.cadence, clock);
    this.charts = new ChartChannel({
      clock,
      cadence: this.cadence,
      fetchHistory: deps.fetchHistory ?? realFetchHistory,
      request: (symbol, period, from, to) => this.request(symbol, period, from, to),
      isStreaming: (key) => this.subscriptions.has(key) && !this.staleNow()(key),
      publish: (key, bars) => this.publishBars(key, bars),
      requestAll: () => this.schedule.requestAll(),
    });
    this.painter = new RowPainter({ now: () => clock.now(), afterFrame: deps.afterFrame });
    this.feed = new MarketFeed({
      clock,
      cadence: this.cadence,
      tickers: this.tickers,
      charts: this.charts,
      books: this.books,
      eventQueues: () => this.watches.pluck('events'),
      tickersChanged: (symbols) => this.tickersChanged(symbols),
      request: () => this.schedule.request(),
    });
    this.delivery = new SnapshotDelivery({
      clock,
      watches: this.watches,
      rows: this.tickers.rows,
      books: this.books,
      indicators: (symbol, period, spec, from) => this.indicators(symbol, period, spec, from),
      connected: () => this.connection.connected,
      staleAt: (now) => this.staleAt(now),
      isCatchingUp: (key) => this.charts.isCatchingUp(key),
      lastHeardAt: () => this.feed.lastHeardAt,
      unwatch: (id) => this.unwatch(id),
      request: () => this.schedule.request(),
    });
  }

  /** malformed messages dropped, for diagnosis */
  get dropped(): number {
    return this.feed.dropped;
  }

  async start(config: WorkerConfig): Promise<void> {
    if (this.connection.socket) return;
    this.config = { throttleMs: 100, paintMs: CONSTANTS.rowPaintMs, ...config };
    this.schedule.start(this.config.throttleMs, this.config.paintMs, {
      views: () => this.delivery.flush(),
      earliestDue: () => this.delivery.earliestDue(),
      rows: () => this.flushPaint(),
    });
    const s = this.connection.open(config.origin, {
      connected: (reconnect) => this.onConnect(reconnect),
      disconnected: () => this.onDisconnect(),
    });
    this.feed.attach(s);
    this.books.attach(s);
  }

  setSession(token: string | null, lang: string): void {
    this.connection.setSession(token, lang);
  }

  watch(view: WatchView, send: SnapshotCallback): number {
    const id = this.watches.add(view, send);
    this.viewsChanged();
    return id;
  }

  updateView(id: number, view: WatchView): void {
    if (this.watches.update(id, view)) this.viewsChanged();
  }

  unwatch(id: number): void {
    this.watches.remove(id);
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
    this.schedule.requestPaint();
  }

  paintStats(): PaintStats {
    return this.painter.stats();
  }

  /** A row just put up or moved is painted at once (see RowPainter.paintNow). */
  private paintNow(id: number): void {
    this.painter.paintNow(id, this.tickers.rows, this.staleNow());
  }

  /** Paints the rows whose figures changed; with none changed it is a status check (a stream gone stale is struck through without a tick). */
  private flushPaint(): boolean {
    return this.painter.size > 0 && this.painter.paint(this.tickers.rows, this.staleNow()) > 0;
  }

  // ---- charts ----

  history(symbol: string, period: Period, range?: { from: number; to: number }): Promise<HistoryPayload> {
    return this.charts.history(symbol, period, range);
  }

  indicators(symbol: string, period: Period, spec: IndicatorSpec, from = 0): IndicatorLines | null {
    const bars = this.charts.bars(symbol, period);
    return bars ? this.tracks.compute(`${symbol}|${period}`, spec, bars, from) : null;
  }

  async resync(_reason: string): Promise<void> {
    if (this.connection.resync()) await this.refetchCharts();
  }

  stop(): void {
    this.connection.stop();
    this.schedule.stop();
    this.watches.clear();
    this.subscriptions.clear();
  }

  /** A new connection may reach a restarted server: sequences start over, and nothing is live until it speaks again. */
  private onConnect(reconnect: boolean): void {
    this.feed.resetSeq();
    this.cadence.markAllUnheard();
    this.subscriptions.clear();
    this.syncSubscriptions();
    if (reconnect) void this.refetchCharts();
    this.schedule.requestAll();
  }

  private onDisconnect(): void {
    this.subscriptions.clear();
    this.schedule.requestAll();
  }

  private request(symbol: string, period: Period, from: number, to: number): HistoryRequest {
    if (!this.config) throw new Error('market worker not started');
    const headers = this.connection.requestHeaders();
    return { apiBase: this.config.apiBase, symbol, period, from, to, headers };
  }

  private refetchCharts(): Promise<void> {
    return this.charts.refetchAll(chartKeysOf(this.watches.values()));
  }

  private publishBars(key: string, bars: ChartBar[]): void {
    if (this.watches.noteBars(key, bars)) this.schedule.request();
  }

  private tickersChanged(symbols: string[]): void {
    if (this.watches.noteTickers(symbols)) this.schedule.request();
    if (this.painter.noteTickers(symbols)) this.schedule.requestPaint();
  }

  /** A view was opened or changed: its channels, then its first snapshot. */
  private viewsChanged(): void {
    this.syncSubscriptions();
    this.schedule.request();
  }

  private syncSubscriptions(): void {
    const want = desiredChannels(this.watches.values(), this.painter.symbols, this.books.channels());
    // Series nobody charts any more are dropped (their live updates stop), unless a load is running.
    this.charts.keep(want, (key) => key !== TICKERS_CHANNEL);
    this.subscriptions.sync(this.connection.socket, want);
  }

  /** Whether a stream is stale at `now`: everything while disconnected, else silent past its cadence. */
  private staleAt(now: number): (key: string) => boolean {
    const connected = this.connection.connected;
    return (key) => !connected || this.cadence.isStale(key, now);
  }

  private staleNow(): (key: string) => boolean {
    return this.staleAt(this.deps.clock.now());
  }
}
