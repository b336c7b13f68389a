/**
 * Live figures of the loans one view names: LTV, liquidation price, buffer and level at the
 * collateral's last price in the loan coin (its `<coin>/USDT` tick, divided by the loan coin's
 * when that is not USDT). Every figure is core's loanFigures (core/loans/math.ts), the function
 * the server checks margin calls and liquidations with; this file only picks the price and says
 * when a recomputation is due — when one of the loans' symbols ticks, or the view changes.
 */
import Decimal from 'decimal.js';
import { loanFigures } from '../../core';
import type { LoanInput, LoanLive } from '../api-types';
import type { RowLookup } from '../channels/tickers';

export class LoanBook {
  private loans: LoanInput[] = [];
  private symbolSet = new Set<string>();
  private changed = false;

  get dirty(): boolean {
    return this.changed;
  }

  get active(): boolean {
    return this.loans.length > 0;
  }

  get symbols(): ReadonlySet<string> {
    return this.symbolSet;
  }

  setView(loans: readonly LoanInput[] | undefined): void {
    this.loans = loans ? loans.map((l) => ({ ...l })) : [];
    this.symbolSet = new Set(
      this.loans.flatMap((l) => (l.loanSymbol ? [l.collateralSymbol, l.loanSymbol] : [l.collateralSymbol])),
    );
    this.changed = true;
  }

  noteTickers(symbols: readonly string[]): boolean {
    if (!this.loans.length) return false;
    for (const s of symbols)
      if (this.symbolSet.has(s)) {
        this.changed = true;
        return true;
      }
    return false;
  }

  build(rows: RowLookup, nowMs: number): LoanLive[] | null {
    if (!this.changed) return null;
    this.changed = false;
    return priceLoans(this.loans, rows, nowMs);
  }
}

/** The collateral's price in the loan coin from the latest ticks, or the server's price until they come. */
function collateralPriceOf(l: LoanInput, rows: RowLookup): string | undefined {
  const c = rows.get(l.collateralSymbol)?.last;
  if (c === undefined) return l.price;
  if (!l.loanSymbol) return c;
  const q = rows.get(l.loanSymbol)?.last;
  if (q === undefined || !new Decimal(q).gt(0)) return l.price;
  return new Decimal(c).div(q).toDecimalPlaces(18, Decimal.ROUND_DOWN).toFixed();
}

export function priceLoans(loans: readonly LoanInput[], rows: RowLookup, nowMs: number): LoanLive[] {
  return loans.map((l) => {
    const price = collateralPriceOf(l, rows);
    return { id: l.id, price: price ?? null, ...loanFigures(l, price, nowMs) };
  });
}
