/**
 * The `tickers` channel: every symbol's last price, 24 h open, high, low and volume, batched per
 * emit. `tickers` carries every symbol; `tickers:<symbol>` only that one (a view naming its
 * symbols subscribes those). There is no separate first-full-state message: the first update of a
 * symbol is its full state, later ones replace it.
 *
 * Wire form (TickerTuple in core/types/market.ts, one definition for server and worker): one array
 * per update, [symbol, seq, ts, last, open, high, low, volume], decimals as strings. Objects with
 * those keys (an older server) are accepted too.
 *
 * At tens of thousands of updates a second the book does as little per update as it can: the
 * newest update per symbol is kept as it came, the direction of `last` is found by comparing the
 * decimal strings, and the display row (with change% from core/) is built only when a snapshot
 * reads it — so symbols nobody shows never cost a decimal division.
 */
import {
  changePct,
  channel,
  toFiat,
  TICKER_TUPLE_LENGTH,
  tickerFromTuple,
  type TickerTuple,
  type TickerUpdate,
} from '../../core';
import type { TickerRow } from '../api-types';
import { SeqTracker } from '../seq';
import { isDecimal, isObj, isSeq, isSymbol, isTime } from './validate';

export const TICKERS_CHANNEL = channel.tickers;
export const tickerChannel = channel.ticker;

function isTickerUpdate(v: unknown): v is TickerUpdate {
  return (
    isObj(v) &&
    isSymbol(v.symbol) &&
    isSeq(v.seq) &&
    isTime(v.ts) &&
    isDecimal(v.last) &&
    isDecimal(v.open) &&
    isDecimal(v.high) &&
    isDecimal(v.low) &&
    isDecimal(v.volume)
  );
}

/** One wire tuple to a TickerUpdate, or null when malformed. */
export function fromTuple(v: unknown): TickerUpdate | null {
  if (!Array.isArray(v) || v.length !== TICKER_TUPLE_LENGTH) return null;
  const [symbol, seq, ts, last, open, high, low, volume] = v as unknown[];
  if (
    !isSymbol(symbol) ||
    !isSeq(seq) ||
    !isTime(ts) ||
    !isDecimal(last) ||
    !isDecimal(open) ||
    !isDecimal(high) ||
    !isDecimal(low) ||
    !isDecimal(volume)
  )
    return null;
  return tickerFromTuple(v as TickerTuple);
}

export function parseTickerUpdates(data: unknown): { items: TickerUpdate[]; dropped: number } {
  if (!Array.isArray(data)) return { items: [], dropped: data === undefined ? 0 : 1 };
  const items: TickerUpdate[] = [];
  for (const x of data) {
    const u = Array.isArray(x) ? fromTuple(x) : isTickerUpdate(x) ? x : null;
    if (u) items.push(u);
  }
  return { items, dropped: data.length - items.length };
}

/**
 * Compare two decimal strings (`-?\d+(\.\d+)?`, as validated) exactly, without parsing them into
 * numbers: −1, 0 or 1.
 */
export function compareDecimalStrings(a: string, b: string): -1 | 0 | 1 {
  const na = a.charCodeAt(0) === 45; // '-'
  const nb = b.charCodeAt(0) === 45;
  if (na !== nb) return isZero(a) && isZero(b) ? 0 : na ? -1 : 1;
  const m = compareMagnitude(na ? a.slice(1) : a, nb ? b.slice(1) : b);
  return na ? (-m as -1 | 0 | 1) : m;
}

function isZero(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 49 && c <= 57) return false; // 1-9
  }
  return true;
}

function compareMagnitude(a: string, b: string): -1 | 0 | 1 {
  let da = a.indexOf('.');
  let db = b.indexOf('.');
  if (da < 0) da = a.length;
  if (db < 0) db = b.length;
  // integer parts without leading zeros
  let ia = 0;
  while (ia < da - 1 && a.charCodeAt(ia) === 48) ia++;
  let ib = 0;
  while (ib < db - 1 && b.charCodeAt(ib) === 48) ib++;
  const la = da - ia;
  const lb = db - ib;
  if (la !== lb) return la > lb ? 1 : -1;
  for (let k = 0; k < la; k++) {
    const x = a.charCodeAt(ia + k);
    const y = b.charCodeAt(ib + k);
    if (x !== y) return x > y ? 1 : -1;
  }
  // fractions, the shorter one padded with zeros
  const fa = a.length - da - 1;
  const fb = b.length - db - 1;
  const n = Math.max(fa, fb);
  for (let k = 1; k <= n; k++) {
    const x = k <= fa ? a.charCodeAt(da + k) : 48;
    const y = k <= fb ? b.charCodeAt(db + k) : 48;
    if (x !== y) return x > y ? 1 : -1;
  }
  return 0;
}

interface Entry {
  u: TickerUpdate;
  dir: TickerRow['dir'];
  /** the display row, built on first read after an update */
  row: TickerRow | null;
}

/** What snapshots read rows through; a Map of rows is one too (tests). */
export interface RowLookup {
  get(symbol: string): TickerRow | undefined;
  keys(): Iterable<string>;
}

export class TickerBook {
  private readonly book = new Map<string, Entry>();
  private readonly seq = new SeqTracker();

  /** The rows; a row is materialised (change% computed) when read, once per update. */
  readonly rows: RowLookup = {
    get: (symbol) => {
      const e = this.book.get(symbol);
      if (!e) return undefined;
      e.row ??= toRow(e.u, e.dir);
      return e.row;
    },
    keys: () => this.book.keys(),
  };

  /** Apply one batch; returns the symbols whose row changed. */
  apply(updates: TickerUpdate[]): string[] {
    const changed = new Set<string>();
    for (const u of updates) {
      if (this.seq.check(u.symbol, u.seq) === 'old') continue;
      // 'gap' is harmless here: each update carries the whole row.
      const e = this.book.get(u.symbol);
      if (!e) this.book.set(u.symbol, { u, dir: 0, row: null });
      else {
        if (e.u.last !== u.last) {
          const c = compareDecimalStrings(u.last, e.u.last);
          if (c !== 0) e.dir = c;
        }
        e.u = u;
        e.row = null;
      }
      changed.add(u.symbol);
    }
    return [...changed];
  }

  /** A new connection: sequences may start over on a restarted server. Rows are kept for display. */
  resetSeq(): void {
    this.seq.reset();
  }
}

function toRow(u: TickerUpdate, dir: TickerRow['dir']): TickerRow {
  return {
    symbol: u.symbol,
    last: u.last,
    open: u.open,
    high: u.high,
    low: u.low,
    volume: u.volume,
    changePct: changePct(u.last, u.open),
    turnover: turnoverOf(u),
    dir,
    seq: u.seq,
    ts: u.ts,
  };
}

function turnoverOf(u: TickerUpdate): string {
  try {
    return toFiat(u.volume, u.last);
  } catch {
    return '0';
  }
}
