/** What the loan screens feed the market worker and read back: one loan as the worker's input, the symbols a pair is priced by. */
import type { Loan, LoanPair } from '../../../core';
import type { LoanInput } from '../../market/types';

const QUOTE = 'USDT';

/** `<collateral>/USDT` and, when the loan coin is not USDT, `<loan coin>/USDT`. */
export function pairSymbols(p: Pick<LoanPair, 'loan_currency' | 'collateral_currency'>): {
  collateral: string;
  loan?: string;
} {
  return {
    collateral: `${p.collateral_currency}/${QUOTE}`,
    loan: p.loan_currency === QUOTE ? undefined : `${p.loan_currency}/${QUOTE}`,
  };
}

export function loanInput(l: Loan): LoanInput {
  const s = pairSymbols(l);
  return {
    id: l.id,
    principal: l.principal,
    interest: l.interest,
    collateral: l.collateral,
    accrued_to: l.accrued_to,
    initial_ltv: l.initial_ltv,
    margin_call_ltv: l.margin_call_ltv,
    liquidation_ltv: l.liquidation_ltv,
    hourly_rate: l.hourly_rate,
    liquidation_penalty: l.liquidation_penalty,
    collateralSymbol: s.collateral,
    ...(s.loan ? { loanSymbol: s.loan } : {}),
  };
}
