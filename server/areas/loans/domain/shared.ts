/**
 * What every loan step shares: the context (database, prices, clock, notifications), amount
 * parsing (spec §5 style: positive, at most 8 decimals), the collateral price in the loan coin,
 * the locked loan row (owned by the caller, or "not found" — another user's loan is never told
 * apart from a missing one) and the answer stored with the effect (idempotency).
 */
import Decimal from 'decimal.js';
import { LOAN_RULES, FUNDS_ACCOUNT_TYPE } from '../../../../core';
import { AppError } from '../../../errors';
import type { Db } from '../../../db/schema';
import type { Trx } from '../../../db/tx';
import { answerInTx } from '../../../db/idempotency-scope';
import { ok } from '../../../kernel/envelope';
import { priceUsdt, type PriceSource } from '../../../kernel/prices';
import type {} from '../tables'; // the area's tables join Database there
import { currencyName } from '../../../db/currencies';

/** Loans move money in the change account (type 2), like the products. */
export const LOAN_ACCOUNT = FUNDS_ACCOUNT_TYPE;

/** A margin call or liquidation to tell the user about once its transaction committed. */
export interface LoanAlert {
  kind: 'loan_margin_call' | 'loan_liquidated';
  userId: number;
  loanId: number;
  lang: string;
  params: Record<string, string>;
}

export interface LoanCtx {
  db: Db;
  prices: PriceSource;
  now: () => number;
  /** after commit: notice over the socket and email (the in-app notice is written in the transaction) */
  alert: (a: LoanAlert) => Promise<void>;
}

const NUMBER_RE = /^\d{1,18}(\.\d+)?$/;

/** A user-typed amount: positive, at most 8 decimals, else a clear error. */
export function parseAmount(raw: unknown): string {
  const s = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : '';
  if (!NUMBER_RE.test(s)) throw new AppError('loan_amount_invalid', { decimals: LOAN_RULES.decimals });
  const d = new Decimal(s);
  if (d.lte(0) || d.decimalPlaces() > LOAN_RULES.decimals)
    throw new AppError('loan_amount_invalid', { decimals: LOAN_RULES.decimals });
  return d.toFixed();
}

export { currencyName };

/** One collateral coin in the loan coin at the feed's last prices; undefined before both are priced. */
export async function collateralPrice(
  ctx: Pick<LoanCtx, 'db' | 'prices'>,
  loanCurrencyId: number,
  collateralCurrencyId: number,
): Promise<string | undefined> {
  const [loan, coll] = await Promise.all([
    currencyName(ctx.db, loanCurrencyId),
    currencyName(ctx.db, collateralCurrencyId),
  ]);
  const pl = priceUsdt(ctx.prices, loan);
  const pc = priceUsdt(ctx.prices, coll);
  if (!pl || !pc || !new Decimal(pl).gt(0) || !new Decimal(pc).gt(0)) return undefined;
  return new Decimal(pc).div(pl).toDecimalPlaces(18, Decimal.ROUND_DOWN).toFixed();
}

export async function requireCollateralPrice(
  ctx: Pick<LoanCtx, 'db' | 'prices'>,
  loanCurrencyId: number,
  collateralCurrencyId: number,
): Promise<string> {
  const p = await collateralPrice(ctx, loanCurrencyId, collateralCurrencyId);
  if (!p) throw new AppError('price_unavailable');
  return p;
}

/** The caller's loan, locked for the rest of the transaction. */
export async function lockOwnLoan(trx: Trx, userId: number, loanId: number) {
  const loan = await trx.selectFrom('loans').selectAll().where('id', '=', loanId).forUpdate().executeTakeFirst();
  if (!loan || loan.user_id !== userId) throw new AppError('loan_not_found');
  return loan;
}

export type LoanRow = Awaited<ReturnType<typeof lockOwnLoan>>;

/** The numbers core's formulas read from a row (ms times, canonical decimals). */
export function terms(l: LoanRow) {
  return {
    principal: l.principal,
    interest: l.interest,
    collateral: l.collateral,
    hourly_rate: l.hourly_rate,
    initial_ltv: l.initial_ltv,
    margin_call_ltv: l.margin_call_ltv,
    liquidation_ltv: l.liquidation_ltv,
    liquidation_penalty: l.liquidation_penalty,
    accrued_to: new Date(l.accrued_to).getTime(),
    opened_at: new Date(l.opened_at).getTime(),
  };
}

/** Stores the request's answer under its idempotency key inside the effect's own transaction. */
export async function answered<T>(trx: Trx, userId: number, result: T): Promise<T> {
  await answerInTx(trx, userId, ok(result));
  return result;
}

export const canonDec = (v: Decimal.Value) => new Decimal(v).toFixed();
