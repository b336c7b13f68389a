/**
 * A feed for tests: the test decides every price. `push`/`pushMany` emit synchronously, so after the
 * call returns every listener (aggregator, tickers, fan-out buffers) has seen the ticks.
 * `setBook` sets a symbol's venue book exactly (each call is a new version, i.e. a re-quote);
 * without one the feed publishes no book for the symbol.
 */
import type { Tick } from '../../../core';
import { TickListeners } from './listeners';
import type { FeedResume, MarketFeed, TicksListener, VenueBook } from './types';

export interface ScriptedTick {
  symbol: string;
  price: string;
  qty?: string;
  ts?: number;
  side?: 'buy' | 'sell';
}

/** [price, qty] pairs, best first */
export interface ScriptedBook {
  bids: [string, string][];
  asks: [string, string][];
}

const DECIMAL = /^\d+(\.\d+)?$/;

export class ScriptedFeed implements MarketFeed {
  private readonly listeners = new TickListeners();
  private readonly seqs = new Map<string, number>();
  private readonly prices = new Map<string, string>();
  private readonly now: () => number;
  private readonly books = new Map<string, VenueBook>();
  private bookVersion = 0;
  private readonly bookListeners = new Set<(symbol: string) => void>();

  constructor(opts: { resume?: ReadonlyMap<string, FeedResume>; now?: () => number } = {}) {
    this.now = opts.now ?? Date.now;
    for (const [symbol, r] of opts.resume ?? []) {
      this.seqs.set(symbol, r.seq);
      this.prices.set(symbol, r.price);
    }
  }

  start(): void {}
  stop(): void {}

  onTicks(listener: TicksListener): () => void {
    return this.listeners.add(listener);
  }

  lastPrice(symbol: string): string | undefined {
    return this.prices.get(symbol);
  }

  lastSeq(symbol: string): number | undefined {
    return this.seqs.get(symbol);
  }

  book(symbol: string): VenueBook | undefined {
    return this.books.get(symbol);
  }
  /** Replaces the symbol's venue book (a new version); listeners of onBook hear of it synchronously. */
  setBook(symbol: string, b: ScriptedBook): void {
    for (const [p, q] of [...b.bids, ...b.asks])
      if (!DECIMAL.test(p) || !DECIMAL.test(q)) throw new Error(`bad scripted level ${p} × ${q}`);
    const lv = (rows: [string, string][]) => rows.map(([price, qty]) => ({ price, qty }));
    this.books.set(symbol, { symbol, version: ++this.bookVersion, bids: lv(b.bids), asks: lv(b.asks) });
    for (const l of this.bookListeners) l(symbol);
  }
  /** told after each setBook (tests use it to run the matching engine on a re-quote) */
  onBook(listener: (symbol: string) => void): () => void {
    this.bookListeners.add(listener);
    return () => this.bookListeners.delete(listener);
  }
  push(symbol: string, price: string, qty = '1', ts?: number, side?: 'buy' | 'sell'): Tick {
    return this.pushMany([{ symbol, price, qty, ts, side }])[0];
  }

  pushMany(items: readonly ScriptedTick[]): Tick[] {
    const ticks = items.map((it) => {
      if (!DECIMAL.test(it.price) || !DECIMAL.test(it.qty ?? '1'))
        throw new Error(`bad scripted tick ${it.price} × ${it.qty}`);
      const seq = (this.seqs.get(it.symbol) ?? 0) + 1;
      this.seqs.set(it.symbol, seq);
      this.prices.set(it.symbol, it.price);
      const t: Tick = { symbol: it.symbol, price: it.price, qty: it.qty ?? '1', seq, ts: it.ts ?? this.now() };
      if (it.side) t.side = it.side;
      return t;
    });
    if (ticks.length) this.listeners.emit(ticks);
    return ticks;
  }
}
