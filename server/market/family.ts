/**
 * The family's socket events (issue 26, WIRE.md "Socket"), an addition beside our channels and
 * built on them — the ticker book, the kline aggregator and the book service's depth — not a
 * second feed. A family client connects and emits `login` (a user id, or the token):
 * - every `login` joins `family:daymarket`: one `daymarket` event per pair that moved, at most every
 *   DAYMARKET_MS (1 s), with the pair's 24 h ticker in the family's names;
 * - `watch {symbol, period}` (our addition: their back ends broadcast everything to everyone)
 *   chooses the pair on screen: `market_depth` (five levels a side, whenever the book changed),
 *   `kline` (the open candle of that period, at most every FAMILY_FLUSH_MS) and `match_trade`
 *   (the trade prints of our `trades:<symbol>` channel, one batch per book flush) for it; a new
 *   watch replaces the previous one;
 * - only a `login` with a valid session token joins `family:user:<id>`, where the private events
 *   `lever_trade` (a position changed) and `lever_closed` (ids the system closed) go. A bare user id
 *   is not a credential: it gets public data only.
 * Every payload carries `type` equal to its event's name. Nothing here runs per tick while no
 * family client is attached (one room lookup per batch).
 */
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import { LEVER_STATUS, isPeriod, type KlineAggregator, type LeverPosition, type PairInfo, type Period, type Tick, type TickerUpdate, type TradePrint } from '../../core';
import type { BookService } from './books/service';
import { AUTH_LIMIT, sessionRoom, userRoom, type ResolveUser } from './socket-auth';
import { changePercent } from './tickers';

/** the open candle of a watched pair goes out at most this often */
export const FAMILY_FLUSH_MS = 250;
/** one pair's daymarket at most this often: 35 pairs are 35 events a second per client */
export const DAYMARKET_MS = 1000;
export const FAMILY_DEPTH_LEVELS = 5;
export const familyRoom = {
  daymarket: 'family:daymarket',
  depth: (symbol: string) => `family:depth:${symbol}`,
  kline: (symbol: string, period: Period) => `family:kline:${symbol}:${period}`,
  trades: (symbol: string) => `family:trades:${symbol}`,
  user: (userId: number | string) => `family:user:${userId}`,
};
const DEPTH_PREFIX = 'family:depth:';
const KLINE_PREFIX = 'family:kline:';
const TRADES_PREFIX = 'family:trades:';

/** The family's period names beside ours (WIRE.md). */
const PERIOD_ALIASES: Record<string, Period> = { '1D': '1day', '1W': '1week', '1M': '1mon', '1H': '60min', '4H': '4hour' };
export function familyPeriod(v: unknown): Period | undefined {
  if (typeof v !== 'string') return undefined;
  const p = PERIOD_ALIASES[v] ?? v;
  return isPeriod(p) ? p : undefined;
}

