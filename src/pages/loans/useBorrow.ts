import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Decimal from 'decimal.js';
import { liquidationPriceOf, ltvOf, ltvWithin, maxBorrow, type LoanPair } from '../../../core';
import { useMarketView, useTicker } from '../../market';
import { borrowLoan } from '../../api/loans';
import { pairSymbols } from './live';
import { confirmBorrow } from './borrowSheet';
import { useLoanText } from './useLoanText';

/** The collateral's live price in the loan coin (the same division the server and the worker make). */
function usePairPrice(p: LoanPair): string | undefined {
  const sym = pairSymbols(p);
  useMarketView({ symbols: sym.loan ? [sym.collateral, sym.loan] : [sym.collateral] });
  const c = useTicker(sym.collateral)?.last;
  const l = useTicker(sym.loan ?? '')?.last;
  if (!c) return undefined;
  if (!sym.loan) return c;
  return l && new Decimal(l).gt(0)
    ? new Decimal(c).div(l).toDecimalPlaces(18, Decimal.ROUND_DOWN).toFixed()
    : undefined;
}

/**
 * A loan on one pair as typed: collateral and amount, what they come to at the live price (LTV,
 * liquidation price, whether the LTV is over the pair's initial one, the most one can borrow), and
 * borrowing after the money sheet.
 */
export function useBorrow(pair: LoanPair, onBorrowed: () => void) {
  const { t } = useTranslation();
  const text = useLoanText();
  const price = usePairPrice(pair);
  const [collateral, setCollateral] = useState('');
  const [amount, setAmount] = useState('');
  const [pending, setPending] = useState(false);
  const hasBoth = new Decimal(collateral || 0).gt(0) && new Decimal(amount || 0).gt(0);
  const ltv = hasBoth && price ? ltvOf(amount, collateral, price) : null;
  const liq = hasBoth ? liquidationPriceOf(amount, collateral, pair.liquidation_ltv) : null;
  const tooHigh = hasBoth && price ? !ltvWithin(amount, collateral, price, pair.initial_ltv) : false;
  const max =
    price && new Decimal(collateral || 0).gt(0)
      ? Decimal.min(maxBorrow(collateral, price, pair.initial_ltv), pair.max_amount).toFixed()
      : null;

  const submit = async () => {
    if (!(await confirmBorrow(t, text, pair, { amount, collateral, ltv, liq }))) return;
    setPending(true);
    try {
      await borrowLoan(pair.id, amount, collateral);
      setAmount('');
      setCollateral('');
      onBorrowed();
    } catch {
      /* toasted by the client */
    } finally {
      setPending(false);
    }
  };
  return { price, collateral, setCollateral, amount, setAmount, ltv, liq, tooHigh, max, hasBoth, pending, submit };
}
