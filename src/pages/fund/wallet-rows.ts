import type { AccountField, AssetsOverview, BalanceRow, WalletListRow } from '../../../core';

/** One account of /wallet/list (the family's `<acct>_wallet` with `<acct>_balance` rows) as the rows Assets lists. */
export function accountRows(o: AssetsOverview, field: AccountField): { total_fiat: string; rows: BalanceRow[] } {
  const acc = o[`${field}_wallet`];
  const rows = (acc.balance as WalletListRow[]).map((r) => {
    const cells = r as unknown as Record<string, string>;
    return {
      currency_id: r.currency,
      currency: r.currency_name,
      available: cells[`${field}_balance`],
      frozen: cells[`lock_${field}_balance`],
      usdt_value: r.usdt_value,
      fiat_value: r.fiat_value,
    };
  });
  return { total_fiat: acc.total_fiat, rows };
}
