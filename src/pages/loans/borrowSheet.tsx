import type { TFunction } from 'i18next';
import Decimal from 'decimal.js';
import type { LoanPair } from '../../../core';
import { confirmMoney } from '../../components/product/shared';
import { Amount } from '../../components/product/Figures';
import type { LoanText } from './useLoanText';

interface BorrowTerms {
  amount: string;
  collateral: string;
  ltv: string | null;
  liq: string | null;
}

/** The money sheet before borrowing: amount, collateral, LTV, liquidation price and rate, with the call and liquidation levels. */
export function confirmBorrow(
  t: TFunction,
  { pct, qty }: LoanText,
  pair: LoanPair,
  { amount, collateral, ltv, liq }: BorrowTerms,
) {
  return confirmMoney(
    t('loans.confirmBorrow'),
    [
      [t('loans.borrowAmount'), <Amount value={amount} unit={pair.loan_currency} />, true],
      [t('loans.collateral'), <Amount value={collateral} unit={pair.collateral_currency} />],
      [t('loans.ltv'), ltv ? `${pct(ltv)}%` : '—'],
      [t('loans.liqPrice'), liq ? <Amount value={liq} unit={pair.loan_currency} /> : '—'],
      [t('loans.hourlyRate'), `${qty(new Decimal(pair.hourly_rate).times(100).toFixed(), 18)}%`],
    ],
    t('loans.borrowNote', {
      margin: pct(pair.margin_call_ltv),
      liquidation: pct(pair.liquidation_ltv),
    }),
  );
}
