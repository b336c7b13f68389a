/**
 * The user's loan steps, each one transaction with its events and its idempotent answer:
 * borrow (collateral frozen, the loan coin credited), repay (interest since the last charge first
 * charged to the millisecond, then interest, then principal paid; a loan paid off releases all its
 * collateral), add collateral, reduce collateral (only while the LTV stays under the initial level).
 * Every check is core's (core/loans/math.ts); a refused step changes nothing.
 */
import Decimal from 'decimal.js';
import type { Selectable } from 'kysely';
import {
  ltvBelow,
  ltvOf,
  ltvPercent,
  ltvWithin,
  minCollateral,
  owedAt,
  splitRepayment,
  type Loan,
} from '../../../../core';
import { AppError } from '../../../errors';
import { credit, debit, freeze, unfreeze } from '../../../db/ledger';
import { inTransaction, type Trx } from '../../../db/tx';
import type { IdempotencyScope } from '../../../db/idempotency-scope';
import { enqueueLoanInterest } from './interest-job';
import {
  LOAN_ACCOUNT,
  answered,
  canonDec,
  currencyName,
  lockOwnLoan,
  parseAmount,
  requireCollateralPrice,
  terms,
  type LoanCtx,
  type LoanRow,
} from './shared';
import { loanView } from './views';
import type { LoanPairsTable } from '../tables';

const ref = (id: number) => ({ type: 'loan', id });

type LoanPair = Selectable<LoanPairsTable>;

/** A borrow that passed its checks: the pair, the amounts and the collateral price they were checked at. */
interface CheckedBorrow {
  pair: LoanPair;
  amount: string;
  collateral: string;
  price: string;
}

export async function borrow(
  ctx: LoanCtx,
  userId: number,
  b: { pair_id: number; amount?: unknown; collateral?: unknown; lang: string },
  key?: IdempotencyScope,
): Promise<Loan> {
  const checked = await checkBorrow(ctx, b);
  const now = new Date(ctx.now());
  return inTransaction(
    ctx.db,
    async (trx) => {
      const loanId = await openLoan(trx, userId, checked, now, b.lang);
      // its hourly interest: a durable job that exists only if this loan does (each run enqueues the next hour)
      await enqueueLoanInterest(trx, { id: loanId, opened_at: now, accrued_to: now }, now.getTime());
      return answered(trx, userId, await loanView(trx, loanId));
    },
    { key },
  );
}

/** The pair is open, the amount in its range, and the collateral covers it at the initial LTV (before any write). */
async function checkBorrow(
  ctx: LoanCtx,
  b: { pair_id: number; amount?: unknown; collateral?: unknown },
): Promise<CheckedBorrow> {
  const pair = await ctx.db.selectFrom('loan_pairs').selectAll().where('id', '=', b.pair_id).executeTakeFirst();
  if (!pair || !pair.enabled) throw new AppError('loan_pair_unavailable');
  const amount = parseAmount(b.amount);
  const collateral = parseAmount(b.collateral);
  const loanCoin = await currencyName(ctx.db, pair.loan_currency_id);
  const collCoin = await currencyName(ctx.db, pair.collateral_currency_id);
  if (new Decimal(amount).lt(pair.min_amount) || new Decimal(amount).gt(pair.max_amount)) {
    throw new AppError('loan_amount_range', {
      min: canonDec(pair.min_amount),
      max: canonDec(pair.max_amount),
      coin: loanCoin,
    });
  }
  const price = await requireCollateralPrice(ctx, pair.loan_currency_id, pair.collateral_currency_id);
  if (!ltvWithin(amount, collateral, price, pair.initial_ltv)) {
    throw new AppError('loan_ltv_too_high', {
      ltv: ltvPercent(pair.initial_ltv),
      min: minCollateral(amount, price, pair.initial_ltv),
      coin: collCoin,
    });
  }
  return { pair, amount, collateral, price };
}

