/**
 * Socket fan-out (DESIGN §3 "Socket"). Clients `subscribe`/`unsubscribe` channels (socket.io rooms)
 * and `auth` into their private room. Updates are buffered and sent at most every `flushMs` as ONE
 * event per room with an array (socket-batches.ts; when: socket-pace.ts); `depth:<symbol>` and
 * `trades:<symbol>` are the book service's (books/service.ts), flushed every 100 ms. One emit per
 * tick would cap out near 30k/s (TOOLCHAIN.md); batches do not. A room's event is encoded once,
 * whatever its size: socket.io's adapter builds one WebSocket frame and writes it to every member
 * (perMessageDeflate is off), so nothing here may shape a payload per socket.
 *
 * Tickers travel as arrays, not objects (wire.ts). Besides `tickers` (every symbol) a client may
 * subscribe `tickers:<symbol>` for just the symbols it shows: a phone listing 15 of 2,000 symbols
 * then receives 15 symbols' updates instead of the whole market's (at 50,000 ticks/s that is the
 * difference between parsing ~30,000 updates a second and a few hundred). Both deliver the same
 * `tickers` event; a ticker is a full state, so the latest per flush loses nothing.
 *
 * Room membership is tracked from the adapter's create-room/delete-room events. (With the Redis
 * adapter across processes the feed process would need to publish regardless; that is the
 * scale-out issue.) The family's events (family/) ride on the same state.
 */
import type { Server } from 'socket.io';
import {
  SOCKET_EVENTS,
  channel,
  type PairInfo,
  type KlineAggregator,
  type Tick,
  type TickerUpdate,
  type TradePrint,
} from '../../core';
import type { BookService } from './books/service';
import type { TickerBook } from './tickers';
import { handleAuth, userRoom, type ResolveUser } from './socket-auth';
import { attachFamily, type FamilyFanout } from './family';
import { MarketBatches, type TickerMode } from './socket-batches';
import { FlushPace } from './socket-pace';
import { parseChannel } from './socket-channels';
import { onSubscribe, onUnsubscribe, type Ack } from './socket-handlers';

export type { Ack, ResolveUser, TickerMode };

interface Hello {
  epoch: number;
}

export interface FanoutOptions {
  io: Server;
  aggregator: KlineAggregator;
  tickers: TickerBook;
  /** depth and trades channels (books/service.ts); flushed every `bookFlushMs` (default 100 ms) */
  books: BookService;
  bookFlushMs?: number;
  isSymbol: (symbol: string) => boolean;
  resolveUser: ResolveUser;
  /**
   * Batch period (default 25 ms): a room gets at most one batch per period (socket-pace.ts). Half of
   * what a tick waits before a screen shows it is at most this period plus the screen's snapshot
   * window (100 ms): 25 ms keeps tick→paint p95 under 150 ms on a 4× throttled phone
   * (bench/results), where 50 ms did not.
   */
  flushMs?: number;
  tickerMode?: TickerMode;
  /** the pair's listing, for the family's events (family/); absent: no family events */
  pair?: (symbol: string) => PairInfo | undefined;
  /** the listed pairs (quotation_new's rows): what a family socket that never watched gets */
  listed?: () => readonly string[];
  log: { warn(obj: object, msg?: string): void };
}

export interface MarketSocket {
  /** buffers applied ticks (with their ticker updates, same order) for the next flush */
  push(ticks: readonly Tick[], updates: readonly TickerUpdate[]): void;
  /** emits what is buffered now */
  flush(): void;
  emitToUser(userId: number | string, event: string, payload: unknown): void;
  /** to every socket in a server-managed room (the chat room) */
  emitToRoom(room: string, event: string, payload: unknown): void;
  close(): void;
}

const DEPTH_PREFIX = channel.depth('');
const TRADES_PREFIX = channel.trades('');

/** The book service's depth and trades go to our rooms, then to the family's (which may watch more). */
function bookEmitter(io: Server, family: FamilyFanout | undefined) {
  const rooms = io.of('/').adapter.rooms;
  return (room: string, event: string, payload: unknown) => {
    if (rooms.has(room)) io.local.to(room).emit(event, payload);
    if (family && event === SOCKET_EVENTS.depth) family.depthChanged(room.slice(DEPTH_PREFIX.length));
    else if (family && event === SOCKET_EVENTS.trades)
      family.tradesPrinted(room.slice(TRADES_PREFIX.length), payload as readonly TradePrint[]);
  };
}

export function attachMarketSocket(opts: FanoutOptions): MarketSocket {
  const { io, aggregator, books } = opts;
  const adapter = io.of('/').adapter;
  const family = opts.pair
    ? attachFamily({
        io,
        aggregator,
        books,
        pair: opts.pair,
        listed: opts.listed ?? (() => []),
        resolveUser: opts.resolveUser,
        log: opts.log,
      })
    : undefined;
  const batches = new MarketBatches(io, aggregator, opts.tickerMode ?? 'latest');
  const flush = () => batches.flush();
  const pace = new FlushPace(opts.flushMs ?? 25, flush);

  const onCreate = (room: string) => {
    const p = parseChannel(room, opts.isSymbol);
    if (p?.kind === 'depth' || p?.kind === 'trades') books.watch(p.kind, p.symbol, true);
    else if (p) batches.roomCreated(p);
  };
  const onDelete = (room: string) => {
    const p = parseChannel(room, opts.isSymbol);
    // the family's watchers may still need the book
    if (
      (p?.kind === 'trades' && !family?.watchesTrades(p.symbol)) ||
      (p?.kind === 'depth' && !family?.watchesDepth(p.symbol))
    )
      books.watch(p.kind, p.symbol, false);
    else if (p) batches.roomDeleted(p);
  };
  adapter.on('create-room', onCreate);
  adapter.on('delete-room', onDelete);

  books.setEmitter(bookEmitter(io, family));
  const bookTimer = setInterval(() => books.flush(), opts.bookFlushMs ?? 100);
  bookTimer.unref?.();

  const subscribeDeps = { aggregator, tickers: opts.tickers, books, isSymbol: opts.isSymbol, flush };
  io.on('connection', (socket) => {
    // The stream epoch first, before any data: a restarted server counts seq from the start again,
    // and one epoch (the book service's) covers every stream.
    socket.emit(SOCKET_EVENTS.hello, { epoch: books.epoch } satisfies Hello);
    socket.on(SOCKET_EVENTS.subscribe, (payload: unknown, ack?: unknown) =>
      onSubscribe(socket, subscribeDeps, payload, ack),
    );
    socket.on(SOCKET_EVENTS.unsubscribe, (payload: unknown, ack?: unknown) => onUnsubscribe(socket, payload, ack));
    handleAuth(socket, opts.resolveUser, opts.log);
    family?.attach(socket);
  });

  return {
    push(ticks, updates) {
      batches.push(ticks, updates);
      if (batches.pending) pace.due();
      family?.push(ticks, updates);
    },
    flush,
    // User events cross nodes: the engine writes, the user's socket is elsewhere.
    emitToUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
      family?.toUser(userId, event, payload);
    },
    emitToRoom(room, event, payload) {
      io.to(room).emit(event, payload);
    },
    close() {
      pace.close();
      clearInterval(bookTimer);
      family?.close();
      flush();
      books.flush();
      adapter.off('create-room', onCreate);
      adapter.off('delete-room', onDelete);
    },
  };
}
