/**
 * Copy trading calls (spec §7 "Copy trading"): /follow/index, /follow/traderDetail, /follow/follow,
 * /follow/cancel, /follow/selfHolding, /follow/historyTrade, plus /follow/myFollows, /follow/apply
 * and /follow/myTrader. Shapes: core/types/copytrade.ts, the contract the server implements.
 */
import {
  CONSTANTS,
  fromTraderDetailRow,
  fromTraderPage,
  type CopyPage,
  type CopyTrade,
  type CopyType,
  type Follow,
  type MyTraderState,
  type Paginator,
  type TraderCard,
  type TraderDetail,
  type TraderDetailRow,
  type TraderRow,
} from '../../core';
import { get, post, type CallOptions } from './client';

const quiet: CallOptions = { quiet: true };

// the trader answers carry the family's names (WIRE.md); the pages read ours, mapped back here
export function traderList(page: number, opts: CallOptions = quiet): Promise<CopyPage<TraderCard>> {
  return get<Paginator<TraderRow>>('/follow/index', { page, limit: CONSTANTS.pageSize }, opts).then(fromTraderPage);
}

export function traderDetail(traderUserId: number, opts: CallOptions = quiet): Promise<TraderDetail> {
  return get<TraderDetailRow>('/follow/traderDetail', { trader_user_id: traderUserId }, opts).then(fromTraderDetailRow);
}

/** Follows (or changes the settings of a live follow); `agree` = the agreement was accepted. */
export function follow(traderUserId: number, type: CopyType, number: string): Promise<Follow> {
  return post<Follow>('/follow/follow', { trader_user_id: traderUserId, type, number, agree: 1 }, { idempotent: true });
}

/** ends the caller's follow of this trader (`follow_user_id` is the trader's user id, as the family sends it) */
export function cancelFollow(traderUserId: number): Promise<Follow> {
  return post<Follow>('/follow/cancel', { follow_user_id: traderUserId });
}

export function selfHold(transactionId: number): Promise<CopyTrade> {
  return post<CopyTrade>('/follow/selfHolding', { transaction_id: transactionId });
}

export function copyHistory(
  status: 'current' | 'history',
  page: number,
  opts: CallOptions = quiet,
): Promise<CopyPage<CopyTrade>> {
  return get<CopyPage<CopyTrade>>('/follow/historyTrade', { status, page, limit: CONSTANTS.pageSize }, opts);
}

export function myFollows(page: number, opts: CallOptions = quiet): Promise<CopyPage<Follow>> {
  return get<CopyPage<Follow>>('/follow/myFollows', { page, limit: CONSTANTS.pageSize }, opts);
}

export function applyTrader(nickname: string, introduction: string): Promise<MyTraderState> {
  return post<MyTraderState>('/follow/apply', { nickname, introduction });
}

export function myTrader(opts: CallOptions = quiet): Promise<MyTraderState> {
  return get<MyTraderState>('/follow/myTrader', undefined, opts);
}
