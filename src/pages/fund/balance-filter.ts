import type { BalanceRow } from '../../../core';

/** Binance's "hide small balances": worth less than 1 USDT, unless something of it is frozen. */
const SMALL_BALANCE_USDT = 1;

/**
 * The balances Assets lists: those whose coin name contains the search (any case), and, with
 * hideSmall, not those worth under SMALL_BALANCE_USDT — a coin with a frozen amount always shows,
 * so an order's locked funds never vanish from view.
 */
export function visibleBalances(rows: readonly BalanceRow[], o: { query: string; hideSmall: boolean }): BalanceRow[] {
  const q = o.query.trim().toUpperCase();
  return rows.filter((b) => {
    if (q && !b.currency.toUpperCase().includes(q)) return false;
    if (o.hideSmall && Number(b.usdt_value) < SMALL_BALANCE_USDT && !(Number(b.frozen) > 0)) return false;
    return true;
  });
}
