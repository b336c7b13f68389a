/**
 * Ordering of the market list. Sorting happens when the user picks a column (and when the list or
 * tab changes), from the figures known at that moment — never on every tick, so a row does not
 * jump away from under a finger; tapping the column again re-sorts with fresh figures.
 */
import { toFiat } from '../../../core';
import type { Quote } from '../../api/market';
import type { TickerRow } from '../../market/types';

export type SortKey = 'price' | 'change' | 'volume';
type SortDir = 'asc' | 'desc';
export interface Sort {
  key: SortKey;
  dir: SortDir;
}
const SORT_KEYS: readonly SortKey[] = ['volume', 'price', 'change'];

/** URL form "change.desc" ⇄ Sort; anything else is "no sort" (the catalogue order). */
export function parseSort(s: string | null): Sort | null {
  const [key, dir] = (s ?? '').split('.');
  return SORT_KEYS.includes(key as SortKey) && (dir === 'asc' || dir === 'desc') ? { key: key as SortKey, dir } : null;
}
export const sortParam = (s: Sort): string => `${s.key}.${s.dir}`;

/** A tap on a column: first descending (biggest first, as traders expect), then ascending, then off. */
export function nextSort(cur: Sort | null, key: SortKey): Sort | null {
  if (!cur || cur.key !== key) return { key, dir: 'desc' };
  return cur.dir === 'desc' ? { key, dir: 'asc' } : null;
}

export interface Figures {
  last: string;
  changePct: string;
  volume: string;
  /** already worked out (the worker's live rows carry it) */
  turnover?: string;
}

/** The live ticker when the stream has spoken for this symbol, else the REST snapshot. */
export function figuresOf(q: Quote, live: TickerRow | undefined): Figures {
  return live
    ? { last: live.last, changePct: live.changePct, volume: live.volume, turnover: live.turnover }
    : { last: q.last, changePct: q.change, volume: q.volume };
}

/**
 * 24 h turnover in the quote currency (base volume × last), the volume traders compare across
 * pairs — 1 BTC and 1 DOGE are not comparable, their USDT turnovers are. Live rows bring it from
 * the worker (same core/ formula); only REST snapshots are computed here.
 */
export function turnover(f: Figures): string {
  if (f.turnover !== undefined) return f.turnover;
  try {
    return toFiat(f.volume, f.last);
  } catch {
    return '0';
  }
}

function keyOf(f: Figures, key: SortKey): number {
  // A number is enough to order by; nothing here is shown or summed.
  const raw = key === 'price' ? f.last : key === 'change' ? f.changePct : turnover(f);
  const v = raw.trim() === '' ? NaN : Number(raw);
  return Number.isFinite(v) ? v : -Infinity;
}

/** Stable sort (ties keep catalogue order); unknown figures go last in either direction. */
export function sortQuotes(
  rows: readonly Quote[],
  sort: Sort | null,
  live: (symbol: string) => TickerRow | undefined,
): Quote[] {
  if (!sort) return rows.slice();
  const sign = sort.dir === 'asc' ? 1 : -1;
  const keyed = rows.map((q, i) => ({ q, i, k: keyOf(figuresOf(q, live(q.symbol)), sort.key) }));
  keyed.sort((a, b) => {
    const ua = a.k === -Infinity;
    const ub = b.k === -Infinity;
    if (ua !== ub) return ua ? 1 : -1;
    return (a.k === b.k ? 0 : a.k < b.k ? -sign : sign) || a.i - b.i;
  });
  return keyed.map((x) => x.q);
}
