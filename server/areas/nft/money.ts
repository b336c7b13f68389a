/**
 * The NFT money rules in one place: price parsing (spec §5: positive, no more decimals than the
 * currency has), the fee breakdown shown before paying (buyer's fee rounded up to the currency's
 * decimals, creator royalty on a resale rounded down, the seller gets price − royalty), the next
 * acceptable bid and the sale status of spec §4.
 */
import Decimal from 'decimal.js';
import { NFT_RULES, type NftFees, type NftSaleStatus } from '../../../core';
import { AppError } from '../../errors';
import type { Db } from '../../db/schema';
import type {} from './tables'; // the area's tables join Database there

const NUMBER_RE = /^\d{1,18}(\.\d+)?$/;

/** A user-typed price or increment: positive, at most `decimals` places; otherwise `key` (or the decimals message). */
export function parsePrice(raw: unknown, decimals: number, key: 'nft_price_invalid' | 'nft_increment_invalid' = 'nft_price_invalid'): string {
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

export function feesFor(price: string, decimals: number, royaltyRate: string, resale: boolean): NftFees {
  const p = new Decimal(price);
  const fee = p.times(NFT_RULES.feeRate).toDecimalPlaces(decimals, Decimal.ROUND_UP);
  const royalty = resale ? p.times(royaltyRate).toDecimalPlaces(decimals, Decimal.ROUND_DOWN) : new Decimal(0);
  return {
    price: p.toFixed(),
    fee: fee.toFixed(),
    fee_rate: NFT_RULES.feeRate,
    total: p.plus(fee).toFixed(),
    royalty: royalty.toFixed(),
    royalty_rate: new Decimal(royaltyRate).toFixed(),
    seller_gets: p.minus(royalty).toFixed(),
  };
}

/** The lowest acceptable next bid: (current bid, or the starting price before the first) + the per-bid increment. */
export function minBid(item: { price: string; current_bid: string | null; per_increase: string }): string {
  return new Decimal(item.current_bid ?? item.price).plus(item.per_increase).toFixed();
}

/** spec §4: before start 2; between start and end 1 when on sale (the flag) else 0; after end 0. */
export function saleStatus(item: { start_at: Date | string; end_at: Date | string; on_sale: boolean; listing: string }, nowMs: number): NftSaleStatus {
  if (nowMs < new Date(item.start_at).getTime()) return 2;
  if (nowMs >= new Date(item.end_at).getTime()) return 0;
  return item.on_sale && item.listing !== 'not_for_sale' ? 1 : 0;
}

/** Soft close: a bid at `nowMs` within the window moves the end to now + window, capped. */
export function extendedEnd(endMs: number, originalEndMs: number, nowMs: number): number {
  if (endMs - nowMs >= NFT_RULES.softCloseMs) return endMs;
  return Math.max(endMs, Math.min(nowMs + NFT_RULES.softCloseMs, originalEndMs + NFT_RULES.softCloseCapMs));
}
