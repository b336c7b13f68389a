import type { Loan, LoanEvent, LoanPair } from '../../core';
import { get, post } from './client';

/** Crypto loans (/api/loan/…). Shapes: core/types/loans.ts. Money steps run once (idempotency key). */
const q = { quiet: true } as const;
const once = { idempotent: true } as const;

export const loanPairs = () => get<LoanPair[]>('/loan/pairs', {}, q);
export const myLoans = (status: 'open' | 'closed') => get<Loan[]>('/loan/list', { status }, q);
export const loanDetail = (id: number) => get<{ loan: Loan; events: LoanEvent[] }>('/loan/detail', { id }, q);
export const borrowLoan = (pair_id: number, amount: string, collateral: string) =>
  post<Loan>('/loan/borrow', { pair_id, amount, collateral }, once);
export const repayLoan = (id: number, amount: string | 'all') =>
  post<Loan>('/loan/repay', amount === 'all' ? { id, all: 1 } : { id, amount }, once);
export const addCollateral = (id: number, amount: string) => post<Loan>('/loan/addCollateral', { id, amount }, once);
export const reduceCollateral = (id: number, amount: string) =>
  post<Loan>('/loan/reduceCollateral', { id, amount }, once);
