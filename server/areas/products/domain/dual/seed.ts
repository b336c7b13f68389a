/**
 * Demo dual-invest products, kept available: for each template there is always one product on sale.
 * Fixed-date products mature at 08:00 UTC `days` after they are created; once one has matured the
 * next start (or the hourly refresh in the jobs) lists a fresh one linked to the then price.
 * Demo products (demo_maturity_seconds) never close: every order matures 2 minutes after purchase
 * (DEMO_DUAL_SECONDS; the e2e servers shorten it so a journey need not wait two minutes), so a user
 * can watch one settle; their formula still uses `days` (1).
 */
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../../../db/schema';
import { CURRENCIES, QUOTE_ID } from '../../../../catalog/instruments';
import type { PriceSource } from './products';

interface Template {
  key: string;
  base: string;
  type: 'call' | 'put';
  perPrice: string;
  apr: string;
  days: number;
  /** linked price = current × this, rounded to the `round` step */
  linkedFactor: string;
  round: string;
  shares: number;
  /** a demo product: every order matures `demoSeconds` (ensureDualProducts) after its purchase */
  demo?: true;
  sort: number;
}

const TEMPLATES: Template[] = [
  {
    key: 'demo-btc-call',
    base: 'BTC',
    type: 'call',
    perPrice: '0.001',
    apr: '0.365',
    days: 1,
    linkedFactor: '1',
    round: '10',
    shares: 100_000,
    demo: true,
    sort: 100,
  },
  {
    key: 'demo-btc-put',
    base: 'BTC',
    type: 'put',
    perPrice: '10',
    apr: '0.365',
    days: 1,
    linkedFactor: '1',
    round: '10',
    shares: 100_000,
    demo: true,
    sort: 100,
  },
  {
    key: 'btc-call-3',
    base: 'BTC',
    type: 'call',
    perPrice: '0.01',
    apr: '0.4526',
    days: 3,
    linkedFactor: '1.03',
    round: '500',
    shares: 500,
    sort: 50,
  },
  {
    key: 'btc-call-7',
    base: 'BTC',
    type: 'call',
    perPrice: '0.01',
    apr: '0.5201',
    days: 7,
    linkedFactor: '1.06',
    round: '500',
    shares: 500,
    sort: 40,
  },
  {
    key: 'btc-put-3',
    base: 'BTC',
    type: 'put',
    perPrice: '100',
    apr: '0.4815',
    days: 3,
    linkedFactor: '0.97',
    round: '500',
    shares: 1000,
    sort: 50,
  },
  {
    key: 'btc-put-7',
    base: 'BTC',
    type: 'put',
    perPrice: '100',
    apr: '0.5633',
    days: 7,
    linkedFactor: '0.94',
    round: '500',
    shares: 1000,
    sort: 40,
  },
  {
    key: 'eth-call-7',
    base: 'ETH',
    type: 'call',
    perPrice: '0.1',
    apr: '0.6120',
    days: 7,
    linkedFactor: '1.07',
    round: '10',
    shares: 500,
    sort: 30,
  },
  {
    key: 'eth-put-7',
    base: 'ETH',
    type: 'put',
    perPrice: '100',
    apr: '0.6488',
    days: 7,
    linkedFactor: '0.93',
    round: '10',
    shares: 1000,
    sort: 30,
  },
];

const DAY_MS = 86_400_000;
const SETTLE_HOUR_MS = 8 * 3_600_000;

function maturityFor(nowMs: number, days: number): Date {
  const t = nowMs + days * DAY_MS;
  const day = Math.floor(t / DAY_MS) * DAY_MS;
  return new Date(day + SETTLE_HOUR_MS > t ? day + SETTLE_HOUR_MS : day + DAY_MS + SETTLE_HOUR_MS);
}

/** `demoSeconds` (config DEMO_DUAL_SECONDS) applies to demo products created now; one already listed keeps its term. */
export async function ensureDualProducts(
  db: Kysely<Database>,
  prices: PriceSource,
  nowMs: number,
  demoSeconds: number,
): Promise<number> {
  let created = 0;
  for (const t of TEMPLATES) {
    const cur = CURRENCIES.find((c) => c.name === t.base);
    if (!cur) continue;
    let q = db.selectFrom('dual_products').select('id').where('seed_key', '=', t.key);
    if (!t.demo) q = q.where('maturity_at', '>', new Date(nowMs));
    if (await q.executeTakeFirst()) continue;
    const last = prices.lastPrice(`${t.base}/USDT`)?.price ?? cur.price;
    const step = new Decimal(t.round);
    const linked = Decimal.max(
      step,
      new Decimal(last).times(t.linkedFactor).div(step).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).times(step),
    );
    await db
      .insertInto('dual_products')
      .values({
        seed_key: t.key,
        type: t.type,
        currency_id: cur.id,
        quote_id: QUOTE_ID,
        per_price: t.perPrice,
        apr: t.apr,
        linked_price: linked.toFixed(),
        days: t.days,
        maturity_at: t.demo ? null : maturityFor(nowMs, t.days),
        demo_maturity_seconds: t.demo ? demoSeconds : null,
        total_shares: t.shares,
        sort: t.sort,
      })
      .execute();
    created++;
  }
  return created;
}
