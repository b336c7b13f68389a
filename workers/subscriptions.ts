/** Which socket channels the engine's open views need, and the socket's subscriptions kept in step with them. */
import { SOCKET_EVENTS, TICKER_CHANNEL_PREFIX } from '../core';
import type { Cadence } from './cadence';
import { KLINE_PREFIX } from './channels/kline';
import { tickerChannel, TICKERS_CHANNEL } from './channels/tickers';
import type { Clock } from './clock';
import type { MarketSocket } from './socket';
import type { WatchEntry } from './watch-entry';

export function chartKeysOf(entries: Iterable<WatchEntry>): Set<string> {
  const keys = new Set<string>();
  for (const { watcher } of entries) if (watcher.chartKey) keys.add(watcher.chartKey);
  return keys;
}

/**
 * Channels the views need: each chart's kline channel; `tickers` (every symbol) only when a view
 * shows 'all', else `tickers:<symbol>` for just the symbols the views name, their positions'
 * symbols and the painted rows' — a list showing 15 of 2,000 symbols parses 15 symbols' updates,
 * not the market's — plus `extra` channels as they are (the books' depth and trades).
 */
export function desiredChannels(
  entries: Iterable<WatchEntry>,
  paintedSymbols: Iterable<string>,
  extra: Iterable<string> = [],
): Set<string> {
  const list = [...entries];
  const want = chartKeysOf(list);
  let all = false;
  const symbols = new Set<string>();
  for (const { watcher, positions, loans } of list) {
    const s = watcher.tickerSymbols;
    if (s === 'all') all = true;
    else for (const x of s) symbols.add(x);
    // Positions are priced off the tickers channels, so their symbols are needed too.
    if (positions.active) for (const x of positions.symbols) symbols.add(x);
    if (loans.active) for (const x of loans.symbols) symbols.add(x);
  }
  for (const x of paintedSymbols) symbols.add(x);
  for (const c of extra) want.add(c);
  if (all) want.add(TICKERS_CHANNEL);
  else for (const x of symbols) want.add(tickerChannel(x));
  return want;
}

/** The channels the socket is subscribed to: what `sync` diffs the wanted set against. */
export class SocketSubscriptions {
  private subscribed = new Set<string>();

  constructor(
    private readonly cadence: Cadence,
    private readonly clock: Clock,
  ) {}

  has(channel: string): boolean {
    return this.subscribed.has(channel);
  }

  /** A new or lost connection holds no subscriptions. */
  clear(): void {
    this.subscribed.clear();
  }

  /** Subscribes what `want` adds, leaves what it lost; nothing while disconnected (the connect syncs). */
  sync(s: MarketSocket | null, want: Set<string>): void {
    if (!s?.connected) return;
    const add = [...want].filter((c) => !this.subscribed.has(c));
    const remove = [...this.subscribed].filter((c) => !want.has(c));
    // A symbol just subscribed is not stale while its first-state answer is on the way; a chart's
    // stream just opened is live until it has been silent past the floor (Cadence.opened).
    const now = this.clock.now();
    for (const c of add)
      if (c.startsWith(KLINE_PREFIX)) this.cadence.opened(c, now);
      else if (c.startsWith(TICKER_CHANNEL_PREFIX)) this.cadence.grace(c.slice(TICKER_CHANNEL_PREFIX.length), now);
    if (add.length) s.emit(SOCKET_EVENTS.subscribe, { channels: add });
    if (remove.length) s.emit(SOCKET_EVENTS.unsubscribe, { channels: remove });
    this.subscribed = want;
  }
}
