/**
 * The `depth:<symbol>` and `trades:<symbol>` channels: one SymbolBook per symbol a view watches,
 * subscribed while one does. The server answers a subscribe with a snapshot and then sends diffs;
 * on a gap (LocalBook says 'resync', once per gap) the channel leaves and rejoins `depth:<symbol>`,
 * because the server sends a snapshot only to a socket joining the room. The book's views are
 * marked dirty and the engine's throttle asked to flush, so rows cross to the main thread at most
 * once per window, built only then.
 */
import { channel, SOCKET_EVENTS } from '../../core';
import type { MarketSocket } from '../socket';
import type { BookWatch } from './book-watch';
import { parseDepth, parseTrades } from './parse';
import { SymbolBook } from './symbol-book';

export interface BookChannelDeps {
  socket(): MarketSocket | null;
  /** the open views' book interests (null for a view without a book) */
  watches(): Iterable<BookWatch | null>;
  /** something a view shows changed: flush when the throttle allows */
  request(): void;
}

export class BookChannel {
  private readonly books = new Map<string, SymbolBook>();
  /** malformed messages dropped, for diagnosis */
  dropped = 0;
  /** resnapshots requested (gaps seen), for diagnosis */
  resyncs = 0;

  constructor(private readonly deps: BookChannelDeps) {}

  attach(s: MarketSocket): void {
    s.on(SOCKET_EVENTS.depth, (d) => this.onDepth(d));
    s.on(SOCKET_EVENTS.trades, (d) => this.onTrades(d));
  }

  /** The channels the views need; books nobody watches any more are dropped (a later watch starts from a snapshot). */
  channels(): string[] {
    const want = new Set<string>();
    for (const w of this.deps.watches()) if (w) want.add(w.shape.symbol);
    for (const s of this.books.keys()) if (!want.has(s)) this.books.delete(s);
    for (const s of want) if (!this.books.has(s)) this.books.set(s, new SymbolBook(s));
    return [...want].flatMap((s) => [channel.depth(s), channel.trades(s)]);
  }

  /**
   * Another stream epoch (`hello`): a restarted server, or — in a cluster — another api node, whose
   * epoch may be lower than the one held; each node numbers its own depth and trades. The held
   * books would refuse that node's snapshot and prints as old for ever, so each starts again empty
   * (the subscribe of the new connection brings its snapshot).
   */
  restart(): void {
    for (const s of this.books.keys()) this.books.set(s, new SymbolBook(s));
  }

  get(symbol: string): SymbolBook | undefined {
    return this.books.get(symbol);
  }

  /** The snapshot part for one view, or null when nothing it shows changed. */
  build(w: BookWatch | null) {
    if (!w?.dirty) return null;
    const book = this.books.get(w.shape.symbol);
    if (!book) return null;
    w.dirty = false;
    return book.render(w.shape);
  }

  private onDepth(data: unknown): void {
    const { items, dropped } = parseDepth(data);
    this.dropped += dropped;
    const changed = new Set<string>();
    for (const m of items) {
      const book = this.books.get(m.symbol);
      if (!book) continue; // an unsubscribe still in flight
      const r = book.applyDepth(m);
      if (r === 'changed') changed.add(m.symbol);
      else if (r === 'resync') {
        this.resnapshot(m.symbol);
        changed.add(m.symbol); // the view learns the book is out of sync
      }
    }
    this.mark(changed);
  }

  private onTrades(data: unknown): void {
    const { items, dropped } = parseTrades(data);
    this.dropped += dropped;
    const changed = new Set<string>();
    for (const t of items) if (this.books.get(t.symbol)?.applyTrade(t)) changed.add(t.symbol);
    this.mark(changed);
  }

  /** Leave and rejoin the room: the server sends the joining socket a fresh snapshot. */
  private resnapshot(symbol: string): void {
    this.resyncs++;
    const s = this.deps.socket();
    // Disconnected: the reconnect subscribes again, which brings a snapshot anyway.
    if (!s?.connected) return;
    const channels = [channel.depth(symbol)];
    s.emit(SOCKET_EVENTS.unsubscribe, { channels });
    s.emit(SOCKET_EVENTS.subscribe, { channels });
  }

  private mark(symbols: Set<string>): void {
    if (symbols.size === 0) return;
    let any = false;
    for (const w of this.deps.watches())
      if (w && symbols.has(w.shape.symbol)) {
        w.dirty = true;
        any = true;
      }
    if (any) this.deps.request();
  }
}
