import { CONSTANTS, type JournalKind } from '../../../../core';
import { bill, exchangeList, legalLog, rechargeLog, transferHistory, withdrawList } from '../../../api/funds';

/** The record pages' list calls, one page of CONSTANTS.pageSize each (module-level: stable fetchers). */
const size = CONSTANTS.pageSize;
export const fetchRecharges = (p: number) => rechargeLog(p, size);
export const fetchWithdrawals = (p: number) => withdrawList(p, size);
export const fetchTransfers = (p: number) => transferHistory(p, size);
export const fetchExchanges = (p: number) => exchangeList(p, size);
/** The journal: one currency and account type's entries when filtered, else every entry (the bill). */
export const fetchJournal = (p: number, currency?: number, type?: number) =>
  currency || type ? legalLog({ currency, type, page: p, limit: size }) : bill(p, size);
/** The journal narrowed by coin, kind of change and period (the records page's filter bar). */
export const fetchFiltered = (p: number, f: { currency?: number; kind?: JournalKind; from?: number }) =>
  legalLog({ currency: f.currency, kind: f.kind, from: f.from, page: p, limit: size });
