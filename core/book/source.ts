/**
 * The producing end of `depth:<symbol>` (for the server, and the reference "server book" in tests):
 * the book's levels, changes collected between flushes, and each flush one DepthDiff with the
 * next seq. A snapshot reflects the flushed state only, so snapshot(seq S) + diffs S+1… is exact.
 * Levels are canonical decimal strings (no trailing zeros), so a price has one spelling.
 */
import { formatScaled, parseScaledBig } from '../kline/scaled';
import type { BookLevelTuple, BookSideName, DepthDiff, DepthSnapshot } from '../types/book';

const canon = (s: string): string => {
  const { m, scale } = parseScaledBig(s);
  return formatScaled(m, scale);
};

/** Compares canonical non-negative decimals a and b by value. */
function cmp(a: string, b: string): number {
  const x = parseScaledBig(a);
  const y = parseScaledBig(b);
  const s = Math.max(x.scale, y.scale);
  const xm = x.m * 10n ** BigInt(s - x.scale);
  const ym = y.m * 10n ** BigInt(s - y.scale);
  return xm < ym ? -1 : xm > ym ? 1 : 0;
}

export class BookSource {
  private readonly levels = { bid: new Map<string, string>(), ask: new Map<string, string>() };
  private readonly pending = { bid: new Map<string, string>(), ask: new Map<string, string>() };
  private curSeq: number;

  constructor(
    readonly symbol: string,
    readonly epoch: number,
    startSeq = 0,
  ) {
    this.curSeq = startSeq;
  }

  get seq(): number {
    return this.curSeq;
  }

  /** Sets a level's quantity ("0" removes it); published at the next flush. */
  set(side: BookSideName, price: string, qty: string): void {
    const q = canon(qty);
    this.pending[side].set(canon(price), q);
  }

  /** The changes since the last flush as one diff (seq + 1), or null when nothing changed. */
  flush(): DepthDiff | null {
    const out = { bid: [] as BookLevelTuple[], ask: [] as BookLevelTuple[] };
    for (const side of ['bid', 'ask'] as const) {
      for (const [p, q] of this.pending[side]) {
        const had = this.levels[side].get(p);
        if (q === '0') {
          if (had === undefined) continue;
          this.levels[side].delete(p);
        } else {
          if (had === q) continue;
          this.levels[side].set(p, q);
        }
        out[side].push([p, q]);
      }
      this.pending[side].clear();
    }
    if (out.bid.length === 0 && out.ask.length === 0) return null;
    const prevSeq = this.curSeq;
    this.curSeq++;
    return { symbol: this.symbol, epoch: this.epoch, seq: this.curSeq, prevSeq, bids: out.bid, asks: out.ask };
  }

  /** One side's levels best first (bids high → low, asks low → high). */
  side(side: BookSideName): BookLevelTuple[] {
    const rows = [...this.levels[side]].map(([p, q]) => [p, q] as BookLevelTuple);
    return rows.sort((a, b) => (side === 'bid' ? cmp(b[0], a[0]) : cmp(a[0], b[0])));
  }

  snapshot(): DepthSnapshot {
    return { symbol: this.symbol, epoch: this.epoch, seq: this.curSeq, bids: this.side('bid'), asks: this.side('ask') };
  }
}
