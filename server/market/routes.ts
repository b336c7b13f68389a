/**
 * Market HTTP routes (spec §7):
 * - GET /api/currency/new_timeshar {from, to, symbol, period}: `from`/`to` are unix SECONDS
 *   (inclusive; `to` covers its whole second). Answers ok(Candle[]) oldest first: the newest ≤1500
 *   bars whose open time is within the range, the live open bar included. Candle.time is in ms.
 * - GET /api/currency/quotation_new: ok([{ name: 'USDT', quotes: QuoteRow[] }]) — one group per
 *   quote currency (all pairs are USDT-quoted today), each row a PairInfo plus its live 24 h ticker
 *   and `change` in percent.
 * Registered with absolute paths: call on the root instance (or pass `prefix: ''` inside an /api plugin).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PERIODS } from '../../core';
import { ok } from '../kernel/envelope';
import { AppError } from '../errors';
import { parse } from '../kernel/validate';
import type { MarketService, QuoteRow } from './service';
import { changePercent } from './tickers';

const timesharSchema = z
  .object({
    from: z.coerce.number().int().nonnegative(),
    to: z.coerce.number().int().nonnegative(),
    symbol: z.string().min(1).max(40),
    period: z.enum(PERIODS),
  })
  .refine((q) => q.from <= q.to);

export interface QuoteGroup {
  name: string;
  quotes: QuoteRow[];
}

export function marketRoutes(app: FastifyInstance, market: MarketService, opts: { prefix?: string } = {}): void {
  const prefix = opts.prefix ?? '/api';

  app.get(`${prefix}/currency/new_timeshar`, async (req) => {
    const q = parse(timesharSchema, req.query);
    if (!market.isSymbol(q.symbol)) throw new AppError('param_error');
    return ok(await market.history(q.symbol, q.period, q.from * 1000, q.to * 1000 + 999));
  });

  app.get(`${prefix}/currency/quotation_new`, async () => ok(quoteGroups(market)));
}

/** The quotation_new answer: also inlined in the app's HTML for first-paint prices (server/http/static.ts). */
export function quoteGroups(market: MarketService): QuoteGroup[] {
  const tickers = new Map(market.tickers().map((t) => [t.symbol, t]));
  const groups = new Map<string, QuoteRow[]>();
  for (const p of market.pairs()) {
    const t = tickers.get(p.symbol);
    if (!t) continue;
    let list = groups.get(p.quote);
    if (!list) groups.set(p.quote, (list = []));
    list.push({ ...p, last: t.last, open: t.open, high: t.high, low: t.low, volume: t.volume, change: changePercent(t) });
  }
  return [...groups].map(([name, quotes]): QuoteGroup => ({ name, quotes }));
}