export interface FamilyOptions {
  io: Server;
  aggregator: KlineAggregator;
  books: BookService;
  pair: (symbol: string) => PairInfo | undefined;
  resolveUser: ResolveUser;
  log: { warn(obj: object, msg?: string): void };
  flushMs?: number;
  daymarketMs?: number;
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

const loginSchema = z.union([
  z.string().max(512),
  z.number(),
  z.object({ token: z.string().max(512).optional(), user_id: z.union([z.string().max(32), z.number()]).optional() }),
]);
const watchSchema = z.object({ symbol: z.string().max(40), period: z.string().max(10).optional() });

/** The token in a login payload; a bare number or digit string is a user id, never a token. */
function tokenOf(p: z.infer<typeof loginSchema>): string | undefined {
  const t = typeof p === 'object' ? p.token : typeof p === 'string' ? p.trim() : undefined;
  return t && !/^\d{1,12}$/.test(t) ? t : undefined;
}

const SYSTEM_CLOSES = new Set(['take_profit', 'stop_loss', 'liquidation', 'copy']);

export function attachFamily(opts: FamilyOptions): FamilyFanout {
  const { io, aggregator, books } = opts;
  const rooms = io.of('/').adapter.rooms;
  /** symbol → its newest ticker since the last family flush */
  const latest = new Map<string, TickerUpdate>();
  /** symbols that ticked since the last kline flush, for watched symbols */
  const klineDirty = new Set<string>();
  /** symbol → periods watched (from the family kline rooms) */
  const klineWatch = new Map<string, Set<Period>>();
  const depthWatch = new Set<string>();
  const tradesWatch = new Set<string>();

  const onCreate = (room: string) => {
    if (room.startsWith(DEPTH_PREFIX)) {
      const symbol = room.slice(DEPTH_PREFIX.length);
      depthWatch.add(symbol);
      books.watch('depth', symbol, true);
    } else if (room.startsWith(TRADES_PREFIX)) {
      const symbol = room.slice(TRADES_PREFIX.length);
      tradesWatch.add(symbol);
      books.watch('trades', symbol, true);
    } else if (room.startsWith(KLINE_PREFIX)) {
      const rest = room.slice(KLINE_PREFIX.length);
      const i = rest.lastIndexOf(':');
      const symbol = rest.slice(0, i);
      const period = rest.slice(i + 1) as Period;
      let s = klineWatch.get(symbol);
      if (!s) klineWatch.set(symbol, (s = new Set()));
      s.add(period);
    }
  };
  const onDelete = (room: string) => {
    if (room.startsWith(DEPTH_PREFIX)) {
      const symbol = room.slice(DEPTH_PREFIX.length);
      depthWatch.delete(symbol);
      // our own `depth:<symbol>` channel may still need the book
      if (!rooms.has(`depth:${symbol}`)) books.watch('depth', symbol, false);
    } else if (room.startsWith(TRADES_PREFIX)) {
      const symbol = room.slice(TRADES_PREFIX.length);
      tradesWatch.delete(symbol);
      if (!rooms.has(`trades:${symbol}`)) books.watch('trades', symbol, false);
    } else if (room.startsWith(KLINE_PREFIX)) {
      const rest = room.slice(KLINE_PREFIX.length);
      const i = rest.lastIndexOf(':');
      const s = klineWatch.get(rest.slice(0, i));
      s?.delete(rest.slice(i + 1) as Period);
      if (s?.size === 0) klineWatch.delete(rest.slice(0, i));
    }
  };
  io.of('/').adapter.on('create-room', onCreate);
  io.of('/').adapter.on('delete-room', onDelete);

  function daymarket(u: TickerUpdate) {
    const p = opts.pair(u.symbol);
    if (!p) return null;
    return {
      type: 'daymarket',
      symbol: u.symbol,
      currency_id: p.currency_id,
      legal_id: p.legal_id,
      currency_name: p.base,
      legal_name: p.quote,
      now_price: u.last,
      close: u.last,
      open: u.open,
      high: u.high,
      low: u.low,
      volume: u.volume,
      change: changePercent(u),
    };
  }

  function kline(symbol: string, period: Period) {
    const c = aggregator.last(symbol, period);
    const p = opts.pair(symbol);
    if (!c || !p) return null;
    return { type: 'kline', symbol, period, time: c.time, open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume, currency_name: p.base, legal_name: p.quote };
  }

  function marketDepth(symbol: string) {
    const p = opts.pair(symbol);
    if (!p) return null;
    const s = books.depthSnapshot(symbol);
    return { type: 'market_depth', symbol, currency_id: p.currency_id, legal_id: p.legal_id, currency_name: p.base, legal_name: p.quote, bids: s.bids.slice(0, FAMILY_DEPTH_LEVELS), asks: s.asks.slice(0, FAMILY_DEPTH_LEVELS) };
  }

  function flushKlines(): void {
    for (const symbol of klineDirty) {
      for (const period of klineWatch.get(symbol) ?? []) {
        const k = kline(symbol, period);
        if (k) io.local.to(familyRoom.kline(symbol, period)).emit('kline', k);
      }
    }
    klineDirty.clear();
  }
  function flushDaymarket(): void {
    if (rooms.has(familyRoom.daymarket)) {
      for (const u of latest.values()) {
        const d = daymarket(u);
        if (d) io.local.to(familyRoom.daymarket).emit('daymarket', d);
      }
    }
    latest.clear();
  }
  function flush(): void {
    flushKlines();
    flushDaymarket();
  }
  const timer = setInterval(flushKlines, opts.flushMs ?? FAMILY_FLUSH_MS);
  timer.unref?.();
  const dayTimer = setInterval(flushDaymarket, opts.daymarketMs ?? DAYMARKET_MS);
  dayTimer.unref?.();

  function watch(socket: Socket, payload: unknown): { ok: boolean; error?: string } {
    const r = watchSchema.safeParse(payload);
    if (!r.success || !opts.pair(r.data.symbol)) return { ok: false, error: 'param_error' };
    const period = r.data.period === undefined || r.data.period === '' ? '1min' : familyPeriod(r.data.period);
    if (!period) return { ok: false, error: 'param_error' };
    for (const room of socket.rooms) if (room.startsWith(DEPTH_PREFIX) || room.startsWith(KLINE_PREFIX) || room.startsWith(TRADES_PREFIX)) void socket.leave(room);
    const { symbol } = r.data;
    books.flushDepth(symbol);
    void socket.join(familyRoom.depth(symbol));
    void socket.join(familyRoom.kline(symbol, period));
    void socket.join(familyRoom.trades(symbol));
    const d = marketDepth(symbol);
    if (d) socket.emit('market_depth', d);
    const k = kline(symbol, period);
    if (k) socket.emit('kline', k);
    return { ok: true };
  }

  const reply = (ack: unknown, body: { ok: boolean; error?: string }) => {
    if (typeof ack === 'function') (ack as (a: typeof body) => void)(body);
  };

  return {
    push(ticks, updates) {
      const day = rooms.has(familyRoom.daymarket);
      if (!day && klineWatch.size === 0) return;
      for (let i = 0; i < ticks.length; i++) {
        const symbol = ticks[i].symbol;
        if (day) latest.set(symbol, updates[i]);
        if (klineWatch.has(symbol)) klineDirty.add(symbol);
      }
    },
    depthChanged(symbol) {
      if (!depthWatch.has(symbol)) return;
      const d = marketDepth(symbol);
      if (d) io.local.to(familyRoom.depth(symbol)).emit('market_depth', d);
    },
    watchesDepth: (symbol) => depthWatch.has(symbol),
    tradesPrinted(symbol, prints) {
      if (!tradesWatch.has(symbol) || !prints.length) return;
      const p = opts.pair(symbol);
      if (!p) return;
      // the prints of our trades channel in the family's names: rows under `data` as one client
      // reads them (`ts`, `direction`, `price`, `amount`; their back end relays the venue's rows),
      // `id` the print's sequence in its book epoch
      const data = prints.map((t) => ({ id: t.seq, price: t.price, amount: t.qty, direction: t.side, ts: t.ts }));
      io.local.to(familyRoom.trades(symbol)).emit('match_trade', { type: 'match_trade', symbol, currency_id: p.currency_id, legal_id: p.legal_id, currency_name: p.base, legal_name: p.quote, data });
    },
    watchesTrades: (symbol) => tradesWatch.has(symbol),
    toUser(userId, event, payload) {
      if (event !== 'position' || !rooms.has(familyRoom.user(userId))) return;
      const p = payload as LeverPosition;
      io.to(familyRoom.user(userId)).emit('lever_trade', { type: 'lever_trade', [`trades_${p.symbol}`]: JSON.stringify([p]) });
      if (p.status === LEVER_STATUS.closed && p.close_reason && SYSTEM_CLOSES.has(p.close_reason)) io.to(familyRoom.user(userId)).emit('lever_closed', { type: 'lever_closed', id: [p.id] });
    },
    attach(socket) {
      let identity: number | string | undefined;
      let windowStart = 0;
      let used = 0;
      socket.on('login', async (payload: unknown, ack?: unknown) => {
        const now = Date.now();
        if (now - windowStart >= AUTH_LIMIT.windowMs) {
          windowStart = now;
          used = 0;
        }
        if (++used > AUTH_LIMIT.max) return reply(ack, { ok: false, error: 'too_many_requests' });
        const r = loginSchema.safeParse(payload);
        if (!r.success) return reply(ack, { ok: false, error: 'param_error' });
        void socket.join(familyRoom.daymarket);
        const token = tokenOf(r.data);
        if (identity !== undefined) void socket.leave(familyRoom.user(identity));
        identity = undefined;
        if (!token) return reply(ack, { ok: true }); // a bare user id: public data only
        try {
          const who = await opts.resolveUser(token);
          const id = who === null || who === undefined ? undefined : typeof who === 'object' ? who : { userId: who };
          if (id === undefined) return reply(ack, { ok: false, error: 'session_invalid' });
          identity = id.userId;
          void socket.join(familyRoom.user(id.userId));
          // the rooms revocation reaches (server/http/session-sockets.ts): a logout disconnects it
          socket.data.userId = id.userId;
          socket.data.sessionId = id.sessionId;
          void socket.join(userRoom(id.userId));
          if (id.sessionId !== undefined) void socket.join(sessionRoom(id.sessionId));
          reply(ack, { ok: true });
        } catch (err) {
          opts.log.warn({ err }, 'market: family login failed');
          reply(ack, { ok: false, error: 'auth_failed' });
        }
      });
      socket.on('watch', (payload: unknown, ack?: unknown) => reply(ack, watch(socket, payload)));
    },
    flush,
    close() {
      clearInterval(timer);
      clearInterval(dayTimer);
      io.of('/').adapter.off('create-room', onCreate);
      io.of('/').adapter.off('delete-room', onDelete);
    },
  };
}
