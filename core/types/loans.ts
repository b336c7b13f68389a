/**
 * Crypto loans: the wire shapes the server answers and the pages read, and the rules'
 * constants. Amounts are decimal strings; LTVs are ratios ("0.65" = 65 %).
 */

export const LOAN_RULES = {
  /** every loan amount (borrowed coin, interest, collateral) is kept to 8 decimals */
  decimals: 8,
  /** interest accrues per loan-hour: the hour ending at opened_at + k hours */
  hourMs: 3_600_000,
  /**
   * A margin call is sent once per crossing: after one, the next needs the LTV to fall below
   * margin-call level − this gap first (so a price hovering on the line does not mail every tick).
   */
  rearmGap: '0.02',
} as const;

export type LoanStatus = 'open' | 'liquidating' | 'repaid' | 'liquidated';
export type LoanEventKind =
  'borrow' | 'interest' | 'repay' | 'collateral_add' | 'collateral_reduce' | 'margin_call' | 'liquidation';

/** The terms a loan keeps for its whole life (the pair's at opening time). */
export interface LoanTerms {
  initial_ltv: string;
  margin_call_ltv: string;
  liquidation_ltv: string;
  hourly_rate: string;
  liquidation_penalty: string;
}

/** What an operator sets on a pair: the terms a new loan copies, the amount range, and whether it lends. */
export interface LoanPairTerms extends LoanTerms {
  min_amount: string;
  max_amount: string;
  enabled: boolean;
}

/** One borrowable pair and its terms. */
export interface LoanPair extends LoanPairTerms {
  id: number;
  loan_currency_id: number;
  loan_currency: string;
  collateral_currency_id: number;
  collateral_currency: string;
}

export interface Loan extends LoanTerms {
  id: number;
  pair_id: number;
  loan_currency_id: number;
  loan_currency: string;
  collateral_currency_id: number;
  collateral_currency: string;
  /** outstanding principal */
  principal: string;
  /** accrued, unpaid interest (up to accrued_to) */
  interest: string;
  collateral: string;
  status: LoanStatus;
  /** ms epoch interest is accrued up to */
  accrued_to: number;
  opened_at: number;
  closed_at: number | null;
  /** the LTV is at/over the margin-call level and the user has been told */
  margin_called: boolean;
}

export interface LoanEvent {
  id: number;
  loan_id: number;
  kind: LoanEventKind;
  /** borrowed/repaid/interest amount in the loan coin, or collateral moved */
  amount: string;
  interest_part: string;
  principal_part: string;
  collateral_delta: string;
  /** collateral price in the loan coin when it mattered (margin call, liquidation) */
  price: string | null;
  ltv: string | null;
  /** a liquidation's split: debt, penalty, sold, returned, shortfall */
  detail: Record<string, string>;
  created_at: number;
}

/** The live figures of one loan at one price (core/loans/math.ts loanFigures). */
export interface LoanFigures {
  /** principal + interest + interest since accrued_to */
  debt: string;
  /** null without a price */
  ltv: string | null;
  /** the collateral price (in the loan coin) at which the loan is liquidated; null when no debt */
  liquidation_price: string | null;
  /** how far the price may fall before liquidation, as a ratio of the current price (0.25 = 25 %) */
  buffer: string | null;
  level: 'safe' | 'margin_call' | 'liquidation' | 'unknown';
}
