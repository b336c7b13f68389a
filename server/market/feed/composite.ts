/**
 * Several feeds as one: each symbol belongs to the first part that owns it. With MARKET_FEED=binance
 * the venue's pairs come from Binance and the rest (stocks: no venue symbol) stay on the simulator.
 */
import type { MarketFeed, TicksListener, VenueBook } from './types';

export interface FeedPart {
  feed: MarketFeed;
  owns(symbol: string): boolean;
}

export class CompositeFeed implements MarketFeed {
  constructor(readonly parts: readonly FeedPart[]) {}

  private of(symbol: string): MarketFeed | undefined {
    return this.parts.find((p) => p.owns(symbol))?.feed;
  }

  /** the part that serves a symbol (status pages, tests) */
  feedOf(symbol: string): MarketFeed | undefined {
    return this.of(symbol);
  }

  start(): void {
    for (const p of this.parts) p.feed.start();
  }
  stop(): void {
    for (const p of this.parts) p.feed.stop();
  }
  onTicks(listener: TicksListener): () => void {
    const offs = this.parts.map((p) => p.feed.onTicks(listener));
    return () => offs.forEach((off) => off());
  }
  onBackfill(listener: TicksListener): () => void {
    const offs = this.parts.map((p) => p.feed.onBackfill?.(listener) ?? (() => {}));
    return () => offs.forEach((off) => off());
  }
  onBook(listener: (symbol: string) => void): () => void {
    const offs = this.parts.map((p) => p.feed.onBook?.(listener) ?? (() => {}));
    return () => offs.forEach((off) => off());
  }
  lastPrice(symbol: string): string | undefined {
    return this.of(symbol)?.lastPrice(symbol);
  }
  book(symbol: string): VenueBook | undefined {
    return this.of(symbol)?.book(symbol);
  }
  onStatus(listener: (symbol: string, stale: boolean) => void): () => void {
    const offs = this.parts.map(
      (p) =>
        p.feed.onStatus?.((symbol, stale) => {
          if (p.owns(symbol)) listener(symbol, stale);
        }) ?? (() => {}),
    );
    return () => offs.forEach((off) => off());
  }
  isStale(symbol: string): boolean {
    return this.of(symbol)?.isStale?.(symbol) ?? false;
  }
}
