/**
 * Copy trading's traders between the domain's names (TraderCard, TraderDetail) and the family's
 * wire names (TraderRow, TraderDetailRow): the server answers with toTraderRow / toTraderDetailRow,
 * our app reads the answers back with fromTraderRow / fromTraderDetailRow. Values pass unchanged.
 */
import type { CopyPage, TraderCard, TraderDetail, TraderDetailRow, TraderRow } from '../types/copytrade';
import { fromPaginator, type Paginator } from '../types/page';

export function toTraderRow(c: TraderCard): TraderRow {
  const {
    trader_user_id,
    avatar,
    introduction,
    follower_count,
    accuracy,
    total_profit,
    roi,
    win_count,
    closed_count,
    my_state,
    ...rest
  } = c;
  return {
    ...rest,
    id: trader_user_id,
    head_portrait: avatar,
    signature: introduction,
    follow_num: follower_count,
    correct_rate: accuracy,
    total_profits: total_profit,
    total_income_rate: roi,
    profitCount: win_count,
    total_count: closed_count,
    is_followed: my_state === 'following' ? 1 : 0,
  };
}

function fromTraderRow(r: TraderRow): TraderCard {
  const {
    id,
    head_portrait,
    signature,
    follow_num,
    correct_rate,
    total_profits,
    total_income_rate,
    profitCount,
    total_count,
    is_followed,
    ...rest
  } = r;
  return {
    ...rest,
    trader_user_id: id,
    avatar: head_portrait,
    introduction: signature,
    follower_count: follow_num,
    accuracy: correct_rate,
    total_profit: total_profits,
    roi: total_income_rate,
    win_count: profitCount,
    closed_count: total_count,
    // the wire's 1/0 with the follow itself tells the three states apart
    my_state: is_followed ? 'following' : r.my_follow ? r.my_follow.status : 'none',
  };
}

export function toTraderDetailRow(d: TraderDetail): TraderDetailRow {
  const { open_positions, recent_closed, ...card } = d;
  const { id, nickname, head_portrait, signature, demo, is_followed, my_follow, ...figures } = toTraderRow(card);
  return {
    trader_info: { id, nickname, head_portrait, signature, demo },
    data: { ...figures, position_count: open_positions.length },
    is_followed,
    my_follow,
    open_positions,
    recent_closed,
  };
}

export function fromTraderDetailRow(r: TraderDetailRow): TraderDetail {
  const { position_count: _count, ...figures } = r.data;
  const card = fromTraderRow({ ...r.trader_info, ...figures, is_followed: r.is_followed, my_follow: r.my_follow });
  return { ...card, open_positions: r.open_positions, recent_closed: r.recent_closed };
}

/** /follow/index's paginator of wire rows → our list page of traders */
export function fromTraderPage(p: Paginator<TraderRow>): CopyPage<TraderCard> {
  const page = fromPaginator(p);
  return { ...page, list: page.list.map(fromTraderRow) };
}
