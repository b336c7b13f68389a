import type {
  AssetsOverview,
  BankCard,
  BankCardInput,
  BankCardInternationalInput,
  DepositAddress,
  ExchangeCurrency,
  ExchangeEntry,
  ExchangeFee,
  ExchangeInput,
  FundTransferInput,
  JournalEntry,
  JournalKind,
  Page,
  RechargeEntry,
  RechargeInfo,
  RechargeInput,
  TransferEntry,
  UserCurrency,
  WalletAddress,
  WalletAddressInput,
  WalletDetail,
  WithdrawEntry,
  WithdrawInfo,
  WithdrawInput,
} from '../../core';
import { get, post } from './client';

/** Wallet, records, addresses and cards (spec §7 "Wallet"). Shapes: core/types/assets.ts, deposits.ts, transfers.ts, payout.ts. */

const q = { quiet: true } as const;
/** Recharge requests, withdrawals, transfers and exchanges carry an idempotency key (run once). */
const once = { idempotent: true } as const;

export interface Coin {
  id: number;
  name: string;
  subName?: string;
  networks?: string[];
  image?: string;
}

export function coins(): Promise<Coin[]> {
  return get<Coin[]>('/currency/list', undefined, q);
}

export function assets(quiet = true): Promise<AssetsOverview> {
  return post<AssetsOverview>('/wallet/list', undefined, { quiet });
}

export function walletDetail(currency: number, type: number): Promise<WalletDetail> {
  return post<WalletDetail>('/wallet/detail', { currency, type }, q);
}

export function legalLog(p: {
  currency?: number;
  type?: number;
  kind?: JournalKind;
  from?: number;
  to?: number;
  page: number;
  limit: number;
}): Promise<Page<JournalEntry>> {
  return post<Page<JournalEntry>>('/wallet/legal_log', { ...p }, q);
}

export function bill(page: number, limit: number): Promise<Page<JournalEntry>> {
  return get<Page<JournalEntry>>('/user/bill', { page, limit }, q);
}

// recharge
export function rechargeInfo(currency: number): Promise<RechargeInfo> {
  return post<RechargeInfo>('/wallet/get_info', { currency });
}
export function depositAddress(currency: number, type?: string): Promise<DepositAddress> {
  return post<DepositAddress>('/wallet/get_in_address', { currency, type });
}
export function chargeReq(input: RechargeInput): Promise<RechargeEntry> {
  return post<RechargeEntry>('/wallet/charge_req', { ...input }, once);
}
export function rechargeLog(page: number, limit: number): Promise<Page<RechargeEntry>> {
  return get<Page<RechargeEntry>>('/recharge/log', { page, limit }, q);
}

// withdraw
export function withdrawInfo(currency: number): Promise<WithdrawInfo> {
  return get<WithdrawInfo>('/wallet/out_info', { currency });
}
export function withdraw(input: WithdrawInput): Promise<WithdrawEntry> {
  return post<WithdrawEntry>('/wallet/out', { ...input }, once);
}
export function withdrawList(page: number, limit: number): Promise<Page<WithdrawEntry>> {
  return get<Page<WithdrawEntry>>('/user/withdraw/list', { page, limit }, q);
}

// transfer between account types
export function userCurrencies(): Promise<UserCurrency[]> {
  return get<UserCurrency[]>('/currency/user_currency_list', undefined, q);
}
export function fundTransfer(input: FundTransferInput): Promise<TransferEntry> {
  return post<TransferEntry>('/wallet/change', { ...input }, once);
}
export function transferHistory(page: number, limit: number): Promise<Page<TransferEntry>> {
  return get<Page<TransferEntry>>('/wallet/hzhistory', { page, limit }, q);
}

// coin exchange
export function exchangeFrom(): Promise<ExchangeCurrency[]> {
  return post<ExchangeCurrency[]>('/user/getTransferList', undefined, q);
}
export function exchangeTo(): Promise<ExchangeCurrency[]> {
  return post<ExchangeCurrency[]>('/user/getTransferListBB', undefined, q);
}
export function exchangeFee(from_currency_id: number, to_currency_id: number): Promise<ExchangeFee> {
  return post<ExchangeFee>('/user/getTransferFee', { from_currency_id, to_currency_id }, q);
}
export function exchange(input: ExchangeInput): Promise<ExchangeEntry> {
  return post<ExchangeEntry>('/user/Transfer', { ...input }, once);
}
export function exchangeList(page: number, limit: number): Promise<Page<ExchangeEntry>> {
  return get<Page<ExchangeEntry>>('/user/exchange/list', { page, limit }, q);
}

// addresses and cards
export function saveAddress(input: WalletAddressInput): Promise<WalletAddress> {
  return post<WalletAddress>('/user/wallet/save', { ...input });
}
export function addressList(page: number, limit: number): Promise<Page<WalletAddress>> {
  return get<Page<WalletAddress>>('/user/wallet/list', { page, limit }, q);
}
export function deleteAddress(id: number): Promise<unknown> {
  return post<unknown>('/user/wallet/del', { id });
}
export function saveCard(input: BankCardInput): Promise<BankCard> {
  return post<BankCard>('/user/cash_save', { ...input });
}
export function saveCardInternational(input: BankCardInternationalInput): Promise<BankCard> {
  return post<BankCard>('/user/cash_save_international', { ...input });
}
export function cardInfo(international: boolean): Promise<BankCard | null> {
  return post<BankCard | null>(international ? '/user/cash_info_international' : '/user/cash_info', undefined, q);
}
