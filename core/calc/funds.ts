/**
 * Funds formulas (withdraw preview, coin exchange, equivalents), shared by the withdraw and
 * exchange pages (previews) and the server (authoritative amounts).
 *
 * - withdraw: the user enters the amount taken from the balance; the fee comes out of it, so
 *   received = number − fee (never negative).
 * - coin exchange at the feed's prices: gross = number × fromPrice ÷ toPrice, rounded DOWN to
 *   `decimals` (the platform never credits more than the value given); fee = gross × feeRate
 *   rounded UP to the same decimals; received = gross − fee. rate = fromPrice ÷ toPrice.
 * - equivalents: value = amount × price; BTC-equivalent = usdt ÷ btcPrice.
 */
import { ExactDecimal, dec, str, type DecimalInput } from './exact';

export function withdrawReceived(number: DecimalInput, fee: DecimalInput): string {
  const r = dec(number, 'number').minus(dec(fee, 'fee'));
  return str(r.isNegative() ? new ExactDecimal(0) : r);
}

export interface ExchangeQuote {
  rate: string;
  gross: string;
  fee: string;
  received: string;
}

export function exchangeQuote(i: {
  number: DecimalInput;
  fromPrice: DecimalInput;
  toPrice: DecimalInput;
  feeRate: DecimalInput;
  /** decimals of the amount credited */
  decimals: number;
}): ExchangeQuote {
  const number = dec(i.number, 'number');
  const from = dec(i.fromPrice, 'fromPrice');
  const to = dec(i.toPrice, 'toPrice');
  const feeRate = dec(i.feeRate, 'feeRate');
  if (!Number.isInteger(i.decimals) || i.decimals < 0 || i.decimals > 18)
    throw new RangeError('decimals must be 0..18');
  if (number.isNegative() || from.lte(0) || to.lte(0) || feeRate.isNegative() || feeRate.gte(1))
    throw new RangeError('bad exchange input');
  const gross = number.times(from).div(to).toDecimalPlaces(i.decimals, ExactDecimal.ROUND_DOWN);
  const fee = gross.times(feeRate).toDecimalPlaces(i.decimals, ExactDecimal.ROUND_UP);
  return {
    rate: str(from.div(to).toDecimalPlaces(18, ExactDecimal.ROUND_DOWN)),
    gross: str(gross),
    fee: str(fee),
    received: str(gross.minus(fee)),
  };
}

/** amount × price (e.g. a balance in USDT), exact. */
export function valueAt(amount: DecimalInput, price: DecimalInput): string {
  return str(dec(amount, 'amount').times(dec(price, 'price')));
}

/** A USDT value expressed in BTC at btcPrice, 18 decimals, rounded up (limits err on the safe side). */
export function btcEquivalent(usdt: DecimalInput, btcPrice: DecimalInput): string {
  const p = dec(btcPrice, 'btcPrice');
  if (p.lte(0)) throw new RangeError('btcPrice must be positive');
  return str(dec(usdt, 'usdt').div(p).toDecimalPlaces(18, ExactDecimal.ROUND_UP));
}
