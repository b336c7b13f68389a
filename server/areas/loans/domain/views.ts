/** Loan rows as the wire shapes of core/types/loans.ts (names joined, decimals canonical, ms times). */
import type { Loan, LoanEvent, LoanPair } from '../../../../core';
import type { Db } from '../../../db/schema';
import { canon } from '../../../kernel/decimal';
import type {} from '../tables'; // the area's tables join Database there

const t = (d: Date | string) => new Date(d).getTime();

export async function listPairs(db: Db, onlyEnabled: boolean): Promise<LoanPair[]> {
  let q = db
    .selectFrom('loan_pairs as p')
    .innerJoin('currencies as lc', 'lc.id', 'p.loan_currency_id')
    .innerJoin('currencies as cc', 'cc.id', 'p.collateral_currency_id')
    .selectAll('p')
    .select(['lc.name as loan_currency', 'cc.name as collateral_currency'])
    .orderBy('p.id');
  if (onlyEnabled) q = q.where('p.enabled', '=', true);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    loan_currency_id: r.loan_currency_id,
    loan_currency: r.loan_currency,
    collateral_currency_id: r.collateral_currency_id,
    collateral_currency: r.collateral_currency,
    initial_ltv: canon(r.initial_ltv),
    margin_call_ltv: canon(r.margin_call_ltv),
    liquidation_ltv: canon(r.liquidation_ltv),
    hourly_rate: canon(r.hourly_rate),
    liquidation_penalty: canon(r.liquidation_penalty),
    min_amount: canon(r.min_amount),
    max_amount: canon(r.max_amount),
    enabled: r.enabled,
  }));
}

function loanQuery(db: Db) {
  return db
    .selectFrom('loans as l')
    .innerJoin('currencies as lc', 'lc.id', 'l.loan_currency_id')
    .innerJoin('currencies as cc', 'cc.id', 'l.collateral_currency_id')
    .selectAll('l')
    .select(['lc.name as loan_currency', 'cc.name as collateral_currency']);
}

type LoanJoined = Awaited<ReturnType<ReturnType<typeof loanQuery>['executeTakeFirstOrThrow']>>;

function presentLoan(r: LoanJoined): Loan {
  return {
    id: r.id,
    pair_id: r.pair_id,
    loan_currency_id: r.loan_currency_id,
    loan_currency: r.loan_currency,
    collateral_currency_id: r.collateral_currency_id,
    collateral_currency: r.collateral_currency,
    initial_ltv: canon(r.initial_ltv),
    margin_call_ltv: canon(r.margin_call_ltv),
    liquidation_ltv: canon(r.liquidation_ltv),
    hourly_rate: canon(r.hourly_rate),
    liquidation_penalty: canon(r.liquidation_penalty),
    principal: canon(r.principal),
    interest: canon(r.interest),
    collateral: canon(r.collateral),
    status: r.status,
    accrued_to: t(r.accrued_to),
    opened_at: t(r.opened_at),
    closed_at: r.closed_at ? t(r.closed_at) : null,
    margin_called: r.margin_called,
  };
}

export async function loanView(db: Db, loanId: number): Promise<Loan> {
  return presentLoan(await loanQuery(db).where('l.id', '=', loanId).executeTakeFirstOrThrow());
}

/** The user's loans: 'open' (open and being liquidated) or 'closed' (repaid, liquidated), newest first. */
export async function userLoans(db: Db, userId: number, which: 'open' | 'closed' | 'all'): Promise<Loan[]> {
  let q = loanQuery(db).where('l.user_id', '=', userId).orderBy('l.id', 'desc').limit(100);
  if (which === 'open') q = q.where('l.status', 'in', ['open', 'liquidating']);
  if (which === 'closed') q = q.where('l.status', 'in', ['repaid', 'liquidated']);
  return (await q.execute()).map(presentLoan);
}

/** Every loan (back office), newest first. */
export async function allLoans(db: Db, status?: string): Promise<(Loan & { user_id: number })[]> {
  let q = loanQuery(db).orderBy('l.id', 'desc').limit(200);
  if (status) q = q.where('l.status', '=', status as Loan['status']);
  return (await q.execute()).map((r) => ({ ...presentLoan(r), user_id: r.user_id }));
}

export async function loanEvents(db: Db, loanId: number): Promise<LoanEvent[]> {
  const rows = await db.selectFrom('loan_events').selectAll().where('loan_id', '=', loanId).orderBy('id').execute();
  return rows.map((e) => ({
    id: e.id,
    loan_id: e.loan_id,
    kind: e.kind,
    amount: canon(e.amount),
    interest_part: canon(e.interest_part),
    principal_part: canon(e.principal_part),
    collateral_delta: canon(e.collateral_delta),
    price: e.price === null ? null : canon(e.price),
    ltv: e.ltv === null ? null : canon(e.ltv),
    detail: e.detail,
    created_at: t(e.created_at),
  }));
}
