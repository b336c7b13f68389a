/**
 * Loan pairs: the seeded defaults and the operator's edits. A loan copies its pair's terms when it
 * opens (domain/steps.ts borrow), so an edit here applies to new loans only.
 */
import { validLevels, type LoanPairTerms } from '../../../../core';
import { AppError } from '../../../errors';
import type { Db } from '../../../db/schema';
import type { Trx } from '../../../db/tx';
import type {} from '../tables';

const USDT = 4;
/** USDT against BTC and ETH, ETH against BTC: Binance Flexible Loan's usual levels (65 / 80 / 90 %). */
const DEFAULTS: (LoanPairTerms & { loan: number; collateral: number })[] = [
  {
    loan: USDT,
    collateral: 1,
    initial_ltv: '0.65',
    margin_call_ltv: '0.8',
    liquidation_ltv: '0.9',
    hourly_rate: '0.0000057',
    liquidation_penalty: '0.02',
    min_amount: '10',
    max_amount: '1000000',
    enabled: true,
  },
  {
    loan: USDT,
    collateral: 2,
    initial_ltv: '0.65',
    margin_call_ltv: '0.8',
    liquidation_ltv: '0.9',
    hourly_rate: '0.0000057',
    liquidation_penalty: '0.02',
    min_amount: '10',
    max_amount: '500000',
    enabled: true,
  },
  {
    loan: 2,
    collateral: 1,
    initial_ltv: '0.6',
    margin_call_ltv: '0.75',
    liquidation_ltv: '0.85',
    hourly_rate: '0.0000034',
    liquidation_penalty: '0.02',
    min_amount: '0.01',
    max_amount: '100',
    enabled: true,
  },
];

export async function seedLoanPairs(db: Db): Promise<void> {
  const known = new Set((await db.selectFrom('currencies').select('id').execute()).map((c) => c.id));
  for (const p of DEFAULTS) {
    if (!known.has(p.loan) || !known.has(p.collateral)) continue;
    const { loan, collateral, ...terms } = p;
    await db
      .insertInto('loan_pairs')
      .values({ loan_currency_id: loan, collateral_currency_id: collateral, ...terms })
      .onConflict((oc) => oc.columns(['loan_currency_id', 'collateral_currency_id']).doNothing())
      .execute();
  }
}

function checkTerms(t: LoanPairTerms): void {
  if (!validLevels(t)) throw new AppError('param_error');
}

export async function updatePair(trx: Trx, id: number, t: LoanPairTerms): Promise<void> {
  checkTerms(t);
  const r = await trx
    .updateTable('loan_pairs')
    .set({ ...t, updated_at: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (r.numUpdatedRows !== 1n) throw new AppError('not_found');
}

export async function createPair(trx: Trx, loan: number, collateral: number, t: LoanPairTerms): Promise<number> {
  checkTerms(t);
  if (loan === collateral) throw new AppError('param_error');
  const r = await trx
    .insertInto('loan_pairs')
    .values({ loan_currency_id: loan, collateral_currency_id: collateral, ...t })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}
