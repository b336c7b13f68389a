/** Which socket channels the engine's open views need (engine.syncSubscriptions diffs against it). */
import { tickerChannel, TICKERS_CHANNEL } from './channels/tickers';
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
