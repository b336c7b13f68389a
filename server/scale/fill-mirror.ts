/**
 * Users' fills on every api node: the engine leader is the one place a user's order
 * fills, so it alone printed the fill on `trades:<symbol>` and held back the venue liquidity the fill
 * consumed. This module carries both to the other nodes, inside the resting mirror's messages
 * (server/scale/resting-mirror.ts: the same channel, the same lease token, so a deposed leader's
 * fills are dropped with its levels, and a node applies a fill and the resting levels it changed
 * in one step).
 *
 * Leader: a FillOutbox is the BookService's fill sink — it hears each print and each consumption
 * after the commit, from the post-commit code that also updates the leader's own book — and the
 * publisher drains it every MIRROR_MS. On the wire: per symbol, prints as [price, qty, taker side,
 * ts] and consumption as [venue version, book side, price, qty]; no user or order ids.
 * Other nodes: `applyFills` prints each fill in the node's own `trades:<symbol>` numbering (its
 * epoch, its seq +1 per print: a client that reconnects to another node resyncs by epoch as after
 * a restart, and never sees a print twice or a hole in one node's stream), and holds the venue
 * liquidity back while that node's relayed venue book is the version the leader took it from.
 * Redis pub/sub is fire-and-forget: a message lost is a print missing from the tape and a level
 * shown whole until the venue re-quotes, never a wrong balance.
 */
import type { BookSideName, TakerSide, TradePrint } from '../../core/types/book';
import type { BookService, UserFillSink } from '../market/books/service';

export interface SymbolFills {
  symbol: string;
  /** in the leader's order: [price, qty, taker side, the leader's ts] */
  prints: [price: string, qty: string, side: TakerSide, ts: number][];
  /** venue liquidity users took: [venue book version, book side, price, qty] */
  consumed: [version: number, side: BookSideName, price: string, qty: string][];
}

/** The leader's side: collects its users' fills between two publishes. */
export class FillOutbox implements UserFillSink {
  private readonly bySymbol = new Map<string, SymbolFills>();

  private entry(symbol: string): SymbolFills {
    let e = this.bySymbol.get(symbol);
    if (!e) this.bySymbol.set(symbol, (e = { symbol, prints: [], consumed: [] }));
    return e;
  }

  print(t: TradePrint): void {
    this.entry(t.symbol).prints.push([t.price, t.qty, t.side, t.ts]);
  }

  consumed(symbol: string, version: number, side: BookSideName, price: string, qty: string): void {
    this.entry(symbol).consumed.push([version, side, price, qty]);
  }

  /** Everything collected since the last call (and forgets it). */
  take(): SymbolFills[] {
    const out = [...this.bySymbol.values()];
    this.bySymbol.clear();
    return out;
  }
}

/** A node that does not lead: the leader's fills into its own book and trade stream. */
export function applyFills(books: BookService, fills: readonly SymbolFills[]): void {
  for (const f of fills) {
    for (const [price, qty, side, ts] of f.prints) books.mirroredTrade(f.symbol, price, qty, side, ts);
    const book = books.book(f.symbol);
    for (const [version, side, price, qty] of f.consumed) book.mirrorConsumed(version, side, price, qty);
  }
}
