/** Per-currency funds configuration (withdraw minimum and fee, deposit addresses per network) and site switches. */
import Decimal from 'decimal.js';
import { DEFAULT_EXCHANGE_FEE_RATE } from './seed';
import type { Db } from '../../../db/schema';
import { canon } from '../../../kernel/decimal';

export interface CurrencyFundsConfig {
  withdraw_min: string;
  withdraw_fee: string;
}

export interface DepositNetworkConfig {
  network: string;
  address: string;
  min_deposit: string;
}

export async function currencyConfig(db: Db, currencyId: number): Promise<CurrencyFundsConfig> {
  const r = await db
    .selectFrom('funds_currency_config')
    .selectAll()
    .where('currency_id', '=', currencyId)
    .executeTakeFirst();
  return r
    ? { withdraw_min: canon(r.withdraw_min), withdraw_fee: canon(r.withdraw_fee) }
    : { withdraw_min: '0', withdraw_fee: '0' };
}

/** The coin's deposit networks in its catalogue order, each with its address ('' = none published) and minimum. */
export async function depositNetworks(
  db: Db,
  currencyId: number,
  networks: readonly string[],
): Promise<DepositNetworkConfig[]> {
  const rows = await db
    .selectFrom('funds_deposit_networks')
    .selectAll()
    .where('currency_id', '=', currencyId)
    .execute();
  const by = new Map(rows.map((r) => [r.network, r]));
  return networks.map((network) => {
    const r = by.get(network);
    return { network, address: r?.address ?? '', min_deposit: canon(r?.min_deposit ?? '0') };
  });
}

export async function exchangeFeeRate(db: Db): Promise<string> {
  const v = await db.selectFrom('settings').select('value').where('key', '=', 'exchange_fee_rate').executeTakeFirst();
  const d = new Decimal(v?.value ?? DEFAULT_EXCHANGE_FEE_RATE);
  return d.isNegative() || d.gte(1) ? DEFAULT_EXCHANGE_FEE_RATE : d.toFixed();
}
