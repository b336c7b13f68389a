/**
 * POST /wallet/list in the family's shape (WIRE.md "Funds"): the domain's per-account overview
 * becomes `{<acct>_wallet: {usdt_totle, balance: [{currency (id), currency_name, <acct>_balance,
 * lock_<acct>_balance, usdt_price}]}}`. One mapping, used by the route; our app reads the same.
 */
import {
  ACCOUNT_FIELDS,
  type AccountField,
  type AccountSummary,
  type AssetsByAccount,
  type AssetsOverview,
  type WalletListAccount,
  type WalletListRow,
} from '../../../core';
import { priceUsdt, type PriceSource } from '../../kernel/prices';

function account<F extends AccountField>(
  field: F,
  acc: AccountSummary | undefined,
  prices: PriceSource,
): WalletListAccount<F> {
  const balance = (acc?.balances ?? []).map(
    (b) =>
      ({
        currency: b.currency_id,
        currency_name: b.currency,
        [`${field}_balance`]: b.available,
        [`lock_${field}_balance`]: b.frozen,
        usdt_price: priceUsdt(prices, b.currency) ?? '0',
        usdt_value: b.usdt_value,
        fiat_value: b.fiat_value,
      }) as WalletListRow<F>,
  );
  return { usdt_totle: acc?.total_usdt ?? '0', total_fiat: acc?.total_fiat ?? '0', balance };
}

export function walletListView(o: AssetsByAccount, prices: PriceSource): AssetsOverview {
  const byField = new Map(o.accounts.map((a) => [a.field, a]));
  const out = { fiat: o.fiat, total_usdt: o.total_usdt, total_fiat: o.total_fiat } as AssetsOverview;
  for (const f of ACCOUNT_FIELDS) (out as Record<string, unknown>)[`${f}_wallet`] = account(f, byField.get(f), prices);
  return out;
}
