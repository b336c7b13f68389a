/**
 * Recently viewed pairs: the last ten symbols whose detail page the user opened, newest first,
 * kept in localStorage on this device (no account needed).
 */
import { proxy, subscribe } from 'valtio';
import { readJson, writeJson } from '../../lib/storage';

export const RECENT_MAX = 10;
const KEY = 'market.recent';

export function pushRecent(list: readonly string[], symbol: string, max = RECENT_MAX): string[] {
  return [symbol, ...list.filter((s) => s !== symbol)].slice(0, max);
}

function initial(): string[] {
  const saved = readJson<{ symbols: unknown }>(KEY)?.symbols;
  return Array.isArray(saved)
    ? saved.filter((s): s is string => typeof s === 'string' && s.includes('/')).slice(0, RECENT_MAX)
    : [];
}

export const recent = proxy<{ symbols: string[] }>({ symbols: initial() });
subscribe(recent, () => writeJson(KEY, { symbols: recent.symbols }));

export function rememberView(symbol: string): void {
  if (recent.symbols[0] !== symbol) recent.symbols = pushRecent(recent.symbols, symbol);
}

export function clearRecent(): void {
  recent.symbols = [];
}
