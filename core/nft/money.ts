/**
 * The NFT marketplace's arithmetic, one formula each (the server charges by it, the pages show it):
 * the fee breakdown shown before paying (buyer's fee rounded up to the currency's decimals, the
 * creator's royalty on a resale rounded down, the seller gets price − royalty), the lowest next
 * bid and the soft close.
 */
import Decimal from 'decimal.js';
import { NFT_RULES, type NftFees } from '../types/nft';

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

/**
 * Soft close: a bid at `nowMs` within the window moves the end to now + window, capped. The window
 * is the server's setting (NFT_SOFT_CLOSE_SECONDS, 5 minutes unless a test server shortens it; the
 * item page carries it in `rules`), so the proof panel replays with the same one.
 */
export function extendedEnd(
  endMs: number,
  originalEndMs: number,
  nowMs: number,
  windowMs: number = NFT_RULES.softCloseMs,
): number {
  if (endMs - nowMs >= windowMs) return endMs;
  return Math.max(endMs, Math.min(nowMs + windowMs, originalEndMs + NFT_RULES.softCloseCapMs));
}

/** A rate fraction as the percentage a page prints: '0.025' → '2.5' (every product page's, not only the NFT ones). */
export function ratePercent(rate: string): string {
  return new Decimal(rate).times(100).toFixed();
}
