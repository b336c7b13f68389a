/**
 * The grouping steps a book offers for a pair: its tick (10^-decimals) and the next three powers of
 * ten, as Binance's phone book does (0.01 / 0.1 / 1 / 10 for BTC at 2 decimals). Decimal strings,
 * so the worker groups exactly.
 */
export function bookSteps(priceDecimals: number): string[] {
  const dp = Math.max(0, Math.floor(priceDecimals));
  const out: string[] = [];
  for (let e = -dp; e < -dp + 4; e++) out.push(e < 0 ? `0.${'0'.repeat(-e - 1)}1` : `1${'0'.repeat(e)}`);
  return out;
}

/** Decimals a grouped price is shown with: the step's own (10 → 0, 0.1 → 1), never more than the pair's. */
export function stepDecimals(step: string, priceDecimals: number): number {
  const dot = step.indexOf('.');
  return Math.min(priceDecimals, dot < 0 ? 0 : step.length - dot - 1);
}
