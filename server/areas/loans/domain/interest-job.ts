/**
 * A loan's hourly interest as a durable job: `loan.interest`, keyed by the loan, enqueued
 * in the borrow transaction for the end of the first loan-hour. Each run charges the hours due on
 * the loans' clock (sweep.ts chargeHour: once per (loan, hour) under the row lock) and, while the
 * loan is open, enqueues itself for the end of the next hour. A job that comes early only moves
 * itself. Loans from before the queue get their job from the start-up sweep (scheduleOpenLoans).
 * Margin calls and liquidations stay the engine's price watch (sweep.ts watchLoans): they follow the
 * price, not a clock.
 */
import { dueLoanHours, loanHourEnd, LOAN_RULES } from '../../../../core';
import { enqueueInTx, runAtFor } from '../../../db/jobs';
import type { Trx } from '../../../db/tx';
import { chargeHour } from './sweep';
import type { LoanCtx } from './shared';

export const LOAN_INTEREST = 'loan.interest';
export const loanInterestKey = (loanId: number): string => `${LOAN_INTEREST}:${loanId}`;

/** The end of the first loan-hour not yet charged after `accruedToMs` (and after nowMs). */
function nextHourEnd(openedAtMs: number, accruedToMs: number, nowMs: number): number {
  const k = Math.floor((Math.max(accruedToMs, nowMs) - openedAtMs) / LOAN_RULES.hourMs) + 1;
  return loanHourEnd(openedAtMs, Math.max(1, k));
}

export async function enqueueLoanInterest(
  db: Trx | LoanCtx['db'],
  loan: { id: number; opened_at: Date; accrued_to: Date },
  nowMs: number,
): Promise<void> {
  const due = nextHourEnd(loan.opened_at.getTime(), loan.accrued_to.getTime(), nowMs);
  await enqueueInTx(
    db,
    LOAN_INTEREST,
    { id: loan.id },
    { jobKey: loanInterestKey(loan.id), runAt: runAtFor(due, nowMs) },
  );
}

/** The job: the loan's due hours, each once, then its next run while it stays open. Returns the hours charged. */
export async function chargeLoanHours(ctx: LoanCtx, loanId: number): Promise<number> {
  const nowMs = ctx.now();
  const l = await ctx.db
    .selectFrom('loans')
    .select(['id', 'status', 'opened_at', 'accrued_to'])
    .where('id', '=', loanId)
    .executeTakeFirst();
  if (!l || l.status !== 'open') return 0;
  const opened = new Date(l.opened_at);
  let n = 0;
  for (const k of dueLoanHours(opened.getTime(), new Date(l.accrued_to).getTime(), nowMs))
    if (await chargeHour(ctx, l.id, k)) n++;
  const after = await ctx.db
    .selectFrom('loans')
    .select(['status', 'accrued_to'])
    .where('id', '=', loanId)
    .executeTakeFirstOrThrow();
  if (after.status === 'open')
    await enqueueLoanInterest(ctx.db, { id: l.id, opened_at: opened, accrued_to: new Date(after.accrued_to) }, nowMs);
  return n;
}

/** Every open loan gets its job (replacing a pending one): loans from before the queue. */
export async function scheduleOpenLoans(ctx: LoanCtx): Promise<number> {
  const nowMs = ctx.now();
  const open = await ctx.db
    .selectFrom('loans')
    .select(['id', 'opened_at', 'accrued_to'])
    .where('status', '=', 'open')
    .execute();
  for (const l of open)
    await enqueueLoanInterest(
      ctx.db,
      { id: l.id, opened_at: new Date(l.opened_at), accrued_to: new Date(l.accrued_to) },
      nowMs,
    );
  return open.length;
}
