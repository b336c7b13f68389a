/**
 * The family's event payloads, built from our state in their names (WIRE.md "Socket"). Every
 * payload carries `type` equal to its event's name; null when the symbol is not a listed pair.
 */
import type { KlineAggregator, PairInfo, Period, TickerUpdate, TradePrint } from '../../../core';
import type { BookService } from '../books/service';
import { changePercent } from '../tickers';
import { FAMILY_DEPTH_LEVELS } from './rooms';

export class FamilyPayloads {
  constructor(
    private readonly pair: (symbol: string) => PairInfo | undefined,
    private readonly aggregator: KlineAggregator,
    private readonly books: BookService,
  ) {}

  /** one pair's 24 h ticker */
  daymarket(u: TickerUpdate) {
    const p = this.pair(u.symbol);
    if (!p) return null;
    const { symbol, last, open, high, low, volume } = u;
    return {
      type: 'daymarket',
      symbol,
      currency_id: p.currency_id,
      legal_id: p.legal_id,
      currency_name: p.base,
      legal_name: p.quote,
      now_price: last,
      close: last,
      open,
      high,
      low,
      volume,
      change: changePercent(u),
    };
  }

  /** the open candle of one period */
  kline(symbol: string, period: Period) {
    const c = this.aggregator.last(symbol, period);
    const p = this.pair(symbol);
    if (!c || !p) return null;
    return {
      type: 'kline',
      symbol,
      period,
      time: c.time,
      open: c.open,
      high: c.high,
      low: c.low,
      close: c.close,
      volume: c.volume,
      currency_name: p.base,
      legal_name: p.quote,
    };
  }

  /** the best five levels a side as `[price, qty]` pairs, from the book's last publish */
  marketDepth(symbol: string) {
    const p = this.pair(symbol);
    if (!p) return null;
    const s = this.books.depthSnapshot(symbol);
    const bids = s.bids.slice(0, FAMILY_DEPTH_LEVELS);
    const asks = s.asks.slice(0, FAMILY_DEPTH_LEVELS);
    return {
      type: 'market_depth',
      symbol,
      currency_id: p.currency_id,
      legal_id: p.legal_id,
      currency_name: p.base,
      legal_name: p.quote,
      bids,
      asks,
    };
  }

  /**
   * The prints of our trades channel: rows under `data` as one client reads them (`ts`,
   * `direction`, `price`, `amount`; their back end relays the venue's rows), `id` the print's
   * sequence in its book epoch.
   */
  matchTrade(symbol: string, prints: readonly TradePrint[]) {
    const p = this.pair(symbol);
    if (!p) return null;
    const data = prints.map((t) => ({ id: t.seq, price: t.price, amount: t.qty, direction: t.side, ts: t.ts }));
    return {
      type: 'match_trade',
      symbol,
      currency_id: p.currency_id,
      legal_id: p.legal_id,
      currency_name: p.base,
      legal_name: p.quote,
      data,
    };
  }
}
