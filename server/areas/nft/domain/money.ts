/**
 * The server side of the NFT money rules: price parsing (spec §5: positive, no more decimals than
 * the currency has), the currency's decimals and the sale status of spec §4. The arithmetic (fees,
 * royalty, next bid, soft close) is core's (core/nft/money.ts), shared with the pages.
 */
import Decimal from 'decimal.js';
import type { NftSaleStatus } from '../../../../core';
import { AppError } from '../../../errors';
import type { Db } from '../../../db/schema';
import type {} from '../tables'; // the area's tables join Database there

const NUMBER_RE = /^\d{1,18}(\.\d+)?$/;

/** A user-typed price or increment: positive, at most `decimals` places; otherwise `key` (or the decimals message). */
export function parsePrice(
  raw: unknown,
  decimals: number,
  key: 'nft_price_invalid' | 'nft_increment_invalid' = 'nft_price_invalid',
): string {
  const s = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : '';
  if (!NUMBER_RE.test(s)) throw new AppError(key);
  const d = new Decimal(s);
  if (d.lte(0)) throw new AppError(key);
  if (d.decimalPlaces() > decimals) throw new AppError('nft_price_decimals', { decimals });
  return d.toFixed();
}

export async function currencyDecimals(db: Db, currencyId: number): Promise<number> {
  const c = await db.selectFrom('currencies').select('qty_decimals').where('id', '=', currencyId).executeTakeFirst();
  return c?.qty_decimals ?? 8;
}

/** spec §4: before start 2; between start and end 1 when on sale (the flag) else 0; after end 0. */
export function saleStatus(
  item: { start_at: Date | string; end_at: Date | string; on_sale: boolean; listing: string },
  nowMs: number,
): NftSaleStatus {
  if (nowMs < new Date(item.start_at).getTime()) return 2;
  if (nowMs >= new Date(item.end_at).getTime()) return 0;
  return item.on_sale && item.listing !== 'not_for_sale' ? 1 : 0;
}
