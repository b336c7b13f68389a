/**
 * Sockets that logged in the family's way and never watched. The family's clients emit `login` and
 * subscribe to nothing: they keep the events of the pair on their screen, and that pair can be any
 * row of quotation_new (a client opens on BTC/USDT and moves to the pair tapped in its list). So
 * such a socket joins one room per listed pair, `family:pair:<symbol>`, and each room gets at most
 * one `market_depth` (five levels a side) and one `kline` (the open FAMILY_PAIR_PERIOD candle) per
 * FAMILY_PAIR_MS (the pairs in ten slices, so the sends spread over the second instead of one
 * burst that would delay our own 25 ms batches). A room's event is encoded once for all its
 * members, so the server's work per flush is per pair, not per socket. `market_depth` goes when the five levels changed, `kline` when
 * the pair ticked; a room that got a new member resends both, so a fresh socket has the book within
 * one flush. A socket that emits `watch` leaves these rooms for good (watch-rooms.ts).
 */
import type { Server, Socket } from 'socket.io';
import type { BookService } from '../books/service';
import type { FamilyPayloads } from './payloads';
import { FAMILY_PAIR_PERIOD, FAMILY_PREFIX, familyRoom, roomSymbol } from './rooms';

export interface PairRoomDeps {
  io: Server;
  books: BookService;
  payloads: FamilyPayloads;
  /** the listed pairs (quotation_new's rows) */
  listed: () => readonly string[];
}

/** a flush visits one slice of the pairs, so their sends spread over the second, not one burst */
export const PAIR_SLICES = 10;

export class PairRooms {
  /** symbols whose pair room has members → the slice that flushes them */
  private readonly live = new Map<string, number>();
  private nextSlot = 0;
  private slice = 0;
  /** rooms that got a member since the last flush: they get the full state once */
  private readonly fresh = new Set<string>();
  /** pairs that ticked since the last flush */
  private readonly dirty = new Set<string>();
  /** symbol → the five levels last sent, to send a book only when what a client shows changed */
  private readonly sentDepth = new Map<string, string>();

  constructor(private readonly d: PairRoomDeps) {}

  roomCreated(room: string): void {
    const symbol = roomSymbol(room, 'pair');
    if (symbol !== undefined) this.live.set(symbol, this.nextSlot++ % PAIR_SLICES);
  }

  roomDeleted(room: string): void {
    const symbol = roomSymbol(room, 'pair');
    if (symbol === undefined) return;
    this.live.delete(symbol);
    this.fresh.delete(symbol);
    this.dirty.delete(symbol);
    this.sentDepth.delete(symbol);
  }

  get active(): boolean {
    return this.live.size > 0;
  }

  join(socket: Socket): void {
    for (const symbol of this.d.listed()) {
      const room = familyRoom.pair(symbol);
      if (socket.rooms.has(room)) continue;
      void socket.join(room);
      this.fresh.add(symbol);
    }
  }

  leave(socket: Socket): void {
    for (const room of socket.rooms) if (room.startsWith(FAMILY_PREFIX.pair)) void socket.leave(room);
  }

  ticked(symbol: string): void {
    if (this.live.has(symbol)) this.dirty.add(symbol);
  }

  /** Runs every FAMILY_PAIR_MS / PAIR_SLICES: each pair is visited once per FAMILY_PAIR_MS. */
  flushSlice(): void {
    const slice = this.slice;
    this.slice = (slice + 1) % PAIR_SLICES;
    for (const [symbol, slot] of this.live) if (slot === slice) this.flushPair(symbol);
  }

  /** Every pair now (tests, close). */
  flush(): void {
    for (const symbol of this.live.keys()) this.flushPair(symbol);
  }

  private flushPair(symbol: string): void {
    const fresh = this.fresh.delete(symbol);
    const ticked = this.dirty.delete(symbol);
    this.sendDepth(symbol, fresh);
    if (fresh || ticked) {
      const k = this.d.payloads.kline(symbol, FAMILY_PAIR_PERIOD);
      if (k) this.d.io.local.to(familyRoom.pair(symbol)).emit('kline', k);
    }
  }

  private sendDepth(symbol: string, fresh: boolean): void {
    // publish the book's pending change first (our `depth:<symbol>` members get that diff too),
    // so the snapshot below is the book as it is now
    this.d.books.flushDepth(symbol);
    const d = this.d.payloads.marketDepth(symbol);
    if (!d) return;
    const key = JSON.stringify([d.bids, d.asks]);
    const sent = this.sentDepth.get(symbol);
    if (key === sent && !fresh) return;
    // a pair with no book yet (no venue levels, no orders) sends nothing until it has one
    if (sent === undefined && !d.bids.length && !d.asks.length) return;
    this.sentDepth.set(symbol, key);
    this.d.io.local.to(familyRoom.pair(symbol)).emit('market_depth', d);
  }
}
