/**
 * The `tickers` channel: every symbol's last price, 24 h open, high, low and volume, one update per
 * tick, batched per emit. There is no separate first-full-state message: the first update of a
 * symbol is its full state, later ones replace it.
 */
import { changePct, ExactDecimal, type TickerUpdate } from '../../core';
import type { TickerRow } from '../api-types';
import { SeqTracker } from '../seq';
import { isDecimal, isObj, isSeq, isSymbol, isTime, validArray } from './validate';

export const TICKERS_CHANNEL = 'tickers';

export function isTickerUpdate(v: unknown): v is TickerUpdate {
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

export function parseTickerUpdates(data: unknown): { items: TickerUpdate[]; dropped: number } {
  return validArray(data, isTickerUpdate);
}

export class TickerBook {
  readonly rows = new Map<string, TickerRow>();
  private readonly seq = new SeqTracker();

  /** Apply one batch; returns the symbols whose row changed. */
  apply(updates: TickerUpdate[]): string[] {
    // Within a batch only the newest update of each symbol matters.
    const newest = new Map<string, TickerUpdate>();
    for (const u of updates) {
      const verdict = this.seq.check(u.symbol, u.seq);
      if (verdict === 'old') continue;
      // 'gap' is harmless here: each update carries the whole row.
      newest.set(u.symbol, u);
    }
    const changed: string[] = [];
    for (const u of newest.values()) {
      const prev = this.rows.get(u.symbol);
      this.rows.set(u.symbol, toRow(u, prev));
      changed.push(u.symbol);
    }
    return changed;
  }

  /** A new connection: sequences may start over on a restarted server. Rows are kept for display. */
  resetSeq(): void {
    this.seq.reset();
  }
}

function toRow(u: TickerUpdate, prev: TickerRow | undefined): TickerRow {
  let dir: TickerRow['dir'] = prev?.dir ?? 0;
  if (prev && prev.last !== u.last) dir = new ExactDecimal(u.last).comparedTo(prev.last) > 0 ? 1 : -1;
  return {
    symbol: u.symbol,
    last: u.last,
    open: u.open,
    high: u.high,
    low: u.low,
    volume: u.volume,
    changePct: changePct(u.last, u.open),
    dir,
    seq: u.seq,
    ts: u.ts,
  };
}
