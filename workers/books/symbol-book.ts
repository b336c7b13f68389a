/**
 * Everything the worker keeps of one symbol's book: the local book (snapshot + seq'd diffs, in
 * core/book), the ring of recent trades, and the last trade's direction. `render` turns it into
 * what one view asks for — only the top rows, grouped by the view's step — so the main thread
 * never receives the whole book.
 */
import { ExactDecimal, LocalBook, TradeRing, depthRows, type DepthMessage, type TradePrint } from '../../core';
import type { BookSnapshot } from '../api-types';
import type { BookShape } from './book-watch';
import { depthGeometry } from './depth-geometry';

/** Trades kept per symbol: the most a view may ask for. */
const TRADE_RING_SIZE = 100;

export type DepthOutcome = 'changed' | 'unchanged' | 'resync';

export class SymbolBook {
  readonly local: LocalBook;
  private readonly ring = new TradeRing(TRADE_RING_SIZE);
  private last: { price: string; dir: 1 | -1 | 0 } | null = null;
  /** server time of the newest diff applied (0 before one) */
  private ts = 0;

  constructor(readonly symbol: string) {
    this.local = new LocalBook(symbol);
  }

  /** Applies one depth message; 'resync' means a new snapshot must be fetched (once per gap). */
  applyDepth(m: DepthMessage): DepthOutcome {
    const r = m.kind === 'snapshot' ? this.local.applySnapshot(m) : this.local.applyDiff(m);
    if (r === 'resync') return 'resync';
    if (r !== 'applied') return 'unchanged';
    if (m.kind === 'diff' && m.ts) this.ts = m.ts;
    return 'changed';
  }

  /** Adds a print; false when it was already seen. */
  applyTrade(t: TradePrint): boolean {
    if (!this.ring.push(t)) return false;
    const prev = this.last;
    if (!prev) this.last = { price: t.price, dir: 0 };
    else {
      const c = new ExactDecimal(t.price).cmp(prev.price);
      // An equal price keeps the arrow it had, like the exchanges' last-price cell.
      this.last = { price: t.price, dir: c > 0 ? 1 : c < 0 ? -1 : prev.dir };
    }
    return true;
  }

  render(shape: BookShape): BookSnapshot {
    const { local } = this;
    const step = shape.step ?? undefined;
    const bids = depthRows(local.bids, 'bid', shape.rows, step);
    const asks = depthRows(local.asks, 'ask', shape.rows, step);
    // A depth view gets the drawing, not the rows: nothing to parse or lay out on the main thread.
    const depth = shape.depth ? { depth: depthGeometry(bids, asks) } : {};
    return {
      symbol: this.symbol,
      step: shape.step,
      bids: shape.depth ? [] : bids,
      asks: shape.depth ? [] : asks,
      ...depth,
      bestBid: local.bids.at(0)?.price ?? null,
      bestAsk: local.asks.at(0)?.price ?? null,
      last: this.last && { ...this.last },
      trades: this.ring.newest(shape.trades).map((t) => ({ price: t.price, qty: t.qty, side: t.side, ts: t.ts })),
      synced: local.status === 'live',
      ts: this.ts,
    };
  }
}
