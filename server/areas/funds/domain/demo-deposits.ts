/**
 * The local demo's deposit addresses (only where the demo user is on: never in tests or production,
 * where an operator publishes the platform's real ones). They have each network's shape so the
 * deposit page shows its full form, and spell "Demo" where the alphabet allows, so nobody mistakes
 * them for a wallet to send real coins to. ON CONFLICT DO NOTHING: an operator's address wins.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

const DEMO: { coin: string; network: string; address: string; min_deposit: string }[] = [
  { coin: 'USDT', network: 'ERC20', address: '0xde00000000000000000000000000000000000001', min_deposit: '10' },
  { coin: 'USDT', network: 'TRC20', address: 'TDemoDepositAddressUSDTxxxxxxxxxxx', min_deposit: '1' },
  { coin: 'USDC', network: 'ERC20', address: '0xde00000000000000000000000000000000000002', min_deposit: '10' },
  { coin: 'USDC', network: 'TRC20', address: 'TDemoDepositAddressUSDCxxxxxxxxxxx', min_deposit: '1' },
  { coin: 'BTC', network: 'BTC', address: '1DemoDepositAddressBTCxxxxxxxxxxxx', min_deposit: '0.0001' },
  { coin: 'ETH', network: 'ERC20', address: '0xde00000000000000000000000000000000000003', min_deposit: '0.005' },
];

export async function seedDemoDepositAddresses(db: Kysely<Database>): Promise<void> {
  const coins = await db
    .selectFrom('currencies')
    .select(['id', 'name'])
    .where('name', 'in', [...new Set(DEMO.map((d) => d.coin))])
    .execute();
  const id = new Map(coins.map((c) => [c.name, c.id]));
  const rows = DEMO.filter((d) => id.has(d.coin)).map((d) => ({
    currency_id: id.get(d.coin)!,
    network: d.network,
    address: d.address,
    min_deposit: d.min_deposit,
  }));
  if (rows.length)
    await db
      .insertInto('funds_deposit_networks')
      .values(rows)
      .onConflict((oc) => oc.columns(['currency_id', 'network']).doNothing())
      .execute();
}
