/**
 * Back office: create IEO projects (with their token currency and pay currencies) and list them.
 * The operator action is logged in the same transaction as the project.
 */
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../../../db/schema';
import { logAction } from '../../../../auth/operators';
import { AppError } from '../../../../errors';
import { QUOTE_ID } from '../../../../catalog/instruments';
import { ensureTokenCurrency } from './tokens';
import { inTransaction } from '../../../../db/tx';
import { enqueueIeoFinalise } from '../queue';

export interface CreateProject {
  name: string;
  symbol: string;
  issue_price: string;
  total_issuance: string;
  pay_currency_ids: number[];
  min_amount?: string;
  max_amount?: string;
  lock_days: number;
  start_at: Date;
  end_at: Date;
  listing_at: Date;
  white_paper: string;
  website: string;
  description: string;
  logo: string;
  token_decimals: number;
  reason: string;
  seed_key?: string;
}

export async function createProject(
  db: Kysely<Database>,
  operatorId: number | null,
  i: CreateProject,
): Promise<number> {
  if (i.end_at.getTime() <= i.start_at.getTime() || i.listing_at.getTime() < i.end_at.getTime())
    throw new AppError('ieo_time_invalid');
  const total = new Decimal(i.total_issuance);
  if (total.lte(0) || total.decimalPlaces() > i.token_decimals) throw new AppError('product_amount_invalid');
  if (new Decimal(i.issue_price).lte(0)) throw new AppError('product_amount_invalid');
  const min = i.min_amount ?? new Decimal(1).div(new Decimal(10).pow(i.token_decimals)).toFixed();
  if (new Decimal(min).decimalPlaces() > i.token_decimals || (i.max_amount && new Decimal(i.max_amount).lt(min)))
    throw new AppError('product_amount_invalid');
  const pays = i.pay_currency_ids.length ? [...new Set(i.pay_currency_ids)] : [QUOTE_ID];
  return inTransaction(db, async (trx) => {
    const known = await trx
      .selectFrom('currencies')
      .select('id')
      .where('id', 'in', pays)
      .where('status', '=', 1)
      .execute();
    if (known.length !== pays.length) throw new AppError('ieo_pay_currency_invalid');
    const token = await ensureTokenCurrency(trx, i.symbol, i.token_decimals, { reuseIeoToken: true });
    const p = await trx
      .insertInto('ieo_projects')
      .values({
        seed_key: i.seed_key ?? null,
        name: i.name,
        symbol: i.symbol,
        token_currency_id: token,
        logo: i.logo,
        issue_price: i.issue_price,
        total_issuance: i.total_issuance,
        min_amount: min,
        max_amount: i.max_amount ?? null,
        token_decimals: i.token_decimals,
        lock_days: i.lock_days,
        start_at: i.start_at,
        end_at: i.end_at,
        listing_at: i.listing_at,
        white_paper: i.white_paper,
        website: i.website,
        description: i.description,
        created_by: operatorId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Pay currencies are USDT-pegged coins, each at the issue price.
    await trx
      .insertInto('ieo_pay_currencies')
      .values(pays.map((currency_id, sort) => ({ project_id: p.id, currency_id, price: i.issue_price, sort })))
      .execute();
    // its allotment at the end: a durable job that exists only if the project does
    await enqueueIeoFinalise(trx, p.id, i.end_at.getTime());
    if (operatorId !== null)
      await logAction(trx, {
        operatorId,
        action: 'ieo_create',
        target: `ieo_project:${p.id}`,
        reason: i.reason,
        detail: { name: i.name, symbol: i.symbol, total_issuance: i.total_issuance, issue_price: i.issue_price },
      });
    return p.id;
  });
}
