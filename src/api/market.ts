import type { MarketClass, PairInfo } from '../../core';
import { get } from './client';

/** A pair from /currency/quotation_new with its REST snapshot (used until the live stream speaks). */
export interface Quote extends PairInfo {
  last: string;
  open: string;
  high: string;
  low: string;
  volume: string;
  change: string;
}

export interface QuoteGroup {
  name: string;
  quotes: Quote[];
}

const str = (v: unknown, d = '0'): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : d);
const int = (v: unknown, d: number): number => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : d;
};

/**
 * Validate one quotation row (the family's names, WIRE.md: currency_name, legal_name, now_price…)
 * into the app's Quote; rows without a symbol are dropped rather than shown half-empty.
 */
function toQuote(raw: unknown, group: string): Quote | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const symbol = str(r.symbol, '');
  if (!symbol.includes('/')) return null;
  const [base, quote] = symbol.split('/');
  const market: MarketClass = r.market === 'stock' ? 'stock' : 'crypto';
  return {
    symbol,
    base: str(r.currency_name, base),
    quote: str(r.legal_name, quote || group),
    currency_id: int(r.currency_id, 0),
    legal_id: int(r.legal_id, 0),
    market,
    price_decimals: int(r.price_decimals, 4),
    qty_decimals: int(r.qty_decimals, 4),
    last: str(r.now_price),
    open: str(r.open),
    high: str(r.high),
    low: str(r.low),
    volume: str(r.volume),
    change: str(r.change),
  };
}

export async function quotationNew(): Promise<QuoteGroup[]> {
  return parseQuoteGroups(await get<unknown>('/currency/quotation_new', undefined, { quiet: true }));
}

/** The quotation_new answer's data (also the HTML's snapshot, src/market/snapshot.ts), checked field by field. */
export function parseQuoteGroups(m: unknown): QuoteGroup[] {
  if (!Array.isArray(m)) return [];
  return m.map((g: unknown) => {
    const gr = (g && typeof g === 'object' ? g : {}) as { name?: unknown; quotation?: unknown };
    const name = str(gr.name, '');
    const quotes = Array.isArray(gr.quotation)
      ? gr.quotation.map((q) => toQuote(q, name)).filter((q): q is Quote => q !== null)
      : [];
    return { name, quotes };
  });
}
