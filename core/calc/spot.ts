/**
 * Spot trade amounts (spec §3 "Coin trade"; spec §1: BTC spot is zero-fee).
 *
 * - total = price × amount                         exact (both have few decimals)
 * - fee   = total × feeRate                         rounded UP to `dp` (default 8), in the quote currency
 * - buy:  the buyer pays total + fee (quote) and receives `amount` (base)
 * - sell: the seller gives `amount` (base) and receives total − fee (quote), never below 0
 */
import { ExactDecimal, dec, str, type DecimalInput } from './exact';

export type SpotTradeSide = 'buy' | 'sell';

export interface SpotTradeInput {
  side: SpotTradeSide;
  price: DecimalInput;
  amount: DecimalInput;
  feeRate: DecimalInput;
}

export interface SpotTradeAmounts {
  total: string;
  fee: string;
  /** quote the buyer pays (buy) — total + fee; "0" for a sell */
  quoteIn: string;
  /** quote the seller receives (sell) — total − fee; "0" for a buy */
  quoteOut: string;
}

export function spotTradeAmounts(t: SpotTradeInput, dp = 8): SpotTradeAmounts {
  const price = dec(t.price, 'price');
  const amount = dec(t.amount, 'amount');
  const rate = dec(t.feeRate, 'feeRate');
  if (price.lte(0) || amount.lte(0)) throw new RangeError('price and amount must be positive');
  if (rate.isNegative()) throw new RangeError('feeRate must not be negative');
  const total = price.times(amount);
  const fee = total.times(rate).toDecimalPlaces(dp, ExactDecimal.ROUND_UP);
  const zero = new ExactDecimal(0);
  const out = total.minus(fee);
  return {
    total: str(total),
    fee: str(fee),
    quoteIn: str(t.side === 'buy' ? total.plus(fee) : zero),
    quoteOut: str(t.side === 'sell' ? (out.isNegative() ? zero : out) : zero),
  };
}

/**
 * An order's average fill price: total ÷ filled, half-up at `dp` (18) decimals; null before any
 * fill. The matching engine stores it as `fill_price`; the settlement proof recomputes it.
 */
export function spotVwap(filled: DecimalInput, total: DecimalInput, dp = 18): string | null {
  const f = dec(filled, 'filled');
  return f.isZero() ? null : dec(total, 'total').div(f).toDecimalPlaces(dp, ExactDecimal.ROUND_HALF_UP).toFixed();
}
