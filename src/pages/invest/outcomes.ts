import { settleDualOrder, type DualProduct } from '../../../core';

interface DualOutcome {
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

type Terms = Pick<
  DualProduct,
  'type' | 'apr' | 'days' | 'linked_price' | 'currency_id' | 'currency_name' | 'quote_id' | 'quote_name'
>;

/**
 * What an order of `amount` (in the invest currency) pays in each outcome: core's settleDualOrder,
 * the function the server settles with (call and put rules live there, once). Settle prices here
 * only pick the branch: 0 is below any linked price, the linked price itself is "at or above".
 */
export function dualOutcomes(p: Terms, amount: string): DualOutcomes {
  const order = { type: p.type, amount, linkedPrice: p.linked_price, apr: p.apr, days: p.days };
  const below = settleDualOrder({ ...order, settlePrice: '0' });
  const above = settleDualOrder({ ...order, settlePrice: p.linked_price });
  return {
    below: { currency_id: p.currency_id, currency_name: p.currency_name, amount: below.amount },
    atOrAbove: { currency_id: p.quote_id, currency_name: p.quote_name, amount: above.amount },
  };
}
