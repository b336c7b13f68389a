/**
 * The feed published once. The `feed` process runs the real source (simulator or
 * Binance) and publishes each tick batch, with the books of the symbols it touched, on one Redis
 * channel; every other process builds its market on a RelayFeed that replays those batches, so
 * each `api` node fans the same ticks out to its own sockets and the engine matches against the
 * same books — no second simulator anywhere. Only the feed process writes candles, market_state
 * and the durable ticks (every tick: the engine's restart replay and seconds marks read them).
 * Redis pub/sub is fire-and-forget: a subscriber that misses a batch sees the next one (candles
 * and tickers take the newer seq; nothing about money is decided from a tick nobody stored).
 * Staleness travels too: every batch, and a heartbeat every HEARTBEAT_MS, carries the symbols the
 * source cannot vouch for (a quiet Binance stream), so the engine refuses to trade on their last
 * price as the feed process itself would; a relay that has heard nothing from the feed process for
 * SILENT_MS (it stopped, or Redis is away) counts every symbol stale until it hears again.
 */
import type { Redis } from 'ioredis';
import type { Tick } from '../../core';
import type { MarketService } from '../market';
import { TickListeners } from '../market/feed/listeners';
import type { MarketFeed, TicksListener, VenueBook } from '../market/feed/types';

/** the Redis channel of one cluster's feed (CLUSTER_NAME) */
export const feedChannel = (cluster: string) => `${cluster}:feed`;

interface Batch {
  ticks: Tick[];
  books: VenueBook[];
  /** the symbols stale at the source now (absent from an older publisher) */
  stale?: string[];
}

const HEARTBEAT_MS = 1000;
/** as long as the Binance adapter waits before calling a quiet stream stale (its staleMs default) */
export const SILENT_MS = 10_000;

/** Feed process: publishes what its feed emits; returns the unsubscribe. */
export function publishFeed(
  market: MarketService,
  redis: Redis,
  channel: string,
  log: { error(obj: object, msg?: string): void },
): () => void {
  const { feed } = market;
  // the engine's restart replay needs every tick, whoever holds a stake (it runs elsewhere)
  market.keepTicks(() => true);
  // what the source cannot vouch for now: its own answer for every pair at start, then its changes
  const stale = new Set(
    feed.isStale
      ? market
          .pairs()
          .map((p) => p.symbol)
          .filter((s) => feed.isStale?.(s))
      : [],
  );
  const send = (b: Omit<Batch, 'stale'>) =>
    void redis
      .publish(channel, JSON.stringify({ ...b, stale: [...stale] }))
      .catch((err: unknown) => log.error({ err }, 'feed: publish failed'));
  const offStatus = feed.onStatus?.((symbol, isStale) => {
    if (isStale === stale.has(symbol)) return;
    if (isStale) stale.add(symbol);
    else stale.delete(symbol);
    send({ ticks: [], books: [] });
  });
  const heartbeat = setInterval(() => send({ ticks: [], books: [] }), HEARTBEAT_MS);
  heartbeat.unref();
  const offTicks = feed.onTicks((ticks) => {
    const books: VenueBook[] = [];
    for (const s of new Set(ticks.map((t) => t.symbol))) {
      const b = feed.book(s);
      if (b) books.push(b);
    }
    send({ ticks, books });
  });
  const offBook = feed.onBook?.((symbol) => {
    const b = feed.book(symbol);
    if (b) send({ ticks: [], books: [b] });
  });
  return () => {
    clearInterval(heartbeat);
    offTicks();
    offBook?.();
    offStatus?.();
  };
}

/** Every other process: the market's feed, replayed from the feed process's batches. */
export class RelayFeed implements MarketFeed {
  private readonly listeners: TickListeners;
  private readonly bookListeners = new Set<(symbol: string) => void>();
  private readonly books = new Map<string, VenueBook>();
  private readonly prices = new Map<string, string>();
  private readonly sub: Redis;
  private started = false;
  private stale = new Set<string>();
  private heard: number;

  constructor(
    redis: Redis,
    private readonly channel: string,
    onError: (err: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.heard = now(); // like a venue stream at start: nothing is stale before it could have spoken
    this.sub = redis.duplicate();
    this.listeners = new TickListeners(onError);
    this.sub.on('message', (_channel: string, text: string) => this.receive(text, onError));
  }

  private receive(text: string, onError: (err: unknown) => void): void {
    let b: Batch;
    try {
      b = JSON.parse(text) as Batch;
    } catch (err) {
      onError(err);
      return;
    }
    this.heard = this.now();
    if (b.stale) this.stale = new Set(b.stale);
    for (const book of b.books) this.books.set(book.symbol, book);
    if (b.ticks.length === 0) {
      for (const book of b.books) for (const l of this.bookListeners) l(book.symbol);
      return;
    }
    for (const t of b.ticks) this.prices.set(t.symbol, t.price);
    this.listeners.emit(b.ticks);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    void this.sub.subscribe(this.channel);
  }

  stop(): void {
    this.started = false;
    this.sub.disconnect();
  }

  onTicks(listener: TicksListener): () => void {
    return this.listeners.add(listener);
  }

  onBook(listener: (symbol: string) => void): () => void {
    this.bookListeners.add(listener);
    return () => void this.bookListeners.delete(listener);
  }

  lastPrice(symbol: string): string | undefined {
    return this.prices.get(symbol);
  }

  book(symbol: string): VenueBook | undefined {
    return this.books.get(symbol);
  }

  /** stale at the source, or the feed process silent for SILENT_MS */
  isStale(symbol: string): boolean {
    return this.stale.has(symbol) || this.now() - this.heard > SILENT_MS;
  }
}
