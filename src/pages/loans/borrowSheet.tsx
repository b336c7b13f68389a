import type { TFunction } from 'i18next';
import Decimal from 'decimal.js';
import { ltvPercent, type LoanPair } from '../../../core';
import { confirmMoney } from '../../components/product/shared';
import { Amount } from '../../components/product/Figures';

interface BorrowTerms {
  amount: string;
  collateral: string;
  ltv: string | null;
  liq: string | null;
}

/** The money sheet before borrowing: amount, collateral, LTV, liquidation price and rate, with the call and liquidation levels. */
export function confirmBorrow(t: TFunction, pair: LoanPair, { amount, collateral, ltv, liq }: BorrowTerms) {
  return confirmMoney(
    t('loans.confirmBorrow'),
    [
      [t('loans.borrowAmount'), <Amount value={amount} unit={pair.loan_currency} />, true],
      [t('loans.collateral'), <Amount value={collateral} unit={pair.collateral_currency} />],
      [t('loans.ltv'), ltv ? `${ltvPercent(ltv)}%` : '—'],
      [t('loans.liqPrice'), liq ? <Amount value={liq} unit={pair.loan_currency} /> : '—'],
      [t('loans.hourlyRate'), `${new Decimal(pair.hourly_rate).times(100).toFixed()}%`],
    ],
    t('loans.borrowNote', {
      margin: ltvPercent(pair.margin_call_ltv),
      liquidation: ltvPercent(pair.liquidation_ltv),
    }),
  );
}