/** The loan row with the pair's terms, its collateral frozen, the loan coin credited, and its borrow event. */
async function openLoan(
  trx: Trx,
  userId: number,
  { pair, amount, collateral, price }: CheckedBorrow,
  now: Date,
  lang: string,
): Promise<number> {
  const loan = await trx
    .insertInto('loans')
    .values({
      user_id: userId,
      pair_id: pair.id,
      loan_currency_id: pair.loan_currency_id,
      collateral_currency_id: pair.collateral_currency_id,
      initial_ltv: pair.initial_ltv,
      margin_call_ltv: pair.margin_call_ltv,
      liquidation_ltv: pair.liquidation_ltv,
      hourly_rate: pair.hourly_rate,
      liquidation_penalty: pair.liquidation_penalty,
      principal: amount,
      collateral,
      accrued_to: now,
      opened_at: now,
      lang,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await freeze(trx, {
    userId,
    currencyId: pair.collateral_currency_id,
    type: LOAN_ACCOUNT,
    amount: collateral,
    reason: 'loan_collateral',
    ref: ref(loan.id),
  });
  await credit(trx, {
    userId,
    currencyId: pair.loan_currency_id,
    type: LOAN_ACCOUNT,
    amount,
    reason: 'loan_borrow',
    ref: ref(loan.id),
  });
  await trx
    .insertInto('loan_events')
    .values({
      loan_id: loan.id,
      user_id: userId,
      kind: 'borrow',
      amount,
      principal_part: amount,
      collateral_delta: collateral,
      price,
      ltv: ltvOf(amount, collateral, price),
      created_at: now,
    })
    .execute();
  return loan.id;
}

/** Charges the interest since accrued_to (prorated to the ms) onto the locked loan; returns the row as updated. */
async function chargePending(trx: Trx, loan: LoanRow, nowMs: number): Promise<LoanRow> {
  const owed = owedAt(terms(loan), nowMs);
  if (nowMs <= terms(loan).accrued_to) return loan;
  const at = new Date(nowMs);
  await trx.updateTable('loans').set({ interest: owed.interest, accrued_to: at }).where('id', '=', loan.id).execute();
  if (new Decimal(owed.pending).gt(0)) {
    await trx
      .insertInto('loan_events')
      .values({
        loan_id: loan.id,
        user_id: loan.user_id,
        kind: 'interest',
        amount: owed.pending,
        interest_part: owed.pending,
        created_at: at,
      })
      .execute();
  }
  return { ...loan, interest: owed.interest, accrued_to: at };
}

function requireOpen(loan: LoanRow): void {
  if (loan.status !== 'open') throw new AppError('loan_not_open');
}

export async function repay(
  ctx: LoanCtx,
  userId: number,
  b: { id: number; amount?: unknown; all?: boolean },
  key?: IdempotencyScope,
): Promise<Loan> {
  const amountIn = b.all ? null : parseAmount(b.amount);
  const nowMs = ctx.now();
  return inTransaction(
    ctx.db,
    async (trx) => {
      const locked = await lockOwnLoan(trx, userId, b.id);
      requireOpen(locked);
      const owedNow = owedAt(terms(locked), nowMs);
      const amount = amountIn ?? owedNow.total;
      const split = splitRepayment(amount, owedNow.interest, owedNow.principal);
      if (!split)
        throw new AppError('loan_repay_exceeds', {
          owed: owedNow.total,
          coin: await currencyName(trx, locked.loan_currency_id),
        });
      const loan = await chargePending(trx, locked, nowMs);
      await debit(trx, {
        userId,
        currencyId: loan.loan_currency_id,
        type: LOAN_ACCOUNT,
        amount,
        reason: 'loan_repay',
        ref: ref(loan.id),
      });
      const principal = new Decimal(loan.principal).minus(split.principal_part);
      const interest = new Decimal(loan.interest).minus(split.interest_part);
      const paidOff = principal.isZero() && interest.isZero();
      const at = new Date(nowMs);
      if (paidOff) {
        await unfreeze(trx, {
          userId,
          currencyId: loan.collateral_currency_id,
          type: LOAN_ACCOUNT,
          amount: canonDec(loan.collateral),
          reason: 'loan_collateral_release',
          ref: ref(loan.id),
        });
      }
      await trx
        .updateTable('loans')
        .set({
          principal: principal.toFixed(),
          interest: interest.toFixed(),
          ...(paidOff ? { status: 'repaid', collateral: '0', closed_at: at } : {}),
        })
        .where('id', '=', loan.id)
        .execute();
      await trx
        .insertInto('loan_events')
        .values({
          loan_id: loan.id,
          user_id: userId,
          kind: 'repay',
          amount,
          interest_part: split.interest_part,
          principal_part: split.principal_part,
          collateral_delta: paidOff ? `-${canonDec(loan.collateral)}` : '0',
          created_at: at,
        })
        .execute();
      return answered(trx, userId, await loanView(trx, loan.id));
    },
    { key },
  );
}

export async function addCollateral(
  ctx: LoanCtx,
  userId: number,
  b: { id: number; amount?: unknown },
  key?: IdempotencyScope,
): Promise<Loan> {
  const amount = parseAmount(b.amount);
  const at = new Date(ctx.now());
  return inTransaction(
    ctx.db,
    async (trx) => {
      const loan = await lockOwnLoan(trx, userId, b.id);
      requireOpen(loan);
      await freeze(trx, {
        userId,
        currencyId: loan.collateral_currency_id,
        type: LOAN_ACCOUNT,
        amount,
        reason: 'loan_collateral',
        ref: ref(loan.id),
      });
      const collateral = new Decimal(loan.collateral).plus(amount).toFixed();
      await trx.updateTable('loans').set({ collateral }).where('id', '=', loan.id).execute();
      await trx
        .insertInto('loan_events')
        .values({
          loan_id: loan.id,
          user_id: userId,
          kind: 'collateral_add',
          amount,
          collateral_delta: amount,
          created_at: at,
        })
        .execute();
      return answered(trx, userId, await loanView(trx, loan.id));
    },
    { key },
  );
}

export async function reduceCollateral(
  ctx: LoanCtx,
  userId: number,
  b: { id: number; amount?: unknown },
  key?: IdempotencyScope,
): Promise<Loan> {
  const amount = parseAmount(b.amount);
  const nowMs = ctx.now();
  return inTransaction(
    ctx.db,
    async (trx) => {
      const loan = await lockOwnLoan(trx, userId, b.id);
      requireOpen(loan);
      const price = await requireCollateralPrice(
        { db: trx, prices: ctx.prices },
        loan.loan_currency_id,
        loan.collateral_currency_id,
      );
      const debt = owedAt(terms(loan), nowMs).total;
      const left = new Decimal(loan.collateral).minus(amount);
      if (left.lte(0) || !ltvBelow(debt, left.toFixed(), price, loan.initial_ltv)) {
        const keep = minCollateral(debt, price, loan.initial_ltv);
        const max = Decimal.max(0, new Decimal(loan.collateral).minus(keep).minus('0.00000001')).toFixed();
        throw new AppError('loan_reduce_ltv', {
          ltv: ltvPercent(loan.initial_ltv),
          max,
          coin: await currencyName(trx, loan.collateral_currency_id),
        });
      }
      await unfreeze(trx, {
        userId,
        currencyId: loan.collateral_currency_id,
        type: LOAN_ACCOUNT,
        amount,
        reason: 'loan_collateral_reduce',
        ref: ref(loan.id),
      });
      await trx.updateTable('loans').set({ collateral: left.toFixed() }).where('id', '=', loan.id).execute();
      await trx
        .insertInto('loan_events')
        .values({
          loan_id: loan.id,
          user_id: userId,
          kind: 'collateral_reduce',
          amount,
          collateral_delta: `-${amount}`,
          price,
          ltv: ltvOf(debt, left.toFixed(), price),
          created_at: new Date(nowMs),
        })
        .execute();
      return answered(trx, userId, await loanView(trx, loan.id));
    },
    { key },
  );
}
