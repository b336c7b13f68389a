/**
 * The `watch {symbol, period}` path (our addition: the family's back ends broadcast everything to
 * everyone): a socket that watches a pair gets its `market_depth` whenever the book changed, the
 * open `kline` of that period at most every FAMILY_FLUSH_MS and its `match_trade` prints; a new
 * watch replaces the previous one. What is watched is read from the adapter's room events, so a
 * socket leaving (or disconnecting) needs no bookkeeping here.
 */
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import type { Period, TradePrint } from '../../../core';
import type { BookService } from '../books/service';
import type { FamilyPayloads } from './payloads';
import { familyPeriod, familyRoom, klineRoomParts, roomSymbol, FAMILY_PREFIX, type FamilyAck } from './rooms';

const watchSchema = z.object({ symbol: z.string().max(40), period: z.string().max(10).optional() });

export interface WatchDeps {
  io: Server;
  books: BookService;
  payloads: FamilyPayloads;
  isPair: (symbol: string) => boolean;
  /** whether one of our own channels has members (the book must keep publishing for it) */
  ourRoom: (room: string) => boolean;
}

export class WatchRooms {
  /** symbol → periods watched */
  private readonly klines = new Map<string, Set<Period>>();
  private readonly depth = new Set<string>();
  private readonly trades = new Set<string>();
  /** watched symbols that ticked since the last kline flush */
  private readonly klineDirty = new Set<string>();

  constructor(private readonly d: WatchDeps) {}

  roomCreated(room: string): void {
    const depth = roomSymbol(room, 'depth');
    const trades = roomSymbol(room, 'trades');
    const kline = klineRoomParts(room);
    if (depth !== undefined) {
      this.depth.add(depth);
      this.d.books.watch('depth', depth, true);
    } else if (trades !== undefined) {
      this.trades.add(trades);
      this.d.books.watch('trades', trades, true);
    } else if (kline) {
      let s = this.klines.get(kline.symbol);
      if (!s) this.klines.set(kline.symbol, (s = new Set()));
      s.add(kline.period);
    }
  }

  roomDeleted(room: string): void {
    const depth = roomSymbol(room, 'depth');
    const trades = roomSymbol(room, 'trades');
    const kline = klineRoomParts(room);
    if (depth !== undefined) {
      this.depth.delete(depth);
      // our own `depth:<symbol>` channel may still need the book
      if (!this.d.ourRoom(`depth:${depth}`)) this.d.books.watch('depth', depth, false);
    } else if (trades !== undefined) {
      this.trades.delete(trades);
      if (!this.d.ourRoom(`trades:${trades}`)) this.d.books.watch('trades', trades, false);
    } else if (kline) {
      const s = this.klines.get(kline.symbol);
      s?.delete(kline.period);
      if (s?.size === 0) this.klines.delete(kline.symbol);
    }
  }

  get watchingKlines(): boolean {
    return this.klines.size > 0;
  }

  ticked(symbol: string): void {
    if (this.klines.has(symbol)) this.klineDirty.add(symbol);
  }

  flushKlines(): void {
    for (const symbol of this.klineDirty) {
      for (const period of this.klines.get(symbol) ?? []) {
        const k = this.d.payloads.kline(symbol, period);
        if (k) this.d.io.local.to(familyRoom.kline(symbol, period)).emit('kline', k);
      }
    }
    this.klineDirty.clear();
  }

  watchesDepth(symbol: string): boolean {
    return this.depth.has(symbol);
  }

  watchesTrades(symbol: string): boolean {
    return this.trades.has(symbol);
  }

  depthChanged(symbol: string): void {
    if (!this.depth.has(symbol)) return;
    const d = this.d.payloads.marketDepth(symbol);
    if (d) this.d.io.local.to(familyRoom.depth(symbol)).emit('market_depth', d);
  }

  tradesPrinted(symbol: string, prints: readonly TradePrint[]): void {
    if (!this.trades.has(symbol) || !prints.length) return;
    const m = this.d.payloads.matchTrade(symbol, prints);
    if (m) this.d.io.local.to(familyRoom.trades(symbol)).emit('match_trade', m);
  }

  /** The `watch` event: the socket's pair and period from now on, with their state at once. */
  watch(socket: Socket, payload: unknown): FamilyAck {
    const r = watchSchema.safeParse(payload);
    if (!r.success || !this.d.isPair(r.data.symbol)) return { ok: false, error: 'param_error' };
    const period = r.data.period === undefined || r.data.period === '' ? '1min' : familyPeriod(r.data.period);
    if (!period) return { ok: false, error: 'param_error' };
    for (const room of socket.rooms)
      if (
        room.startsWith(FAMILY_PREFIX.depth) ||
        room.startsWith(FAMILY_PREFIX.kline) ||
        room.startsWith(FAMILY_PREFIX.trades)
      )
        void socket.leave(room);
    const { symbol } = r.data;
    this.d.books.flushDepth(symbol);
    void socket.join(familyRoom.depth(symbol));
    void socket.join(familyRoom.kline(symbol, period));
    void socket.join(familyRoom.trades(symbol));
    const d = this.d.payloads.marketDepth(symbol);
    if (d) socket.emit('market_depth', d);
    const k = this.d.payloads.kline(symbol, period);
    if (k) socket.emit('kline', k);
    return { ok: true };
  }
}
