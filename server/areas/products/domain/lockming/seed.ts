/** Demo lock-mining configurations of the three kinds (lock-up, DeFi, cloud mining); inserted once. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../../db/schema';
import { QUOTE_ID } from '../../../../catalog/instruments';
import { LOCK_NAMES } from './seed-names';

const CONFIGS = [
  {
    seed_key: 'lock-7',
    kind: 'lock',
    name: 'USDT 7-day lock-up',
    lock_days: 7,
    min_amount: '100',
    daily_rate_min: '0.003',
    daily_rate_max: '0.004',
    sort: 30,
  },
  {
    seed_key: 'lock-15',
    kind: 'lock',
    name: 'USDT 15-day lock-up',
    lock_days: 15,
    min_amount: '500',
    daily_rate_min: '0.0035',
    daily_rate_max: '0.0045',
    sort: 20,
  },
  {
    seed_key: 'lock-30',
    kind: 'lock',
    name: 'USDT 30-day lock-up',
    lock_days: 30,
    min_amount: '1000',
    daily_rate_min: '0.004',
    daily_rate_max: '0.005',
    sort: 10,
  },
  {
    seed_key: 'defi-7',
    kind: 'defi',
    name: 'DeFi liquidity 7 days',
    lock_days: 7,
    min_amount: '100',
    daily_rate_min: '0.003',
    daily_rate_max: '0.004',
    sort: 30,
  },
  {
    seed_key: 'defi-15',
    kind: 'defi',
    name: 'DeFi liquidity 15 days',
    lock_days: 15,
    min_amount: '500',
    daily_rate_min: '0.0035',
    daily_rate_max: '0.0045',
    sort: 20,
  },
  {
    seed_key: 'cloud-15',
    kind: 'cloud',
    name: 'Cloud hash power 15 days',
    lock_days: 15,
    min_amount: '200',
    daily_rate_min: '0.003',
    daily_rate_max: '0.004',
    sort: 20,
  },
  {
    seed_key: 'cloud-30',
    kind: 'cloud',
    name: 'Cloud hash power 30 days',
    lock_days: 30,
    min_amount: '1000',
    daily_rate_min: '0.0035',
    daily_rate_max: '0.0045',
    sort: 10,
  },
] as const;

export async function seedLockConfigs(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('lock_configs')
    .values(
      CONFIGS.map((c) => ({
        ...c,
        names: JSON.stringify(LOCK_NAMES[c.seed_key] ?? {}),
        currency_id: QUOTE_ID,
        dividend_time: '08:00',
        penalty_ratio: '0.004',
      })),
    )
    .onConflict((oc) => oc.column('seed_key').doNothing())
    .execute();
  // a database seeded before names per language gets them; an operator's own names are left alone
  for (const c of CONFIGS)
    await db
      .updateTable('lock_configs')
      .set({ names: JSON.stringify(LOCK_NAMES[c.seed_key] ?? {}) })
      .where('seed_key', '=', c.seed_key)
      .where('name', '=', c.name)
      .where(sql<boolean>`names = '{}'::jsonb`)
      .execute();
}
