/** Test helpers for the loan engine: a clock-controlled app with scripted prices, funded users, loan calls. */
import { createTestApp, type TestApp } from './app';
import { call, prices, user, type TestUser } from './funds-kit';
import { credit } from '../db/ledger';
import { inTransaction } from '../db/tx';

export const BTC = 1;
export const ETH = 2;
export const USDT = 4;
export const T0 = Date.UTC(2030, 0, 1, 12);
export const HOUR = 3_600_000;

export interface LoanKit {
  t: TestApp;
  clock: { now: number };
  close(): Promise<void>;
}

/** Pauses the job's own timer and hands the loan rules a clock the test moves. */
export function bootLoans(t: TestApp, clock: { now: number }): void {
  t.app.loans.pauseTimer();
  t.app.loans.now = () => clock.now;
}

export async function loanKit(): Promise<LoanKit> {
  const t = await createTestApp();
  const clock = { now: T0 };
  bootLoans(t, clock);
  prices(t, { BTC: '50000', ETH: '2500' });
  return { t, clock, close: () => t.close() };
}

export async function grant(t: TestApp, userId: number, currencyId: number, amount: string): Promise<void> {
  await inTransaction(t.app.db, (trx) => credit(trx, { userId, currencyId, type: 2, amount, reason: 'test_grant' }));
}

/** A user holding 1 BTC (and `usdt` USDT when given) in the change account. */
export async function holder(t: TestApp, usdt?: string): Promise<TestUser> {
  const u = await user(t);
  await grant(t, u.id, BTC, '1');
  if (usdt) await grant(t, u.id, USDT, usdt);
  return u;
}

export const loan = (
  t: TestApp,
  path: string,
  u: TestUser | undefined,
  fields: Record<string, string | number | undefined> = {},
) => call(t, 'POST', `/api/loan/${path}`, u?.token, fields);

export const BTC_USDT = 1; // the first seeded pair: borrow USDT against BTC
