import { ExactDecimal, settleDualInvest, type DualProduct } from '../../../core';

export interface DualOutcome {
  currency_id: number;
  currency_name: string;
  amount: string;
}

export interface DualOutcomes {
  /** the settle price ends below the linked price: paid in the base coin */
  below: DualOutcome;
  /** the settle price ends at or above it: paid in the quote coin */
  atOrAbove: DualOutcome;
}

type Terms = Pick<DualProduct, 'type' | 'apr' | 'days' | 'linked_price' | 'currency_id' | 'currency_name' | 'quote_id' | 'quote_name'>;

/**
 * What an order of `amount` (in the invest currency) pays in each outcome — core's
 * settleDualInvest (spec §9), the function the server settles with. A call invests the base coin,
 * so the formula applies as written. A put invests the quote coin: the contract
 * (core/types/products.ts) applies the same formula to its base-equivalent amount ÷ linked, which
 * pays amount ÷ linked × factor in base below, and amount × factor in quote at or above (the
 * formula with a linked price of 1). Settle prices here only pick the branch.
 */
export function dualOutcomes(p: Terms, amount: string): DualOutcomes {
  const common = { apr: p.apr, days: p.days };
  const base = { currency_id: p.currency_id, currency_name: p.currency_name };
  const quote = { currency_id: p.quote_id, currency_name: p.quote_name };
  if (p.type === 'call') {
    const below = settleDualInvest({ ...common, amount, linkedPrice: p.linked_price, settlePrice: '0' });
    const above = settleDualInvest({ ...common, amount, linkedPrice: p.linked_price, settlePrice: p.linked_price });
    return { below: { ...base, amount: below.amount }, atOrAbove: { ...quote, amount: above.amount } };
  }
  const baseEquivalent = new ExactDecimal(amount).div(new ExactDecimal(p.linked_price));
  const below = settleDualInvest({ ...common, amount: baseEquivalent, linkedPrice: '1', settlePrice: '0' });
  const above = settleDualInvest({ ...common, amount, linkedPrice: '1', settlePrice: '1' });
  return { below: { ...base, amount: below.amount }, atOrAbove: { ...quote, amount: above.amount } };
}
