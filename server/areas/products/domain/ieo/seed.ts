/**
 * Demo IEO projects, created once (seed_key) with times relative to the first start: one finished
 * (ended a day ago), one in progress (ends in 30 days) and one in warm-up (starts in 7 days).
 * From then on their status follows the clock.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../../db/schema';
import { createProject } from './admin';
import { IEO_DESCRIPTIONS } from './seed-descriptions';

const DAY = 86_400_000;

export async function seedIeoProjects(db: Kysely<Database>, nowMs: number): Promise<void> {
  const have = new Set(
    (await db.selectFrom('ieo_projects').select('seed_key').where('seed_key', 'is not', null).execute()).map(
      (r) => r.seed_key,
    ),
  );
  const base = { pay_currency_ids: [4, 3], token_decimals: 4, logo: '', reason: 'demo seed' };
  const list = [
    {
      seed_key: 'ieo-finished',
      name: 'Orbit Chain',
      symbol: 'ORBT',
      issue_price: '0.05',
      total_issuance: '2000000',
      min_amount: '100',
      max_amount: '200000',
      lock_days: 30,
      start_at: new Date(nowMs - 15 * DAY),
      end_at: new Date(nowMs - DAY),
      listing_at: new Date(nowMs + 2 * DAY),
      white_paper: 'https://example.com/orbit/whitepaper.pdf',
      website: 'https://example.com/orbit',
      description: 'A cross-chain settlement layer. Subscription has closed; allocations were made pro rata.',
    },
    {
      seed_key: 'ieo-live',
      name: 'Nova Pay',
      symbol: 'NOVA',
      issue_price: '0.1',
      total_issuance: '1000000',
      min_amount: '100',
      max_amount: '100000',
      lock_days: 60,
      start_at: new Date(nowMs - 2 * DAY),
      end_at: new Date(nowMs + 30 * DAY),
      listing_at: new Date(nowMs + 35 * DAY),
      white_paper: 'https://example.com/nova/whitepaper.pdf',
      website: 'https://example.com/nova',
      description: 'Instant merchant payments in stablecoins. Oversubscribed rounds are allotted pro rata.',
    },
    {
      seed_key: 'ieo-warmup',
      name: 'Terra Grid',
      symbol: 'TGRD',
      issue_price: '0.2',
      total_issuance: '500000',
      min_amount: '50',
      max_amount: '50000',
      lock_days: 90,
      start_at: new Date(nowMs + 7 * DAY),
      end_at: new Date(nowMs + 21 * DAY),
      listing_at: new Date(nowMs + 28 * DAY),
      white_paper: 'https://example.com/terra/whitepaper.pdf',
      website: 'https://example.com/terra',
      description: 'Tokenised renewable-energy certificates. Subscription opens soon.',
    },
  ];
  for (const p of list) if (!have.has(p.seed_key)) await createProject(db, null, { ...base, ...p });
  // descriptions per language, on these seeded projects only (also those seeded before they existed)
  for (const p of list)
    await db
      .updateTable('ieo_projects')
      .set({ descriptions: JSON.stringify(IEO_DESCRIPTIONS[p.seed_key] ?? {}) })
      .where('seed_key', '=', p.seed_key)
      .where(sql<boolean>`descriptions = '{}'::jsonb`)
      .execute();
}
