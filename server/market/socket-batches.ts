/**
 * The batches of our ticker and kline channels: applied ticks are buffered and sent every flush as
 * ONE event per room with an array — `tickers` (the latest ticker per symbol that ticked since the
 * last flush by default, or every tick's), `tickers:<symbol>`, and `kline:<symbol>:<period>` (the
 * latest bar, plus a bar that closed since the last flush). Buffers are filled only for rooms that
 * have members here, tracked from the adapter's room events (roomCreated / roomDeleted), so an
 * unwatched symbol costs one Map lookup per tick.
 */
import type { Server } from 'socket.io';
import {
  SOCKET_EVENTS,
  channel,
  type KlineAggregator,
  type KlineUpdate,
  type Period,
  type Tick,
  type TickerUpdate,
} from '../../core';
import type { Parsed } from './socket-channels';
import { encodeTickers, tickerChannel } from './wire';

export type TickerMode = 'every' | 'latest';

export class MarketBatches {
  /** symbol → periods with a kline room */
  private readonly klineRooms = new Map<string, Set<Period>>();
  /** symbols with a `tickers:<symbol>` room */
  private readonly tickerRooms = new Set<string>();
  private tickerBuf: TickerUpdate[] = [];
  private readonly tickerLatest = new Map<string, TickerUpdate>();
  /** symbol → its newest ticker since the last flush, for symbols with a `tickers:<symbol>` room */
  private readonly symbolLatest = new Map<string, TickerUpdate>();
  /** symbol → its newest tick, for symbols with kline watchers */
  private readonly klineDirty = new Map<string, Tick>();
  /** kline room → time of the bar last sent, to also send the final state of a bar that closed */
  private readonly lastBarSent = new Map<string, number>();

  constructor(
    private readonly io: Server,
    private readonly aggregator: KlineAggregator,
    private readonly mode: TickerMode,
  ) {}

  roomCreated(p: Parsed): void {
    if (p.kind === 'ticker') this.tickerRooms.add(p.symbol);
    else if (p.kind === 'kline') {
      let s = this.klineRooms.get(p.symbol);
      if (!s) this.klineRooms.set(p.symbol, (s = new Set()));
      s.add(p.period);
    }
  }

  roomDeleted(p: Parsed): void {
    if (p.kind === 'ticker') {
      this.tickerRooms.delete(p.symbol);
      this.symbolLatest.delete(p.symbol);
    } else if (p.kind === 'kline') {
      const s = this.klineRooms.get(p.symbol);
      s?.delete(p.period);
      if (s?.size === 0) this.klineRooms.delete(p.symbol);
      this.lastBarSent.delete(channel.kline(p.symbol, p.period));
    }
  }

  /** whether the next flush has anything to send */
  get pending(): boolean {
    return this.tickerBuf.length + this.tickerLatest.size + this.symbolLatest.size + this.klineDirty.size > 0;
  }

  push(ticks: readonly Tick[], updates: readonly TickerUpdate[]): void {
    const watchingTickers = this.io.of('/').adapter.rooms.has(channel.tickers);
    for (let i = 0; i < ticks.length; i++) {
      const tick = ticks[i];
      if (watchingTickers) {
        if (this.mode === 'every') this.tickerBuf.push(updates[i]);
        else this.tickerLatest.set(tick.symbol, updates[i]);
      }
      if (this.tickerRooms.has(tick.symbol)) this.symbolLatest.set(tick.symbol, updates[i]);
      if (this.klineRooms.has(tick.symbol)) this.klineDirty.set(tick.symbol, tick);
    }
  }

  // Market data goes to this process's own sockets (io.local): every process of a cluster receives
  // the same feed (server/scale/relay.ts), so a cross-node broadcast would deliver each tick once
  // per node.
  flush(): void {
    const local = this.io.local;
    if (this.mode === 'every' ? this.tickerBuf.length : this.tickerLatest.size) {
      const batch = this.mode === 'every' ? this.tickerBuf : [...this.tickerLatest.values()];
      this.tickerBuf = [];
      this.tickerLatest.clear();
      if (this.io.of('/').adapter.rooms.has(channel.tickers))
        local.to(channel.tickers).emit(SOCKET_EVENTS.tickers, encodeTickers(batch));
    }
    // One small emit per watched symbol that ticked: socket.io sends a room's packet to all its
    // members, so a per-socket batch would mean encoding per socket.
    for (const [symbol, u] of this.symbolLatest)
      local.to(tickerChannel(symbol)).emit(SOCKET_EVENTS.tickers, encodeTickers([u]));
    this.symbolLatest.clear();
    for (const [symbol, tick] of this.klineDirty) {
      for (const period of this.klineRooms.get(symbol) ?? []) {
        const room = channel.kline(symbol, period);
        const updates = this.klineUpdates(symbol, period, tick, room);
        if (updates.length) local.to(room).emit(SOCKET_EVENTS.kline, updates);
      }
    }
    this.klineDirty.clear();
  }

  private klineUpdates(symbol: string, period: Period, tick: Tick, room: string): KlineUpdate[] {
    const last = this.aggregator.last(symbol, period);
    if (!last) return [];
    const prev = this.lastBarSent.get(room);
    this.lastBarSent.set(room, last.time);
    const bars =
      prev === undefined || prev === last.time
        ? [last]
        : this.aggregator.series(symbol, period).filter((c) => c.time >= prev);
    return bars.map((candle) => ({ symbol, period, seq: tick.seq, ts: tick.ts, candle }));
  }
}
