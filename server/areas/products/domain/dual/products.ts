/** Dual-invest products: list (/dual/index), detail (/dual/detail) and their display shape. */
import Decimal from 'decimal.js';
import type { Selectable } from 'kysely';
import {
  settleDualOrder,
  type DualDetail,
  type DualProduct,
  type DualProductStatus,
  type DualType,
} from '../../../../../core';
import type { ProductsTables } from '../../tables';
import { AppError } from '../../../../errors';
import { availableOf, currencyNames } from './shared';
import type { Db } from '../../../../db/schema';
import { canon } from '../../../../kernel/decimal';

export type DualProductRow = Selectable<ProductsTables['dual_products']>;

export interface PriceSource {
  lastPrice(symbol: string): { price: string } | undefined;
}

export function dualSymbol(base: string, quote: string): string {
  return `${base}/${quote}`;
}

/** Products open for purchase: enabled, shares left, and (fixed-maturity ones) not yet matured. */
export function productStatus(p: DualProductRow, nowMs: number): DualProductStatus {
  if (p.status !== 1) return 'closed';
  if (p.maturity_at && p.maturity_at.getTime() <= nowMs) return 'closed';
  return p.sold_shares >= p.total_shares ? 'sold_out' : 'open';
}

export function investCurrencyId(p: Pick<DualProductRow, 'type' | 'currency_id' | 'quote_id'>): number {
  return p.type === 'call' ? p.currency_id : p.quote_id;
}

function toDto(p: DualProductRow, names: Map<number, string>, prices: PriceSource, nowMs: number): DualProduct {
  const base = names.get(p.currency_id) ?? '';
  const quote = names.get(p.quote_id) ?? '';
  const invest = investCurrencyId(p);
  const apr = canon(p.apr);
  return {
    id: p.id,
    type: p.type,
    currency_id: p.currency_id,
    currency_name: base,
    quote_id: p.quote_id,
    quote_name: quote,
    invest_currency_id: invest,
    invest_currency_name: names.get(invest) ?? '',
    per_price: canon(p.per_price),
    apr,
    linked_price: canon(p.linked_price),
    days: p.days,
    end_time: p.maturity_at ? p.maturity_at.toISOString() : null,
    demo: p.demo_maturity_seconds !== null,
    demo_maturity_seconds: p.demo_maturity_seconds,
    total_number: p.total_shares,
    purchased_number: p.sold_shares,
    remaining_shares: p.total_shares - p.sold_shares,
    progress: canon(new Decimal(p.sold_shares).div(p.total_shares).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed()),
    min_num: p.min_num,
    max_num: p.max_num,
    status: productStatus(p, nowMs),
    current_price: prices.lastPrice(dualSymbol(base, quote))?.price ?? '',
  };
}

const ORDER = { open: 0, sold_out: 1, closed: 2 } as const;

export async function listDualProducts(
  db: Db,
  prices: PriceSource,
  nowMs: number,
  q: { currency_id?: number; type: DualType },
): Promise<DualProduct[]> {
  let query = db.selectFrom('dual_products').selectAll().where('type', '=', q.type).where('status', '=', 1);
  if (q.currency_id) query = query.where('currency_id', '=', q.currency_id);
  const rows = await query.orderBy('sort', 'desc').orderBy('id').execute();
  // Matured fixed-date products stay visible for a day (the page can show "closed"), then drop off.
  const visible = rows.filter((p) => !p.maturity_at || p.maturity_at.getTime() > nowMs - 86_400_000);
  const names = await currencyNames(
    db,
    visible.flatMap((p) => [p.currency_id, p.quote_id]),
  );
  return visible.map((p) => toDto(p, names, prices, nowMs)).sort((a, b) => ORDER[a.status] - ORDER[b.status]);
}

async function dualProductRow(db: Db, id: number): Promise<DualProductRow> {
  const p = await db.selectFrom('dual_products').selectAll().where('id', '=', id).executeTakeFirst();
  if (!p) throw new AppError('product_not_found');
  return p;
}

export async function dualDetail(
  db: Db,
  prices: PriceSource,
  nowMs: number,
  id: number,
  userId: number,
): Promise<DualDetail> {
  const p = await dualProductRow(db, id);
  const names = await currencyNames(db, [p.currency_id, p.quote_id]);
  const dto = toDto(p, names, prices, nowMs);
  // One share's payout in each outcome, from the same formula settlement uses.
  const one = { type: p.type, amount: p.per_price, linkedPrice: p.linked_price, apr: p.apr, days: p.days };
  const below = settleDualOrder({ ...one, settlePrice: '0' }); // any price below the linked one
  const above = settleDualOrder({ ...one, settlePrice: p.linked_price });
  const leg = (r: { currency: 'base' | 'quote'; amount: string }) => {
    const cid = r.currency === 'base' ? p.currency_id : p.quote_id;
    return { currency_id: cid, currency_name: names.get(cid) ?? '', amount: r.amount };
  };
  return {
    ...dto,
    per_share_payout: { below: leg(below), at_or_above: leg(above) },
    available: await availableOf(db, userId, investCurrencyId(p)),
  };
}
