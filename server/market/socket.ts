/**
 * Socket fan-out (DESIGN §3 "Socket"). Clients `subscribe`/`unsubscribe` channels (socket.io rooms)
 * and `auth` into their private room. Updates are buffered and sent every `flushMs` as ONE event per
 * room with an array: `tickers` (the latest ticker per symbol that ticked since the last flush by
 * default, or every tick's), `kline` (latest bar per series, plus a bar that closed since the last
 * flush); `depth:<symbol>` and `trades:<symbol>` are the book service's (books/service.ts), flushed
 * every 100 ms. One emit per tick would cap out near 30k/s (TOOLCHAIN.md);
 * batches do not.
 *
 * Tickers travel as arrays, not objects (wire.ts). Besides `tickers` (every symbol) a client may
 * subscribe `tickers:<symbol>` for just the symbols it shows: a phone listing 15 of 2,000 symbols
 * then receives 15 symbols' updates instead of the whole market's (at 50,000 ticks/s that is the
 * difference between parsing ~30,000 updates a second and a few hundred). Both deliver the same
 * `tickers` event; a ticker is a full state, so the latest per flush loses nothing.
 *
 * Buffers are filled only for channels that have members here: room membership is tracked from the
 * adapter's create-room/delete-room events, so an unwatched symbol costs one Map lookup per tick.
 * (With the Redis adapter across processes the feed process would need to publish regardless;
 * that is the scale-out issue.)
 */
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import { SESSION_ROOM_PREFIX, SOCKET_EVENTS, USER_ROOM_PREFIX, channel, room, isPeriod, type PairInfo, type KlineAggregator, type KlineUpdate, type Period, type Tick, type TickerUpdate, type TradePrint } from '../../core';
import type { BookService } from './books/service';
import type { TickerBook } from './tickers';
import { encodeTickers, TICKER_PREFIX, tickerChannel } from './wire';
import { handleAuth, userRoom, type ResolveUser } from './socket-auth';
import { attachFamily } from './family';

export type { ResolveUser };
export type TickerMode = 'every' | 'latest';

export interface Hello {
  epoch: number;
}

