/**
 * Kysely interfaces of the loan tables (migration 018_loans in this folder). NUMERIC columns are
 * decimal strings. They join the app's Database interface from here (declaration merging).
 */
import type { ColumnType, Generated } from 'kysely';
import type { LoanEventKind, LoanPairTerms, LoanStatus, LoanTerms } from '../../../core';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Stamp = ColumnType<Date, Date | string, Date | string>;

// the terms' columns are core's LoanPairTerms and LoanTerms, so the table and the wire cannot drift
export interface LoanPairsTable extends Omit<LoanPairTerms, 'enabled'> {
  id: Generated<number>;
  loan_currency_id: number;
  collateral_currency_id: number;
  enabled: Defaulted<boolean>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface LoansTable extends LoanTerms {
  id: Generated<number>;
  user_id: number;
  pair_id: number;
  loan_currency_id: number;
  collateral_currency_id: number;
  principal: string;
  interest: Defaulted<string>;
  collateral: string;
  status: Defaulted<LoanStatus>;
  accrued_to: Stamp;
  margin_called: Defaulted<boolean>;
  liquidation_price: Nullable<string>;
  lang: Defaulted<string>;
  opened_at: Stamp;
  closed_at: Nullable<Date>;
}

export interface LoanEventsTable {
  id: Generated<number>;
  loan_id: number;
  user_id: number;
  kind: LoanEventKind;
  hour: Nullable<number>;
  amount: Defaulted<string>;
  interest_part: Defaulted<string>;
  principal_part: Defaulted<string>;
  collateral_delta: Defaulted<string>;
  price: Nullable<string>;
  ltv: Nullable<string>;
  /** a liquidation's split (debt, penalty, sold, returned, shortfall) */
  detail: ColumnType<Record<string, string>, string | undefined, string>;
  created_at: Stamp;
}

export interface LoanTables {
  loan_pairs: LoanPairsTable;
  loans: LoansTable;
  loan_events: LoanEventsTable;
}

declare module '../../db/schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the app's Database
  interface Database extends LoanTables {}
}
