/**
 * The family's socket events (WIRE.md "Socket", docs/wire-family.md), an addition beside our
 * channels and built on them — the ticker book, the kline aggregator and the book service's depth —
 * not a second feed. A family client connects and emits `login` (a user id, or the token):
 * - every login joins `family:daymarket` (daymarket.ts);
 * - a socket that never emitted `watch` joins one room per listed pair and gets each pair's
 *   `market_depth` and `kline` at most once a second (pair-rooms.ts);
 * - `watch {symbol, period}` (our addition) leaves those rooms for the one pair it names, at our
 *   app's pace: depth on every change, the candle every 250 ms, `match_trade` (watch-rooms.ts);
 * - only a login with a valid session token gets the private `lever_trade` and `lever_closed`
 *   (login.ts).
 * Nothing here runs per tick while no family client is attached (a room lookup per batch).
 */
import type { Server, Socket } from 'socket.io';
import {
  LEVER_STATUS,
  type KlineAggregator,
  type LeverPosition,
  type PairInfo,
  type Tick,
  type TickerUpdate,
  type TradePrint,
} from '../../../core';
import type { BookService } from '../books/service';
import type { ResolveUser } from '../socket-auth';
import { Daymarket } from './daymarket';
import { FamilyLogin } from './login';
import { PAIR_SLICES, PairRooms } from './pair-rooms';
import { FamilyPayloads } from './payloads';
import { DAYMARKET_MS, FAMILY_FLUSH_MS, FAMILY_PAIR_MS, familyRoom, reply } from './rooms';
import { WatchRooms } from './watch-rooms';

export interface FamilyOptions {
  io: Server;
  aggregator: KlineAggregator;
  books: BookService;
  pair: (symbol: string) => PairInfo | undefined;
  /** the listed pairs (quotation_new's rows): what a socket that never watched gets */
  listed: () => readonly string[];
  resolveUser: ResolveUser;
  log: { warn(obj: object, msg?: string): void };
  flushMs?: number;
  daymarketMs?: number;
  pairMs?: number;
}

export interface FamilyFanout {
  /** applied ticks and their ticker updates (same order), from the socket fan-out's push */
  push(ticks: readonly Tick[], updates: readonly TickerUpdate[]): void;
  /** the book service published a depth change of `symbol` */
  depthChanged(symbol: string): void;
  /** whether a family client watches this symbol's depth (the book must keep publishing it) */
  watchesDepth(symbol: string): boolean;
  /** the book service published trade prints of `symbol` (our `trades:<symbol>` batch) */
  tradesPrinted(symbol: string, prints: readonly TradePrint[]): void;
  /** whether a family client watches this symbol's trades (the book must keep printing them) */
  watchesTrades(symbol: string): boolean;
  /** a private event for the user, mirrored in the family's form (position → lever_trade / lever_closed) */
  toUser(userId: number | string, event: string, payload: unknown): void;
  attach(socket: Socket): void;
  flush(): void;
  close(): void;
}

interface Parts {
  opts: FamilyOptions;
  day: Daymarket;
  watched: WatchRooms;
  pairs: PairRooms;
}

const SYSTEM_CLOSES = new Set(['take_profit', 'stop_loss', 'liquidation', 'copy']);

/** A position change in the family's form: `lever_trade` always, `lever_closed` when the system closed it. */
function toUser(io: Server, userId: number | string, event: string, payload: unknown): void {
  const room = familyRoom.user(userId);
  if (event !== 'position' || !io.of('/').adapter.rooms.has(room)) return;
  const p = payload as LeverPosition;
  io.to(room).emit('lever_trade', { type: 'lever_trade', [`trades_${p.symbol}`]: JSON.stringify([p]) });
  if (p.status === LEVER_STATUS.closed && p.close_reason && SYSTEM_CLOSES.has(p.close_reason))
    io.to(room).emit('lever_closed', { type: 'lever_closed', id: [p.id] });
}

/** One socket's family events: `login`, and `watch`, which takes it out of the pair rooms for good. */
function attachSocket({ opts, watched, pairs }: Parts, socket: Socket): void {
  let watching = false;
  const login = new FamilyLogin(socket, {
    resolveUser: opts.resolveUser,
    log: opts.log,
    joinPublic(s) {
      void s.join(familyRoom.daymarket);
      if (!watching) pairs.join(s);
    },
  });
  socket.on('login', (payload: unknown, ack?: unknown) => login.login(payload, ack));
  socket.on('watch', (payload: unknown, ack?: unknown) => {
    const r = watched.watch(socket, payload);
    if (r.ok) {
      watching = true;
      pairs.leave(socket);
    }
    reply(ack, r);
  });
}

function push({ day, watched, pairs }: Parts, ticks: readonly Tick[], updates: readonly TickerUpdate[]): void {
  const daymarket = day.active;
  if (!daymarket && !watched.watchingKlines && !pairs.active) return;
  for (let i = 0; i < ticks.length; i++) {
    const symbol = ticks[i].symbol;
    if (daymarket) day.ticked(updates[i]);
    watched.ticked(symbol);
    pairs.ticked(symbol);
  }
}

export function attachFamily(opts: FamilyOptions): FamilyFanout {
  const { io, books } = opts;
  const adapter = io.of('/').adapter;
  const payloads = new FamilyPayloads(opts.pair, opts.aggregator, books);
  const isPair = (symbol: string) => opts.pair(symbol) !== undefined;
  const parts: Parts = {
    opts,
    day: new Daymarket(io, payloads),
    watched: new WatchRooms({ io, books, payloads, isPair, ourRoom: (room) => adapter.rooms.has(room) }),
    pairs: new PairRooms({ io, books, payloads, listed: opts.listed }),
  };
  const { day, watched, pairs } = parts;
  const onCreate = (room: string) => {
    watched.roomCreated(room);
    pairs.roomCreated(room);
  };
  const onDelete = (room: string) => {
    watched.roomDeleted(room);
    pairs.roomDeleted(room);
  };
  adapter.on('create-room', onCreate);
  adapter.on('delete-room', onDelete);
  const timers = [
    setInterval(() => watched.flushKlines(), opts.flushMs ?? FAMILY_FLUSH_MS),
    setInterval(() => day.flush(), opts.daymarketMs ?? DAYMARKET_MS),
    setInterval(() => pairs.flushSlice(), (opts.pairMs ?? FAMILY_PAIR_MS) / PAIR_SLICES),
  ];
  for (const t of timers) t.unref?.();

  return {
    push: (ticks, updates) => push(parts, ticks, updates),
    depthChanged: (symbol) => watched.depthChanged(symbol),
    watchesDepth: (symbol) => watched.watchesDepth(symbol),
    tradesPrinted: (symbol, prints) => watched.tradesPrinted(symbol, prints),
    watchesTrades: (symbol) => watched.watchesTrades(symbol),
    toUser: (userId, event, payload) => toUser(io, userId, event, payload),
    attach: (socket) => attachSocket(parts, socket),
    flush() {
      watched.flushKlines();
      day.flush();
      pairs.flush();
    },
    close() {
      for (const t of timers) clearInterval(t);
      adapter.off('create-room', onCreate);
      adapter.off('delete-room', onDelete);
    },
  };
}
