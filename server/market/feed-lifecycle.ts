/**
 * The feed's run: its ticks into candles, tickers and the fan-out (live ticks are also trades:
 * durable rows, prints, engines, onTick listeners), the timers started, and everything closed in order.
 */
import type { Tick, TickerUpdate } from '../../core';
import { TickListeners } from './feed/listeners';
import type { MarketParts, MarketService } from './service-types';

type FeedParts = Pick<MarketParts, 'feed' | 'store' | 'tickLog' | 'tickers' | 'books' | 'fanout' | 'log'>;

/** Feed → candles, tickers and the fan-out, then (live ticks) books and listeners. Returns the unsubscribe. */
function ingestFeed(m: FeedParts, listeners: TickListeners): () => void {
  const { store, tickLog, tickers, fanout } = m;
  function ingest(ticks: readonly Tick[], live: boolean): Tick[] {
    const applied: Tick[] = [];
    const updates: TickerUpdate[] = [];
    for (const tick of ticks) {
      if (!store.apply(tick)) continue;
      applied.push(tick);
      if (live) tickLog.record(tick);
      updates.push(tickers.update(tick));
    }
    if (applied.length) fanout?.push(applied, updates);
    return applied;
  }
  const unsubscribeBackfill = m.feed.onBackfill?.((ticks) => void ingest(ticks, false));
  const unsubscribeFeed = m.feed.onTicks((ticks) => {
    const applied = ingest(ticks, true);
    if (applied.length === 0) return;
    m.books.onTicks(applied);
    listeners.emit(applied);
  });
  return () => {
    unsubscribeFeed();
    unsubscribeBackfill?.();
  };
}

/** Subscribes to the feed and starts the store's, the tick log's and the feed's timers. */
export function runFeed(m: FeedParts): Pick<MarketService, 'onTick' | 'close'> {
  const { feed, store, tickLog, fanout } = m;
  const listeners = new TickListeners((err) => m.log.error({ err }, 'market: onTick listener failed'));
  const unsubscribe = ingestFeed(m, listeners);
  store.start();
  tickLog.start();
  feed.start();
  let closed = false;
  return {
    onTick: (listener) => listeners.add(listener),
    async close() {
      if (closed) return;
      closed = true;
      feed.stop();
      unsubscribe();
      fanout?.close();
      await tickLog.stop();
      await store.stop();
    },
  };
}
