/**
 * BinanceFeed: Binance spot public market streams behind the MarketFeed contract.
 *
 * - One combined-stream connection (`/stream?streams=…`) carries four streams per symbol:
 *   `<sym>@trade` (or `@aggTrade`) → ticks, `<sym>@depth@100ms` → the venue book (depth-book.ts),
 *   `<sym>@kline_1m` and `<sym>@miniTicker` (kept for status, and as liveness).
 * - Ticks: one per venue trade, our seq +1 per symbol (continuing the persisted one), the venue's
 *   trade time as ts, the taker side from `m`. A trade id at or below the last one is a duplicate
 *   (two connections overlap during a roll-over) and is dropped.
 * - Reconnect after an unwanted close, with exponential backoff and full jitter; each (re)connect
 *   backfills the 1m candles missed since our newest bar from REST klines (candle-repair.ts), live
 *   trades held until it is done so every tick lands in time order, and resyncs every depth book.
 * - Roll-over: Binance cuts a connection at 24 h; at `rollMs` (23 h 30 min) a second connection
 *   opens, both run for `overlapMs`, then the old one closes. No gap: nothing to backfill.
 *   (Connections, backoff and roll-over live in link.ts; this file is what the frames mean.)
 * - Watchdog: a symbol none of whose streams spoke for `staleMs` is stale (status + log); a book
 *   whose depth stream is silent that long, or out of sync, offers no liquidity (an empty book)
 *   until it is live again. Clients see a stale symbol as the app shows any delayed data: its
 *   stream goes quiet and the worker's cadence marks it stale (workers/cadence.ts).
 */
