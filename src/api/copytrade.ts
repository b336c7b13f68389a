/**
 * Copy trading calls (spec §7 "Copy trading"): /follow/index, /follow/traderDetail, /follow/follow,
 * /follow/cancel, /follow/selfHolding, /follow/historyTrade, plus /follow/myFollows, /follow/apply
 * and /follow/myTrader. Shapes: core/types/copytrade.ts, the contract the server implements.
 */
import { CONSTANTS, type CopyPage, type CopyTrade, type CopyType, type Follow, type MyTraderState, type TraderCard, type TraderDetail } from '../../core';
import { get, post, type CallOptions } from './client';

const quiet: CallOptions = { quiet: true };

export function traderList(page: number, opts: CallOptions = quiet): Promise<CopyPage<TraderCard>> {
  return get<CopyPage<TraderCard>>('/follow/index', { page, limit: CONSTANTS.pageSize }, opts);
}

export function traderDetail(traderUserId: number, opts: CallOptions = quiet): Promise<TraderDetail> {
  return get<TraderDetail>('/follow/traderDetail', { trader_user_id: traderUserId }, opts);
}

/** Follows (or changes the settings of a live follow); `agree` = the agreement was accepted. */
export function follow(traderUserId: number, type: CopyType, number: string): Promise<Follow> {
  return post<Follow>('/follow/follow', { trader_user_id: traderUserId, type, number, agree: 1 }, { idempotent: true });
}

export function cancelFollow(followId: number): Promise<Follow> {
  return post<Follow>('/follow/cancel', { follow_user_id: followId });
}

export function selfHold(transactionId: number): Promise<CopyTrade> {
  return post<CopyTrade>('/follow/selfHolding', { transaction_id: transactionId });
}

export function copyHistory(status: 'current' | 'history', page: number, opts: CallOptions = quiet): Promise<CopyPage<CopyTrade>> {
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
