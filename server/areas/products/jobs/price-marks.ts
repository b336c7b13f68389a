/**
 * "The feed's price at the maturity instant": the last tick at or before it.
 * Every tick of the watched symbols (the pairs dual products settle on) is kept for a window; the
 * buffer starts with the market's last recorded tick, which — since no tick happens while the feed
 * is down — is exactly the last price before any later tick. So a lookup inside the window is exact,
 * also for an order that matured while the server was stopped. Before it (after a restart whose
 * resume tick is later than the instant) the last durable tick at or before the instant is used:
 * every tick of a watched symbol is on record (market_ticks). Only when none is, the close of the
 * last whole 1-minute candle before the instant: the last tick at most a minute before it.
 */
import type { MarketService } from '../../../market';
import type { Tick } from '../../../../core';
import type { PriceAt, SettleMark } from '../domain/dual/settle';

interface Mark {
  ts: number;
  price: string;
  seq: number;
}

export class PriceMarks implements PriceAt {
  private readonly buf = new Map<string, Mark[]>();

  constructor(
    private readonly market: Pick<MarketService, 'lastPrice' | 'history'>,
    private readonly keepMs = 30 * 60_000,
    /** the last durable tick at or before an instant (market_ticks): what a restart settles from */
    private readonly durable?: (symbol: string, atMs: number) => Promise<SettleMark | undefined>,
  ) {}

  /** whether a symbol's ticks are watched (the tick log keeps every one of them) */
  watching(symbol: string): boolean {
    return this.buf.has(symbol);
  }

  /** Starts recording these symbols (idempotent). */
  watch(symbols: Iterable<string>): void {
    for (const s of symbols) {
      if (this.buf.has(s)) continue;
      const last = this.market.lastPrice(s);
      this.buf.set(s, last ? [{ ts: last.ts, price: last.price, seq: last.seq }] : []);
    }
  }

  onTicks(ticks: readonly Tick[]): void {
    for (const t of ticks) {
      const list = this.buf.get(t.symbol);
      if (!list) continue;
      list.push({ ts: t.ts, price: t.price, seq: t.seq });
      // Drop old marks but keep the newest one older than the window: it still answers "at or before".
      const cutoff = t.ts - this.keepMs;
      let drop = 0;
      while (drop + 1 < list.length && list[drop + 1].ts <= cutoff) drop++;
      if (drop > 0) list.splice(0, drop);
    }
  }

  async priceAt(symbol: string, atMs: number): Promise<SettleMark | undefined> {
    const list = this.buf.get(symbol) ?? [];
    let lo = 0;
    let hi = list.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid].ts <= atMs) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found >= 0)
      return list[found].seq > 0 ? list[found] : { price: list[found].price, seq: null, ts: list[found].ts };
    const recorded = await this.durable?.(symbol, atMs);
    if (recorded !== undefined) return recorded;
    const bars = await this.market.history(symbol, '1min', atMs - 60 * 60_000, atMs);
    const whole = bars.filter((b) => b.time + 60_000 <= atMs);
    // a candle, not a tick: seq null, ts = the bar's open (the proof names the candle)
    return whole.length
      ? { price: whole[whole.length - 1].close, seq: null, ts: whole[whole.length - 1].time }
      : undefined;
  }
}
