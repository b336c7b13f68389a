/**
 * Market HTTP routes (spec §7):
 * - GET /api/currency/new_timeshar {from, to, symbol, period}: `from`/`to` are unix SECONDS
 *   (inclusive; `to` covers its whole second). Answers, as the family's clients read it and outside
 *   the envelope, {code: 1, msg, data: Candle[]} oldest first: the newest ≤1500 bars whose open
 *   time is within the range, the live open bar included. Candle.time is in ms. A refusal is
 *   {code: -1, msg: <translated>, data: []}. Periods: ours and the family's 1D 1W 1M 1H 4H.
 * - GET /api/currency/quotation_new: ok([{ id, name: 'USDT', quotation: QuoteRow[] }]) — one group
 *   per quote currency (all pairs are USDT-quoted today), rows in the family's names (quotation.ts).
 * Registered with absolute paths: call on the root instance (or pass `prefix: ''` inside an /api plugin).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PERIODS, type Period } from '../../core';
import { ok } from '../kernel/envelope';
import { AppError } from '../errors';
import { parse } from '../kernel/validate';
import { coded, type CodeTable } from '../kernel/codes';
import { int } from '../kernel/fields';
import { requestInput } from '../kernel/input';
import { requestLang } from '../kernel/lang';
import { translate } from '../i18n/messages';
import type { MarketService } from './service';
import { quoteGroups } from './quotation';

/** The family's period names beside ours (WIRE.md: 1D 1W 1M, also 1H 4H 1day 1week 1mon). */
const PERIOD_CODES: CodeTable<Period> = { '1D': '1day', '1W': '1week', '1M': '1mon', '1H': '60min', '4H': '4hour' };

const timesharSchema = z
  .object({
    from: int(0),
    to: int(0),
    symbol: z.string().trim().min(1).max(40),
    period: coded(PERIOD_CODES, PERIODS),
  })
  .refine((q) => q.from <= q.to);

export function marketRoutes(app: FastifyInstance, market: MarketService, opts: { prefix?: string } = {}): void {
  const prefix = opts.prefix ?? '/api';

  // The one answer outside the envelope (WIRE.md): {code: 1, msg, data} or {code: -1, msg, data: []}.
  app.route({
    method: ['GET', 'POST'],
    url: `${prefix}/currency/new_timeshar`,
    handler: async (req) => {
      try {
        const q = parse(timesharSchema, requestInput(req));
        if (!market.isSymbol(q.symbol)) throw new AppError('param_error');
        return { code: 1, msg: 'ok', data: await market.history(q.symbol, q.period, q.from * 1000, q.to * 1000 + 999) };
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        return { code: -1, msg: translate(e.key, requestLang(req), e.params), data: [] };
      }
    },
  });

  app.get(`${prefix}/currency/quotation_new`, async () => ok(quoteGroups(market)));
}
