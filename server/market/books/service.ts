/**
 * The per-symbol book service: one SymbolBook per symbol (created on first use), publishing
 * `depth:<symbol>` (snapshot on subscribe, then a diff per flush, default every 100 ms) and
 * `trades:<symbol>` (venue trades from the feed's ticks and users' fills, one print each).
 *
 * `epoch` is the process start time in ms plus a random fraction of a millisecond's worth of
 * units, so a restarted server's epoch is always larger and seq may start again from 0.
 * Trade `seq` is per symbol and epoch, +1 per print.
 *
 * Cluster mode: the engine leader's users' fills (their prints, the venue liquidity they consumed)
 * go to a `UserFillSink` as well (server/scale/fill-mirror.ts publishes them); a node that does not
 * lead replays them with `mirroredTrade` / `SymbolBook.mirrorConsumed`, which no sink hears, and
 * numbers the prints in its own seq, so its clients' stream stays +1 per print with no repeat.
 */
import { SOCKET_EVENTS, channel, type Tick } from '../../../core';
import type { BookSideName, DepthMessage, TakerSide, TradePrint } from '../../../core/types/book';
import type { MarketFeed } from '../feed/types';
import { SymbolBook } from './symbol-book';

export type RoomEmit = (room: string, event: string, payload: unknown) => void;

/** Hears this process's own users' fills, after their commit (the cluster leader's publisher). */
export interface UserFillSink {
  print(t: TradePrint): void;
  consumed(symbol: string, version: number, side: BookSideName, price: string, qty: string): void;
}

export interface BookServiceOptions {
  feed: Pick<MarketFeed, 'book'>;
  now: () => number;
  epoch?: number;
}

export class BookService {
  readonly epoch: number;
  private readonly books = new Map<string, SymbolBook>();
  private readonly tradeSeqs = new Map<string, number>();
  private readonly lastPx = new Map<string, { price: string; side: TakerSide }>();
  private readonly depthWatched = new Set<string>();
  private readonly tradesWatched = new Set<string>();
  private readonly tradeBuf = new Map<string, TradePrint[]>();
  /** symbols whose resting orders changed since the last takeChanged (the mirror publisher's) */
  private readonly changed = new Set<string>();
  private emit: RoomEmit = () => {};
  private fillSink: UserFillSink | undefined;

  constructor(private readonly opts: BookServiceOptions) {
    this.epoch = opts.epoch ?? Date.now() * 1000 + Math.floor(Math.random() * 1000);
  }

  book(symbol: string): SymbolBook {
    let b = this.books.get(symbol);
    if (!b) {
      const onConsumed = (version: number, side: BookSideName, price: string, qty: string) =>
        this.fillSink?.consumed(symbol, version, side, price, qty);
      this.books.set(
        symbol,
        (b = new SymbolBook(symbol, this.opts.feed, this.epoch, () => this.changed.add(symbol), onConsumed)),
      );
    }
    return b;
  }

  /**
   * Drops every user's resting order and every mirrored level: an engine taking the lead reloads
   * its orders from the database; one losing it shows the new leader's mirror from then on.
   */
  clearOrders(): void {
    for (const b of this.books.values()) {
      for (const side of ['bid', 'ask'] as const) for (const o of b.resting(side)) b.remove(o.id);
      b.setMirror([], []);
    }
  }

  /** The symbols whose resting orders changed since the last call (and forgets them). */
  takeChanged(): string[] {
    const out = [...this.changed];
    this.changed.clear();
    return out;
  }

  /** The symbols with users' resting orders of this process's own (the leader's). */
  symbolsWithOrders(): string[] {
    return [...this.books.values()].filter((b) => b.hasOrders).map((b) => b.symbol);
  }

  /** Sets the mirrored levels of every symbol at once (a full message: symbols absent are emptied). */
  replaceMirror(levels: ReadonlyMap<string, { bids: [string, string][]; asks: [string, string][] }>): void {
    for (const b of this.books.values()) if (b.hasMirror && !levels.has(b.symbol)) b.setMirror([], []);
    for (const [symbol, l] of levels) this.book(symbol).setMirror(l.bids, l.asks);
  }

  /** Where this process's own users' fills go as well (undefined: nowhere; one process never sets it). */
  setFillSink(sink: UserFillSink | undefined): void {
    this.fillSink = sink;
  }

  /** Where flushes go (the socket fan-out sets it). */
  setEmitter(emit: RoomEmit): void {
    this.emit = emit;
  }

  watch(kind: 'depth' | 'trades', symbol: string, on: boolean): void {
    const set = kind === 'depth' ? this.depthWatched : this.tradesWatched;
    if (on) set.add(symbol);
    else {
      set.delete(symbol);
      if (kind === 'trades') this.tradeBuf.delete(symbol);
    }
  }

  private print(symbol: string, price: string, qty: string, side: TakerSide, ts: number): TradePrint {
    const seq = (this.tradeSeqs.get(symbol) ?? 0) + 1;
    this.tradeSeqs.set(symbol, seq);
    const t: TradePrint = { symbol, epoch: this.epoch, seq, ts, price, qty, side };
    if (this.tradesWatched.has(symbol)) {
      let b = this.tradeBuf.get(symbol);
      if (!b) this.tradeBuf.set(symbol, (b = []));
      b.push(t);
    }
    return t;
  }

  /** Venue trades: prints for watched symbols (a tick without a side takes it from the move). */
  onTicks(ticks: readonly Tick[]): void {
    for (const t of ticks) {
      if (!this.tradesWatched.has(t.symbol)) continue;
      const prev = this.lastPx.get(t.symbol);
      const cmp = prev ? Number(t.price) - Number(prev.price) : 0;
      const side: TakerSide = t.side ?? (cmp > 0 ? 'buy' : cmp < 0 ? 'sell' : (prev?.side ?? 'buy'));
      this.lastPx.set(t.symbol, { price: t.price, side });
      this.print(t.symbol, t.price, t.qty, side, t.ts);
    }
  }

  /** A user's fill (against the venue or another user), as the public print. */
  userTrade(symbol: string, price: string, qty: string, side: TakerSide): TradePrint {
    const t = this.print(symbol, price, qty, side, this.opts.now());
    this.fillSink?.print(t);
    return t;
  }

  /** The leader's user fill on a node that does not lead: printed here, at the leader's time. */
  mirroredTrade(symbol: string, price: string, qty: string, side: TakerSide, ts: number): TradePrint {
    return this.print(symbol, price, qty, side, ts);
  }

  /** Publishes one symbol's pending depth change to its room (before a new member joins it). */
  flushDepth(symbol: string): void {
    const d = this.book(symbol).publish();
    if (d)
      this.emit(channel.depth(symbol), SOCKET_EVENTS.depth, [
        { kind: 'diff', ...d, ts: this.opts.now() } satisfies DepthMessage,
      ]);
  }

  flush(): void {
    for (const symbol of this.depthWatched) this.flushDepth(symbol);
    for (const [symbol, prints] of this.tradeBuf)
      if (prints.length) this.emit(channel.trades(symbol), SOCKET_EVENTS.trades, prints);
    this.tradeBuf.clear();
  }

  /** A subscriber's first message; call flushDepth before it joins, so no diff it receives is older. */
  depthSnapshot(symbol: string): DepthMessage {
    return { kind: 'snapshot', ...this.book(symbol).snapshot() };
  }
}
