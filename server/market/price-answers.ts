/** The market's price answers: a symbol's last price, whether it is stale, and every symbol's ticker. */
import type { TickerUpdate } from '../../core';
import type { LastPrice, MarketParts, MarketService } from './service-types';

type PriceParts = Pick<MarketParts, 'tickers' | 'feedResume' | 'aggregator' | 'feed' | 'instruments' | 'now'>;

/** the last price: the live ticker, else where the feed resumed, else the last candle */
function lastPriceOf(m: PriceParts, symbol: string): LastPrice | undefined {
  const t = m.tickers.get(symbol);
  if (t) return { price: t.last, seq: t.seq, ts: t.ts };
  const r = m.feedResume.get(symbol);
  if (r) return { price: r.price, seq: r.seq, ts: r.ts };
  const c = m.aggregator.last(symbol, '1min');
  return c ? { price: c.close, seq: 0, ts: c.time } : undefined;
}

/** A ticker even before the symbol's first live tick (from candles), so quotation lists everything. */
function tickerOf(m: PriceParts, symbol: string): TickerUpdate | undefined {
  const t = m.tickers.get(symbol);
  if (t) return t;
  const lp = lastPriceOf(m, symbol);
  return lp ? m.tickers.estimate(symbol, lp.price, lp.seq, m.now()) : undefined;
}

export function priceAnswers(m: PriceParts): Pick<MarketService, 'lastPrice' | 'priceStale' | 'tickers'> {
  return {
    lastPrice: (symbol) => lastPriceOf(m, symbol),
    priceStale: (symbol) => m.feed.isStale?.(symbol) ?? false,
    tickers() {
      const out: TickerUpdate[] = [];
      for (const ins of m.instruments) {
        const t = tickerOf(m, ins.symbol);
        if (t) out.push(t);
      }
      return out;
    },
  };
}
