/**
 * The quotation_new answer in the family's shape (WIRE.md "Market"): one group per quote currency
 * `{id, name, quotation: [row]}`, each row named as the clients read it — `id` (the pair's id, the
 * `match_id` of seconds options: its base currency id), `currency_id`, `currency_name`, `legal_id`,
 * `legal_name`, `now_price`, `change` (percent, signed), `volume`, `logo`, and for contracts
 * `lever_share_num` (base units per lot), `spread`, `lever_trade_fee` (percent of the notional) —
 * plus ours: `symbol`, `market`, `price_decimals`, `qty_decimals`, `open`, `high`, `low`.
 * The same answer is inlined in the app's HTML for first-paint prices (server/http/static.ts).
 */
import Decimal from 'decimal.js';
import type { PairInfo } from '../../core';
import type { MarketService } from './service';
import { changePercent } from './tickers';

export interface ContractTerms {
  lotSize: string;
  leverFeeRate: string;
}

export interface QuoteRow extends Omit<PairInfo, 'base' | 'quote'> {
  id: number;
  currency_name: string;
  legal_name: string;
  now_price: string;
  /** price 24 h ago (hour-aligned window, see tickers.ts) */
  open: string;
  high: string;
  low: string;
  volume: string;
  /** 24 h change in percent, two decimals ("-1.25" = −1.25 %) */
  change: string;
  logo: string;
  lever_share_num: string | null;
  spread: string;
  lever_trade_fee: string | null;
}

export interface QuoteGroup {
  id: number;
  name: string;
  quotation: QuoteRow[];
}

/** The trading area tells the market its pairs' contract terms once they are loaded. */
const termsOf = new WeakMap<MarketService, (symbol: string) => ContractTerms | undefined>();
export function setContractTerms(market: MarketService, terms: (symbol: string) => ContractTerms | undefined): void {
  termsOf.set(market, terms);
}

export function quoteGroups(market: MarketService): QuoteGroup[] {
  const tickers = new Map(market.tickers().map((t) => [t.symbol, t]));
  const terms = termsOf.get(market);
  const groups = new Map<string, QuoteGroup>();
  for (const p of market.pairs()) {
    const t = tickers.get(p.symbol);
    if (!t) continue;
    let g = groups.get(p.quote);
    if (!g) groups.set(p.quote, (g = { id: p.legal_id, name: p.quote, quotation: [] }));
    const c = terms?.(p.symbol);
    const { base, quote, ...pair } = p;
    g.quotation.push({
      ...pair,
      id: p.currency_id,
      currency_name: base,
      legal_name: quote,
      now_price: t.last,
      open: t.open,
      high: t.high,
      low: t.low,
      volume: t.volume,
      change: changePercent(t),
      logo: `/h5/coins/${base}.svg`,
      lever_share_num: c?.lotSize ?? null,
      spread: '0',
      lever_trade_fee: c ? new Decimal(c.leverFeeRate).times(100).toFixed() : null,
    });
  }
  return [...groups.values()];
}
