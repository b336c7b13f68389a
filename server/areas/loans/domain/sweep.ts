/**
 * The loan timers, settled from durable rows, each exactly once whatever restarts:
 * - interest: each whole loan-hour (ending opened_at + k h) is charged once — the loan row is
 *   locked, accrued_to must be before the hour's end, and the event row is UNIQUE (loan, hour).
 *   Each loan's hours are a durable job (interest-job.ts); the full sweep charges them too;
 * - margin call: at the feed price, an open loan whose LTV reached its margin-call level and was not
 *   called since its last crossing is flagged, gets an event and an in-app notice in one
 *   transaction; the socket event and the email follow the commit (a crash in between loses only
 *   that push, never sends it twice);
 * - liquidation, in two steps: at the liquidation level the loan is marked 'liquidating' with the
 *   price (step 1); a marked loan is then settled at that recorded price (step 2: collateral worth
 *   debt + penalty sold, the rest returned, the loan closed). A crash between the steps leaves a
 *   'liquidating' row that the next pass settles at the same price, once.
 */
import Decimal from 'decimal.js';
import {
  dueLoanHours,
  interestBetween,
  liquidationSplit,
  loanHourEnd,
  ltvBelow,
  ltvOf,
  ltvPercent,
  marginCallStep,
  owedAt,
  type LiquidationSplit,
  type Owed,
} from '../../../../core';
import { addNotice } from '../../../db/notices';
import { settleFrozen, unfreeze } from '../../../db/ledger';
import { inTransaction, type Trx } from '../../../db/tx';
import {
  LOAN_ACCOUNT,
  canonDec,
  collateralPrice,
  currencyName,
  terms,
  type LoanAlert,
  type LoanCtx,
  type LoanRow,
} from './shared';

/** Test hook: called after each unit commits; throwing stops the pass there (a "crash"). */
export type AfterCommit = (kind: string, id: number) => void;

export interface SweepResult {
  hours: number;
  marginCalls: number;
  marked: number;
  liquidated: number;
}

