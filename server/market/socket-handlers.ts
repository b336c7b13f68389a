/**
 * Our app's socket events, one handler each: `subscribe` (join channels, each with its first full
 * state) and `unsubscribe`. `auth` is socket-auth.ts; the family's events are family/.
 */
import type { Socket } from 'socket.io';
import {
  SESSION_ROOM_PREFIX,
  SOCKET_EVENTS,
  USER_ROOM_PREFIX,
  room,
  type KlineAggregator,
  type KlineUpdate,
} from '../../core';
import type { BookService } from './books/service';
import { parseChannel, subscribeSchema, type Parsed } from './socket-channels';
import type { TickerBook } from './tickers';
import { encodeTickers } from './wire';

export interface Ack {
  ok: boolean;
  error?: string;
}

export interface SubscribeDeps {
  aggregator: KlineAggregator;
  tickers: TickerBook;
  books: BookService;
  isSymbol: (symbol: string) => boolean;
  /** emits what is buffered now */
  flush(): void;
}

function reply(ack: unknown, body: Ack): void {
  if (typeof ack === 'function') (ack as (a: Ack) => void)(body);
}

/** The first full state, so a client does not wait for the next tick (the worker merges by seq). */
function sendSnapshot(socket: Socket, p: Parsed, d: SubscribeDeps): void {
  if (p.kind === 'tickers') {
    socket.emit(SOCKET_EVENTS.tickers, encodeTickers(d.tickers.all()));
  } else if (p.kind === 'ticker') {
    const t = d.tickers.get(p.symbol);
    if (t) socket.emit(SOCKET_EVENTS.tickers, encodeTickers([t]));
  } else if (p.kind === 'kline') {
    const candle = d.aggregator.last(p.symbol, p.period);
    const t = d.tickers.get(p.symbol);
    if (candle && t)
      socket.emit(SOCKET_EVENTS.kline, [
        { symbol: p.symbol, period: p.period, seq: t.seq, ts: t.ts, candle } satisfies KlineUpdate,
      ]);
  } else if (p.kind === 'depth') {
    socket.emit(SOCKET_EVENTS.depth, [d.books.depthSnapshot(p.symbol)]);
  }
}

export function onSubscribe(socket: Socket, d: SubscribeDeps, payload: unknown, ack?: unknown): void {
  const r = subscribeSchema.safeParse(payload);
  if (!r.success) return reply(ack, { ok: false, error: 'param_error' });
  const parsed = r.data.channels.map((name) => [name, parseChannel(name, d.isSymbol)] as const);
  const bad = parsed.filter(([, p]) => !p).map(([n]) => n);
  if (bad.length) return reply(ack, { ok: false, error: `unknown channel: ${bad.join(', ')}` });
  // Deliver what is buffered to existing members first, so this socket's snapshot is newer
  // than every batch it will receive (seq only goes up for it).
  d.flush();
  for (const [name, p] of parsed) {
    if (socket.rooms.has(name) || !p) continue;
    // the room's members get the pending depth diff first: the snapshot is then the newest
    if (p.kind === 'depth') d.books.flushDepth(p.symbol);
    void socket.join(name);
    sendSnapshot(socket, p, d);
  }
  reply(ack, { ok: true });
}

export function onUnsubscribe(socket: Socket, payload: unknown, ack?: unknown): void {
  const r = subscribeSchema.safeParse(payload);
  if (!r.success) return reply(ack, { ok: false, error: 'param_error' });
  // Private rooms are left through `auth`, never by name.
  for (const name of r.data.channels)
    if (!name.startsWith(USER_ROOM_PREFIX) && !name.startsWith(SESSION_ROOM_PREFIX) && name !== room.chat)
      void socket.leave(name);
  reply(ack, { ok: true });
}
