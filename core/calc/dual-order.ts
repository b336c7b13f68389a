/**
 * A dual-invest ORDER on top of spec §9's formula (settleDualInvest, the one place of the formula).
 *
 * - amount = num × per_price, in the product's invest currency (base coin for call, quote for put).
 * - call ("sell high", invest base): the spec formula as is, amount in base.
 * - put ("buy low", invest quote): the same formula on the base-equivalent amount ÷ linked price:
 *     below  → base  amount ÷ linked × factor   (÷ linked not rounded on its own: see settleDualInvestPer)
 *     at/above → quote amount × factor   (= (amount ÷ linked) × linked × factor, computed without the
 *     division so a round trip through ÷ linked never shaves the last digit off the payout)
 * Payouts round DOWN to `dp` decimals (8) like settleDualInvest.
 */
import { dec, str, type DecimalInput } from './exact';
import { settleDualInvest, settleDualInvestPer, type DualInvestPayout } from './dual-invest';

export type DualOrderType = 'call' | 'put';

/** num × per_price: the amount invested, exact. */
export function dualAmount(num: number, perPrice: DecimalInput): string {
  if (!Number.isSafeInteger(num) || num <= 0) throw new RangeError('num must be a positive integer');
  return str(dec(perPrice, 'perPrice').times(num));
}

export interface DualOrderInput {
  type: DualOrderType;
  /** num × per_price in the invest currency */
  amount: DecimalInput;
  linkedPrice: DecimalInput;
  settlePrice: DecimalInput;
  apr: DecimalInput;
  days: number;
}

export function settleDualOrder(i: DualOrderInput, dp = 8): DualInvestPayout {
  const f = { linkedPrice: i.linkedPrice, settlePrice: i.settlePrice, apr: i.apr, days: i.days };
  if (i.type === 'call') return settleDualInvest({ ...f, amount: i.amount }, dp);
  const linked = dec(i.linkedPrice, 'linkedPrice');
  if (linked.lte(0)) throw new RangeError('linkedPrice must be positive');
  // Below: amount ÷ linked × factor, with the ÷ linked folded into the payout's one division (a
  // quotient rounded on its own could shave the last unit off an exact payout).
  if (dec(i.settlePrice, 'settlePrice').lt(linked)) return settleDualInvestPer({ ...f, amount: i.amount }, linked, dp);
  // At or above: the quote leg with the amount already in quote — the formula's "× linked" at price 1.
  const quote = settleDualInvest(
    { amount: i.amount, linkedPrice: '1', settlePrice: '1', apr: i.apr, days: i.days },
    dp,
  );
  return { currency: 'quote', amount: quote.amount };
}