/** Charges loan-hour k of one loan, once (the durable interest job's step and the start-up sweep's). */
export async function chargeHour(ctx: LoanCtx, loanId: number, k: number): Promise<boolean> {
  return inTransaction(ctx.db, async (trx) => {
    const loan = await trx
      .selectFrom('loans')
      .selectAll()
      .where('id', '=', loanId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const t = terms(loan);
    const end = loanHourEnd(t.opened_at, k);
    if (loan.status !== 'open' || t.accrued_to >= end) return false;
    const charge = interestBetween(t.principal, t.hourly_rate, t.accrued_to, end);
    const inserted = await trx
      .insertInto('loan_events')
      .values({
        loan_id: loan.id,
        user_id: loan.user_id,
        kind: 'interest',
        hour: k,
        amount: charge,
        interest_part: charge,
        created_at: new Date(end),
      })
      .onConflict((oc) => oc.columns(['loan_id', 'hour']).where('hour', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    await trx
      .updateTable('loans')
      .set({ interest: new Decimal(t.interest).plus(charge).toFixed(), accrued_to: new Date(end) })
      .where('id', '=', loan.id)
      .execute();
    return true;
  });
}

async function accrueDue(ctx: LoanCtx, nowMs: number, afterCommit?: AfterCommit): Promise<number> {
  const open = await ctx.db
    .selectFrom('loans')
    .select(['id', 'opened_at', 'accrued_to'])
    .where('status', '=', 'open')
    .orderBy('id')
    .execute();
  let n = 0;
  for (const l of open) {
    for (const k of dueLoanHours(new Date(l.opened_at).getTime(), new Date(l.accrued_to).getTime(), nowMs)) {
      if (await chargeHour(ctx, l.id, k)) {
        n++;
        afterCommit?.('loan_interest', l.id);
      }
    }
  }
  return n;
}

/** Margin calls, re-arming, and liquidation marks at the current price. */
async function watchRisk(
  ctx: LoanCtx,
  nowMs: number,
  afterCommit?: AfterCommit,
): Promise<{ marginCalls: number; marked: number }> {
  const open = await ctx.db
    .selectFrom('loans')
    .select(['id', 'loan_currency_id', 'collateral_currency_id'])
    .where('status', '=', 'open')
    .orderBy('id')
    .execute();
  let marginCalls = 0;
  let marked = 0;
  for (const l of open) {
    const price = await collateralPrice(ctx, l.loan_currency_id, l.collateral_currency_id);
    if (!price) continue;
    const alert = await inTransaction(ctx.db, async (trx): Promise<LoanAlert | 'marked' | null> => {
      const loan = await trx
        .selectFrom('loans')
        .selectAll()
        .where('id', '=', l.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (loan.status !== 'open') return null;
      const t = terms(loan);
      const debt = owedAt(t, nowMs).total;
      const ltv = ltvOf(debt, t.collateral, price);
      if (!ltvBelow(debt, t.collateral, price, t.liquidation_ltv)) {
        await trx
          .updateTable('loans')
          .set({ status: 'liquidating', liquidation_price: price })
          .where('id', '=', loan.id)
          .execute();
        return 'marked';
      }
      const step = marginCallStep(debt, t.collateral, price, t.margin_call_ltv, loan.margin_called);
      if (step === 'rearm')
        await trx.updateTable('loans').set({ margin_called: false }).where('id', '=', loan.id).execute();
      if (step !== 'notify') return null;
      const at = new Date(nowMs);
      await trx.updateTable('loans').set({ margin_called: true }).where('id', '=', loan.id).execute();
      await trx
        .insertInto('loan_events')
        .values({
          loan_id: loan.id,
          user_id: loan.user_id,
          kind: 'margin_call',
          amount: debt,
          price,
          ltv,
          created_at: at,
        })
        .execute();
      const params = {
        id: String(loan.id),
        ltv: ltvPercent(ltv ?? '0'),
        level: ltvPercent(t.margin_call_ltv),
        liquidation: ltvPercent(t.liquidation_ltv),
      };
      await addNotice(trx, {
        userId: loan.user_id,
        kind: 'loan_margin_call',
        title: 'loan_margin_call_title',
        body: 'loan_margin_call_body',
        params,
      });
      return { kind: 'loan_margin_call', userId: loan.user_id, loanId: loan.id, lang: loan.lang, params };
    });
    if (alert === 'marked') {
      marked++;
      afterCommit?.('loan_liquidation_mark', l.id);
    } else if (alert) {
      marginCalls++;
      afterCommit?.('loan_margin_call', l.id);
      await ctx.alert(alert);
    }
  }
  return { marginCalls, marked };
}

/** A marked loan being settled: its row, terms, recorded price, what it owes and how its collateral splits. */
interface Liquidation {
  loan: LoanRow;
  t: ReturnType<typeof terms>;
  price: string;
  owed: Owed;
  split: LiquidationSplit;
  at: Date;
  ref: { type: string; id: number };
}

/** Step 2: settles a marked loan at its recorded price. */
async function liquidate(ctx: LoanCtx, loanId: number, nowMs: number): Promise<LoanAlert | null> {
  return inTransaction(ctx.db, async (trx) => {
    const loan = await trx
      .selectFrom('loans')
      .selectAll()
      .where('id', '=', loanId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (loan.status !== 'liquidating' || loan.liquidation_price === null) return null;
    const t = terms(loan);
    const price = canonDec(loan.liquidation_price);
    const owed = owedAt(t, nowMs);
    const split = liquidationSplit(owed.total, t.liquidation_penalty, t.collateral, price);
    const liq: Liquidation = { loan, t, price, owed, split, at: new Date(nowMs), ref: { type: 'loan', id: loan.id } };
    await sellAndReturnCollateral(trx, liq);
    await closeLiquidated(trx, liq);
    return noticeLiquidated(trx, liq);
  });
}

/** The frozen collateral: the part worth debt + penalty sold, the rest handed back. */
async function sellAndReturnCollateral(trx: Trx, { loan, split, ref }: Liquidation): Promise<void> {
  if (new Decimal(split.sold).gt(0))
    await settleFrozen(trx, {
      userId: loan.user_id,
      currencyId: loan.collateral_currency_id,
      type: LOAN_ACCOUNT,
      amount: split.sold,
      reason: 'loan_liquidation',
      ref,
    });
  if (new Decimal(split.returned).gt(0))
    await unfreeze(trx, {
      userId: loan.user_id,
      currencyId: loan.collateral_currency_id,
      type: LOAN_ACCOUNT,
      amount: split.returned,
      reason: 'loan_collateral_release',
      ref,
    });
}

/** The interest since the last charge, the loan closed at zero, and its liquidation event. */
async function closeLiquidated(trx: Trx, { loan, t, price, owed, split, at }: Liquidation): Promise<void> {
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
  await trx
    .updateTable('loans')
    .set({ status: 'liquidated', principal: '0', interest: '0', collateral: '0', accrued_to: at, closed_at: at })
    .where('id', '=', loan.id)
    .execute();
  await trx
    .insertInto('loan_events')
    .values({
      loan_id: loan.id,
      user_id: loan.user_id,
      kind: 'liquidation',
      amount: owed.total,
      interest_part: owed.interest,
      principal_part: owed.principal,
      collateral_delta: `-${t.collateral}`,
      price,
      ltv: ltvOf(owed.total, t.collateral, price),
      detail: JSON.stringify(split),
      created_at: at,
    })
    .execute();
}

/** The in-app notice (in the transaction) and the alert to push once it commits. */
async function noticeLiquidated(trx: Trx, { loan, t, price, split }: Liquidation): Promise<LoanAlert> {
  const coin = await currencyName(trx, loan.collateral_currency_id);
  const params = {
    id: String(loan.id),
    liquidation: ltvPercent(t.liquidation_ltv),
    sold: split.sold,
    returned: split.returned,
    price,
    coin,
  };
  await addNotice(trx, {
    userId: loan.user_id,
    kind: 'loan_liquidated',
    title: 'loan_liquidated_title',
    body: 'loan_liquidated_body',
    params,
  });
  return { kind: 'loan_liquidated', userId: loan.user_id, loanId: loan.id, lang: loan.lang, params };
}

async function liquidateMarked(ctx: LoanCtx, nowMs: number, afterCommit?: AfterCommit): Promise<number> {
  const marked = await ctx.db
    .selectFrom('loans')
    .select('id')
    .where('status', '=', 'liquidating')
    .orderBy('id')
    .execute();
  let n = 0;
  for (const l of marked) {
    const alert = await liquidate(ctx, l.id, nowMs);
    if (!alert) continue;
    n++;
    afterCommit?.('loan_liquidation', l.id);
    await ctx.alert(alert);
  }
  return n;
}

/**
 * The engine's price watch (every second on the leader): leftover liquidations first (a crash
 * between the steps), margin calls and marks at the current price, then the new liquidations.
 */
export async function watchLoans(ctx: LoanCtx, afterCommit?: AfterCommit): Promise<Omit<SweepResult, 'hours'>> {
  const nowMs = ctx.now();
  let liquidated = await liquidateMarked(ctx, nowMs, afterCommit);
  const { marginCalls, marked } = await watchRisk(ctx, nowMs, afterCommit);
  if (marked) liquidated += await liquidateMarked(ctx, nowMs, afterCommit);
  return { marginCalls, marked, liquidated };
}

/** One full pass (start-up, tests): leftover liquidations first, hours due, risk at the price, new liquidations. */
export async function sweepLoans(ctx: LoanCtx, afterCommit?: AfterCommit): Promise<SweepResult> {
  const nowMs = ctx.now();
  let liquidated = await liquidateMarked(ctx, nowMs, afterCommit);
  const hours = await accrueDue(ctx, nowMs, afterCommit);
  const { marginCalls, marked } = await watchRisk(ctx, nowMs, afterCommit);
  if (marked) liquidated += await liquidateMarked(ctx, nowMs, afterCommit);
  return { hours, marginCalls, marked, liquidated };
}
