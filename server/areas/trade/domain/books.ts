/**
 * In-memory indexes of what the tick watchers must check (resting spot orders live in the
 * symbols' books, market/books): entrusted
 * contract orders, open positions (take-profit, stop-loss, account risk) and pending seconds
 * orders. They only decide WHEN to act; every action re-checks the database row conditionally
 * (… WHERE status = 'open'), so a stale entry can never fill, close or settle twice.
 * Loaded from the database at start; kept current by the engines after each commit.
 */
import type { LeverSide, SecondsType } from '../../../../core';
import Decimal from 'decimal.js';

export interface TickRef {
  price: string;
  seq: number;
  ts: number;
}

interface EntrustedEntry {
  id: number;
  userId: number;
  symbol: string;
  side: LeverSide;
  price: string;
}

interface PositionEntry {
  id: number;
  userId: number;
  symbol: string;
  side: LeverSide;
  lots: string;
  lotSize: string;
  multiple: number;
  openPrice: string;
  margin: string;
  tp: string | null;
  sl: string | null;
}

interface SecondsEntry {
  id: number;
  userId: number;
  symbol: string;
  type: SecondsType;
  expiresAt: number;
  /** the last tick at or before expiry seen so far */
  mark: TickRef;
}

function bySymbol<T extends { id: number; symbol: string }>() {
  const m = new Map<string, Map<number, T>>();
  return {
    put(e: T) {
      let s = m.get(e.symbol);
      if (!s) m.set(e.symbol, (s = new Map()));
      s.set(e.id, e);
    },
    drop(symbol: string, id: number) {
      m.get(symbol)?.delete(id);
    },
    has(symbol: string): boolean {
      return (m.get(symbol)?.size ?? 0) > 0;
    },
    of(symbol: string): Iterable<T> {
      return m.get(symbol)?.values() ?? [];
    },
    all(): T[] {
      return [...m.values()].flatMap((s) => [...s.values()]);
    },
  };
}

class LeverBook {
  private readonly entrusted = bySymbol<EntrustedEntry>();
  private readonly positions = bySymbol<PositionEntry>();
  private readonly byUser = new Map<number, Map<number, PositionEntry>>();
  /** lever account available balance per user with open positions (refreshed by the watcher) */
  readonly available = new Map<number, string>();

  addEntrusted(e: EntrustedEntry) {
    this.entrusted.put(e);
  }
  removeEntrusted(symbol: string, id: number) {
    this.entrusted.drop(symbol, id);
  }
  /** a long limit entry fills when price ≤ its price, a short when price ≥ */
  entrustedCrossed(symbol: string, price: string): EntrustedEntry[] {
    const p = new Decimal(price);
    const out: EntrustedEntry[] = [];
    for (const o of this.entrusted.of(symbol)) if (o.side === 'long' ? p.lte(o.price) : p.gte(o.price)) out.push(o);
    return out;
  }

  addPosition(e: PositionEntry) {
    this.positions.put(e);
    let u = this.byUser.get(e.userId);
    if (!u) this.byUser.set(e.userId, (u = new Map()));
    u.set(e.id, e);
  }
  removePosition(symbol: string, id: number, userId: number) {
    this.positions.drop(symbol, id);
    const u = this.byUser.get(userId);
    u?.delete(id);
    if (u && u.size === 0) {
      this.byUser.delete(userId);
      this.available.delete(userId);
    }
  }
  /** whether a tick of `symbol` may fill an entry or touch a position (its ticks are kept) */
  watches(symbol: string): boolean {
    return this.entrusted.has(symbol) || this.positions.has(symbol);
  }
  positionsOf(symbol: string): Iterable<PositionEntry> {
    return this.positions.of(symbol);
  }
  userPositions(userId: number): PositionEntry[] {
    return [...(this.byUser.get(userId)?.values() ?? [])];
  }
  users(): number[] {
    return [...this.byUser.keys()];
  }
  allEntrusted(): EntrustedEntry[] {
    return this.entrusted.all();
  }
}

class SecondsBook {
  private readonly pending = bySymbol<SecondsEntry>();
  add(e: SecondsEntry) {
    this.pending.put(e);
  }
  remove(symbol: string, id: number) {
    this.pending.drop(symbol, id);
  }
  /** keeps each pending order's mark at the newest tick whose time is at or before its expiry */
  onTick(symbol: string, tick: TickRef) {
    for (const o of this.pending.of(symbol)) if (tick.ts <= o.expiresAt && tick.seq > o.mark.seq) o.mark = { ...tick };
  }
  has(symbol: string): boolean {
    for (const _ of this.pending.of(symbol)) return true;
    return false;
  }
  all(): SecondsEntry[] {
    return this.pending.all();
  }
}

export interface Books {
  lever: LeverBook;
  seconds: SecondsBook;
}

export function createBooks(): Books {
  return { lever: new LeverBook(), seconds: new SecondsBook() };
}