import type { Candle, Tick } from '../../../../core';
import { TickListeners } from '../listeners';
import type { MarketFeed, TicksListener, VenueBook } from '../types';
import { repairBars } from './candle-repair';
import { VenueLink } from './link';
import { FrameError, parseFrame, type TradeEvent } from './frames';
import { VenueRest, type Fetch } from './rest';
import { silentLog, type MarketLog } from '../../log';
import { feedSettings, MINUTE, type BinanceFeedOptions, type FeedSettings } from './options';
import { newSym, type Sym, type SymbolStatus } from './symbol-state';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class BinanceFeed implements MarketFeed {
  private readonly o: FeedSettings;
  private readonly log: MarketLog;
  private readonly listeners: TickListeners;
  private readonly backfillListeners: TickListeners;
  private readonly bookListeners = new Set<(symbol: string) => void>();
  private readonly statusListeners = new Set<(symbol: string, stale: boolean) => void>();
  private readonly byVenue = new Map<string, Sym>();
  private readonly byOurs = new Map<string, Sym>();
  private readonly currentBar: (symbol: string) => Candle | undefined;
  private readonly fetch: Fetch;
  private abort = new AbortController();
  private rest: VenueRest;
  private readonly link: VenueLink;
  private running = false;
  private watchTimer: ReturnType<typeof setInterval> | undefined;
  private backfills: Promise<void> = Promise.resolve();

  constructor(opts: BinanceFeedOptions) {
    this.o = feedSettings(opts);
    this.log = opts.log ?? silentLog;
    this.listeners = new TickListeners(opts.onListenerError);
    this.backfillListeners = new TickListeners(opts.onListenerError);
    this.currentBar = opts.currentBar ?? (() => undefined);
    this.fetch = opts.fetch ?? (fetch as unknown as Fetch);
    this.rest = new VenueRest(this.o.restUrl, this.fetch, this.abort.signal);
    const start = this.o.now();
    for (const ours of this.o.symbols.symbols()) {
      const venue = this.o.symbols.toVenue(ours) as string;
      const s = newSym(ours, venue, this.o.tradeStream, opts.resume?.get(ours), start);
      this.byVenue.set(venue, s);
      this.byOurs.set(ours, s);
    }
    const { idleMs, rollMs, overlapMs, backoffBaseMs, backoffMaxMs, now, random } = this.o;
    this.link = new VenueLink(
      this.url,
      { connected: () => this.connected(), lost: () => this.lost(), frame: (text) => this.frame(text) },
      { idleMs, rollMs, overlapMs, backoffBaseMs, backoffMaxMs, now, random },
      this.log,
    );
  }

  /** the delay chosen before each reconnect, in order */
  get reconnects(): readonly number[] {
    return this.link.reconnects;
  }

  /** the combined-stream URL for every symbol */
  get url(): string {
    const streams = [...this.byVenue.values()].flatMap((s) => s.streams);
    return `${this.o.wsUrl.replace(/\/+$/, '')}/stream?streams=${streams.join('/')}`;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    if (this.abort.signal.aborted) {
      // started again after stop(): requests of the last run stay cancelled
      this.abort = new AbortController();
      this.rest = new VenueRest(this.o.restUrl, this.fetch, this.abort.signal);
    }
    this.link.start();
    const every = Math.max(50, Math.min(1000, Math.floor(this.o.staleMs / 4)));
    this.watchTimer = setInterval(() => this.watch(), every);
    this.watchTimer.unref?.();
  }

  stop(): void {
    this.running = false;
    this.abort.abort();
    if (this.watchTimer) clearInterval(this.watchTimer);
    this.link.stop();
  }

  onTicks(listener: TicksListener): () => void {
    return this.listeners.add(listener);
  }

  /** Ticks rebuilt from REST klines after a gap: candles and tickers only (see service.ts). */
  onBackfill(listener: TicksListener): () => void {
    return this.backfillListeners.add(listener);
  }

  onBook(listener: (symbol: string) => void): () => void {
    this.bookListeners.add(listener);
    return () => this.bookListeners.delete(listener);
  }

  onStatus(listener: (symbol: string, stale: boolean) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  owns(symbol: string): boolean {
    return this.byOurs.has(symbol);
  }

  lastPrice(symbol: string): string | undefined {
    return this.byOurs.get(symbol)?.price;
  }

  /** The venue's book; empty (no liquidity) while out of sync or stale. */
  book(symbol: string): VenueBook | undefined {
    const s = this.byOurs.get(symbol);
    if (!s) return undefined;
    const version = s.depth.version + s.flips;
    if (s.depth.state !== 'live' || s.depthStale) return { symbol, version, bids: [], asks: [] };
    const top = s.depth.top(this.o.bookLevels);
    return { symbol, version, bids: top.bids, asks: top.asks };
  }

  isStale(symbol: string): boolean {
    return this.byOurs.get(symbol)?.stale ?? false;
  }

  status(symbol: string): SymbolStatus | undefined {
    const s = this.byOurs.get(symbol);
    if (!s) return undefined;
    const out: SymbolStatus = {
      stale: s.stale,
      book: s.depthStale ? 'stale' : s.depth.state === 'live' ? 'live' : 'unsynced',
      resyncs: s.resyncs,
      lastTradeId: s.lastTradeId,
    };
    if (s.mini) {
      const { kind: _k, venue: _v, ...m } = s.mini;
      out.miniTicker = m;
    }
    if (s.kline) out.kline = { ...s.kline.bar, closed: s.kline.closed };
    return out;
  }

  /** resolves when every backfill started so far has finished (tests) */
  settled(): Promise<void> {
    return this.backfills;
  }

  // ── link events ────────────────────────────────────────────────────────────

  /** a fresh start or a reconnect: candles and books since the last frame are missing */
  private connected(): void {
    for (const s of this.byVenue.values()) {
      s.depth.desync();
      s.held ??= [];
      s.backfilling++;
    }
    this.backfills = this.backfills.then(() => this.backfillAll());
    for (const s of this.byVenue.values()) void this.resync(s);
  }

  private lost(): void {
    for (const s of this.byVenue.values()) s.depth.desync();
  }

  // ── frames ─────────────────────────────────────────────────────────────────

  private frame(text: string): void {
    let f;
    try {
      f = parseFrame(text);
    } catch (err) {
      if (!(err instanceof FrameError && err.message === 'a request reply'))
        this.log.warn({ err: (err as Error).message }, 'binance: frame skipped');
      return;
    }
    const s = this.byVenue.get(f.event.venue.toUpperCase());
    if (!s) return;
    s.heard.set(f.stream, this.o.now());
    if (s.stale || s.depthStale) this.watchSymbol(s, this.o.now());
    const ev = f.event;
    switch (ev.kind) {
      case 'trade':
        if (ev.id <= s.lastTradeId) return;
        s.lastTradeId = ev.id;
        if (s.held) s.held.push(ev);
        else this.emitTrades(s, [ev]);
        return;
      case 'depth': {
        const r = s.depth.onEvent(ev);
        if (r === 'applied') this.bookChanged(s);
        else if (r === 'gap') {
          this.log.warn({ symbol: s.ours, U: ev.first, u: ev.last }, 'binance: depth gap; resyncing');
          this.bookChanged(s);
          void this.resync(s);
        }
        return;
      }
      case 'kline':
        if (ev.interval === '1m' && (!s.kline || ev.bar.time >= s.kline.bar.time)) s.kline = ev;
        return;
      case 'miniTicker':
        if (!s.mini || ev.time >= s.mini.time) s.mini = ev;
        return;
    }
  }

  private emitTrades(s: Sym, trades: readonly TradeEvent[]): void {
    if (trades.length === 0) return;
    const ticks: Tick[] = trades.map((t) => ({
      symbol: s.ours,
      price: t.price,
      qty: t.qty,
      seq: ++s.seq,
      ts: t.time,
      side: t.side,
    }));
    s.price = ticks[ticks.length - 1].price;
    this.listeners.emit(ticks);
  }

  private bookChanged(s: Sym): void {
    for (const l of this.bookListeners) {
      try {
        l(s.ours);
      } catch (err) {
        this.log.error({ err }, 'binance: book listener failed');
      }
    }
  }

  // ── depth resync ───────────────────────────────────────────────────────────

  private async resync(s: Sym): Promise<void> {
    if (s.snapshotting || !this.running) return;
    s.snapshotting = true;
    s.resyncs++;
    try {
      for (let i = 0; i < 10 && this.running && s.depth.state !== 'live'; i++) {
        if (i > 0) await sleep(Math.min(2000, 100 * 2 ** i));
        try {
          const snap = await this.rest.depth(s.venue, this.o.depthLimit);
          if (s.depth.onSnapshot(snap) === 'too-old') continue;
          this.bookChanged(s);
        } catch (err) {
          if (this.running)
            this.log.warn({ symbol: s.ours, err: (err as Error).message }, 'binance: depth snapshot failed');
        }
      }
    } finally {
      s.snapshotting = false;
    }
    // a gap inside the buffered diffs: one more round
    if (this.running && s.depth.state !== 'live' && this.link.isOpen) void this.resync(s);
  }

  // ── REST backfill ──────────────────────────────────────────────────────────

  private async backfillAll(): Promise<void> {
    const todo = [...this.byVenue.values()];
    const worker = async () => {
      for (let s = todo.shift(); s; s = todo.shift()) await this.backfill(s);
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
  }

  private async backfill(s: Sym): Promise<void> {
    try {
      const nowMin = Math.floor(this.o.now() / MINUTE) * MINUTE;
      const bar = this.currentBar(s.ours);
      let from = bar ? bar.time : nowMin - this.o.firstBackfillMinutes * MINUTE;
      from = Math.max(from, nowMin - this.o.maxBackfillMinutes * MINUTE);
      const to = nowMin - 1; // closed minutes only
      if (from > to) return;
      for (let i = 0; i < 3 && this.running; i++) {
        try {
          const bars = (await this.rest.klines1m(s.venue, from, to)).filter((k) => k.time >= from && k.time <= to);
          const repair = repairBars(bars, bar && bar.time >= from ? bar : undefined);
          if (repair.length) {
            const ticks: Tick[] = repair.map((r) => ({
              symbol: s.ours,
              price: r.price,
              qty: r.qty,
              seq: ++s.seq,
              ts: r.ts,
            }));
            s.price = ticks[ticks.length - 1].price;
            this.backfillListeners.emit(ticks);
            this.log.info({ symbol: s.ours, bars: bars.length, ticks: ticks.length }, 'binance: backfilled 1m candles');
          }
          return;
        } catch (err) {
          if (!this.running) return;
          this.log.warn({ symbol: s.ours, err: (err as Error).message }, 'binance: kline backfill failed');
          await sleep(500 * 2 ** i);
        }
      }
    } finally {
      // live trades that came in meanwhile, in order, after the history they follow
      if (--s.backfilling === 0) {
        const held = s.held ?? [];
        s.held = undefined;
        if (this.running) this.emitTrades(s, held);
      }
    }
  }

  // ── staleness watchdog ─────────────────────────────────────────────────────

  private watch(): void {
    const now = this.o.now();
    for (const s of this.byVenue.values()) this.watchSymbol(s, now);
  }

  private watchSymbol(s: Sym, now: number): void {
    let newest = 0;
    for (const t of s.heard.values()) newest = Math.max(newest, t);
    const stale = now - newest > this.o.staleMs;
    const depthStale = now - (s.heard.get(s.streams[1]) ?? 0) > this.o.staleMs;
    if (depthStale !== s.depthStale) {
      s.depthStale = depthStale;
      s.flips++;
      this.bookChanged(s);
    }
    if (stale !== s.stale) {
      s.stale = stale;
      if (stale) this.log.warn({ symbol: s.ours, silentMs: now - newest }, 'binance: symbol stale');
      else this.log.info({ symbol: s.ours }, 'binance: symbol live again');
      for (const l of this.statusListeners) l(s.ours, stale);
    }
  }
}