export interface Ack {
  ok: boolean;
  error?: string;
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
   * Batch period (default 25 ms). Half of what a tick waits before a screen shows it is this period
   * plus the screen's snapshot window (100 ms): 25 ms keeps tick→paint p95 under 150 ms on a 4×
   * throttled phone (bench/results), where 50 ms did not.
   */
  flushMs?: number;
  tickerMode?: TickerMode;
  /** the pair's listing, for the family's events (family.ts); absent: no family events */
  pair?: (symbol: string) => PairInfo | undefined;
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

const MAX_CHANNELS = 500;
const DEPTH_PREFIX = channel.depth('');
const TRADES_PREFIX = channel.trades('');
const subscribeSchema = z.object({ channels: z.array(z.string().max(100)).max(MAX_CHANNELS) });

type Parsed = { kind: 'tickers' } | { kind: 'ticker'; symbol: string } | { kind: 'kline'; symbol: string; period: Period } | { kind: 'depth' | 'trades'; symbol: string };

/** "kline:BTC/USDT:1min" → parts; symbols contain "/" but never ":". */
function parseChannel(name: string, isSymbol: (s: string) => boolean): Parsed | undefined {
  if (name === channel.tickers) return { kind: 'tickers' };
  if (name.startsWith(TICKER_PREFIX)) {
    const symbol = name.slice(TICKER_PREFIX.length);
    return isSymbol(symbol) ? { kind: 'ticker', symbol } : undefined;
  }
  const parts = name.split(':');
  if (parts[0] === 'kline' && parts.length === 3 && isSymbol(parts[1]) && isPeriod(parts[2])) return { kind: 'kline', symbol: parts[1], period: parts[2] };
  if ((parts[0] === 'depth' || parts[0] === 'trades') && parts.length === 2 && isSymbol(parts[1])) return { kind: parts[0], symbol: parts[1] };
  return undefined;
}

export function attachMarketSocket(opts: FanoutOptions): MarketSocket {
  const { io, aggregator, tickers } = opts;
  const mode = opts.tickerMode ?? 'latest';
  const rooms = io.of('/').adapter.rooms;
  const family = opts.pair ? attachFamily({ io, aggregator, books: opts.books, pair: opts.pair, resolveUser: opts.resolveUser, log: opts.log }) : undefined;

  // Live rooms we fan out to, kept in step with the adapter (a socket leaving on disconnect too).
  const klineRooms = new Map<string, Set<Period>>();
  /** symbols with a `tickers:<symbol>` room */
  const tickerRooms = new Set<string>();
  const onCreate = (room: string) => {
    const p = parseChannel(room, opts.isSymbol);
    if (p?.kind === 'ticker') tickerRooms.add(p.symbol);
    else if (p?.kind === 'kline') {
      let s = klineRooms.get(p.symbol);
      if (!s) klineRooms.set(p.symbol, (s = new Set()));
      s.add(p.period);
    } else if (p?.kind === 'depth' || p?.kind === 'trades') opts.books.watch(p.kind, p.symbol, true);
  };
  const onDelete = (room: string) => {
    const p = parseChannel(room, opts.isSymbol);
    if (p?.kind === 'ticker') {
      tickerRooms.delete(p.symbol);
      symbolLatest.delete(p.symbol);
    } else if (p?.kind === 'kline') {
      const s = klineRooms.get(p.symbol);
      s?.delete(p.period);
      if (s?.size === 0) klineRooms.delete(p.symbol);
      lastBarSent.delete(room);
    } else if ((p?.kind === 'trades' && !family?.watchesTrades(p.symbol)) || (p?.kind === 'depth' && !family?.watchesDepth(p.symbol))) opts.books.watch(p.kind, p.symbol, false);
  };
  io.of('/').adapter.on('create-room', onCreate);
  io.of('/').adapter.on('delete-room', onDelete);

  // Market data goes to this process's own sockets: every process of a cluster receives the same
  // feed (server/scale/relay.ts), so a cross-node broadcast would deliver each tick once per node.
  // User events (emitToUser) do cross nodes: the engine writes, the user's socket is elsewhere.
  const local = io.local;
  let tickerBuf: TickerUpdate[] = [];
  const tickerLatest = new Map<string, TickerUpdate>();
  /** symbol → its newest ticker since the last flush, for symbols with a `tickers:<symbol>` room */
  const symbolLatest = new Map<string, TickerUpdate>();
  /** symbol → its newest tick, for symbols with kline watchers */
  const klineDirty = new Map<string, Tick>();
  /** kline room → time of the bar last sent, to also send the final state of a bar that closed */
  const lastBarSent = new Map<string, number>();

  function klineUpdates(symbol: string, period: Period, tick: Tick, room: string): KlineUpdate[] {
    const last = aggregator.last(symbol, period);
    if (!last) return [];
    const prev = lastBarSent.get(room);
    lastBarSent.set(room, last.time);
    const bars = prev === undefined || prev === last.time ? [last] : aggregator.series(symbol, period).filter((c) => c.time >= prev);
    return bars.map((candle) => ({ symbol, period, seq: tick.seq, ts: tick.ts, candle }));
  }

  function flush(): void {
    if (mode === 'every' ? tickerBuf.length : tickerLatest.size) {
      const batch = mode === 'every' ? tickerBuf : [...tickerLatest.values()];
      tickerBuf = [];
      tickerLatest.clear();
      if (rooms.has(channel.tickers)) local.to(channel.tickers).emit(SOCKET_EVENTS.tickers, encodeTickers(batch));
    }
    // One small emit per watched symbol that ticked: socket.io sends a room's packet to all its
    // members, so a per-socket batch would mean encoding per socket.
    for (const [symbol, u] of symbolLatest) local.to(tickerChannel(symbol)).emit(SOCKET_EVENTS.tickers, encodeTickers([u]));
    symbolLatest.clear();
    for (const [symbol, tick] of klineDirty) {
      for (const period of klineRooms.get(symbol) ?? []) {
        const room = channel.kline(symbol, period);
        const updates = klineUpdates(symbol, period, tick, room);
        if (updates.length) local.to(room).emit(SOCKET_EVENTS.kline, updates);
      }
    }
    klineDirty.clear();
  }

  const timer = setInterval(flush, opts.flushMs ?? 25);
  timer.unref?.();
  opts.books.setEmitter((room, event, payload) => {
    if (rooms.has(room)) local.to(room).emit(event, payload);
    if (family && event === SOCKET_EVENTS.depth) family.depthChanged(room.slice(DEPTH_PREFIX.length));
    else if (family && event === SOCKET_EVENTS.trades) family.tradesPrinted(room.slice(TRADES_PREFIX.length), payload as readonly TradePrint[]);
  });
  const bookTimer = setInterval(() => opts.books.flush(), opts.bookFlushMs ?? 100);
  bookTimer.unref?.();

  function sendSnapshot(socket: Socket, p: Parsed): void {
    // The first full state, so a client does not wait for the next tick (the worker merges by seq).
    if (p.kind === 'tickers') {
      socket.emit(SOCKET_EVENTS.tickers, encodeTickers(tickers.all()));
    } else if (p.kind === 'ticker') {
      const t = tickers.get(p.symbol);
      if (t) socket.emit(SOCKET_EVENTS.tickers, encodeTickers([t]));
    } else if (p.kind === 'kline') {
      const candle = aggregator.last(p.symbol, p.period);
      const t = tickers.get(p.symbol);
      if (candle && t) socket.emit(SOCKET_EVENTS.kline, [{ symbol: p.symbol, period: p.period, seq: t.seq, ts: t.ts, candle } satisfies KlineUpdate]);
    } else if (p.kind === 'depth') {
      socket.emit(SOCKET_EVENTS.depth, [opts.books.depthSnapshot(p.symbol)]);
    }
  }

  function reply(ack: unknown, body: Ack): void {
    if (typeof ack === 'function') (ack as (a: Ack) => void)(body);
  }

  io.on('connection', (socket) => {
    // The stream epoch first, before any data: a restarted server counts seq from the start again,
    // and one epoch (the book service's) covers every stream.
    socket.emit(SOCKET_EVENTS.hello, { epoch: opts.books.epoch } satisfies Hello);
    socket.on(SOCKET_EVENTS.subscribe, (payload: unknown, ack?: unknown) => {
      const r = subscribeSchema.safeParse(payload);
      if (!r.success) return reply(ack, { ok: false, error: 'param_error' });
      const parsed = r.data.channels.map((name) => [name, parseChannel(name, opts.isSymbol)] as const);
      const bad = parsed.filter(([, p]) => !p).map(([n]) => n);
      if (bad.length) return reply(ack, { ok: false, error: `unknown channel: ${bad.join(', ')}` });
      // Deliver what is buffered to existing members first, so this socket's snapshot is newer
      // than every batch it will receive (seq only goes up for it).
      flush();
      for (const [name, p] of parsed) {
        if (socket.rooms.has(name)) continue;
        // the room's members get the pending depth diff first: the snapshot is then the newest
        if (p?.kind === 'depth') opts.books.flushDepth(p.symbol);
        void socket.join(name);
        if (p) sendSnapshot(socket, p);
      }
      reply(ack, { ok: true });
    });

    socket.on(SOCKET_EVENTS.unsubscribe, (payload: unknown, ack?: unknown) => {
      const r = subscribeSchema.safeParse(payload);
      if (!r.success) return reply(ack, { ok: false, error: 'param_error' });
      // Private rooms are left through `auth`, never by name.
      for (const name of r.data.channels) if (!name.startsWith(USER_ROOM_PREFIX) && !name.startsWith(SESSION_ROOM_PREFIX) && name !== room.chat) void socket.leave(name);
      reply(ack, { ok: true });
    });

    handleAuth(socket, opts.resolveUser, opts.log);
    family?.attach(socket);
  });

  return {
    push(ticks, updates) {
      const watchingTickers = rooms.has(channel.tickers);
      for (let i = 0; i < ticks.length; i++) {
        const tick = ticks[i];
        if (watchingTickers) {
          if (mode === 'every') tickerBuf.push(updates[i]);
          else tickerLatest.set(tick.symbol, updates[i]);
        }
        if (tickerRooms.has(tick.symbol)) symbolLatest.set(tick.symbol, updates[i]);
        if (klineRooms.has(tick.symbol)) klineDirty.set(tick.symbol, tick);
      }
      family?.push(ticks, updates);
    },
    flush,
    emitToUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
      family?.toUser(userId, event, payload);
    },
    emitToRoom(room, event, payload) {
      io.to(room).emit(event, payload);
    },
    close() {
      clearInterval(timer);
      clearInterval(bookTimer);
      family?.close();
      flush();
      opts.books.flush();
      io.of('/').adapter.off('create-room', onCreate);
      io.of('/').adapter.off('delete-room', onDelete);
    },
  };
}

