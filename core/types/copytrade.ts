/**
 * Copy trading (spec §3 "Copy trading", §4 "Copy follow", §7 /follow/*). A user applies to become
 * a trader (reviewed in the back office); others follow an approved trader by a fixed multiple
 * (follower lots = trader lots × multiple) or fixed lots (follower lots = number). Each contract
 * position the trader opens is mirrored into the follower's lever account (a position with
 * `copied: true`); when the trader closes it, the still-copied mirrors close too. Self-holding
 * turns a mirror into the follower's own position (it no longer follows the trader's close).
 *
 * Conventions: money, lots and multiples are decimal strings; ids are numbers; times are ms since
 * the epoch; POST bodies are form-encoded; lists take `page` (from 1) and answer a CopyPage.
 * Stable: fields are added, never renamed.
 */

/** Wire values of `type` in /follow/follow. */
export const COPY_TYPES = { multiple: 1, lots: 2 } as const;
export type CopyType = (typeof COPY_TYPES)[keyof typeof COPY_TYPES];

/** Largest fixed multiple and fixed lots a follow may ask for. */
export const COPY_LIMITS = { maxMultiple: '100', maxLots: '1000', numberDecimals: 8 } as const;

/** spec §4: not following, following, cancelled. */
export type FollowState = 'none' | 'following' | 'cancelled';

/** pending → approved | rejected (a rejected applicant may apply again). */
export type TraderStatus = 'pending' | 'approved' | 'rejected';

export interface CopyPage<T> {
  list: T[];
  page: number;
  limit: number;
  total: number;
  has_more: boolean;
}

/** A row of the trader list (GET /follow/index) and the head of the trader detail. */
export interface TraderCard {
  /** the trader's user id (trader_user_id) */
  trader_user_id: number;
  nickname: string;
  avatar: string | null;
  introduction: string;
  /** a clearly labelled demo account of the local demo */
  demo: boolean;
  /** Σ realised P&L of the trader's own closed contract positions (USDT, before fees) */
  total_profit: string;
  /** winning closed positions / all closed positions, percent with 2 decimals ("62.5") */
  accuracy: string;
  /** Σ margin of every position followers have copied from this trader (USDT) */
  follow_amount: string;
  /** the leverage the trader uses most often on closed positions (0 before the first close) */
  multiple: number;
  follower_count: number;
  closed_count: number;
  win_count: number;
  /**
   * ROI percent, 2 decimals: Σ net realised P&L (after fees) ÷ Σ margin of the closed positions
   * (core/calc/trader-performance.ts)
   */
  roi: string;
  /** cumulative net realised P&L at the end of each UTC day, oldest first (at most 90 days) */
  pnl_curve: { day: number; pnl: string }[];
  /** when the figures above were computed (hourly) */
  stats_at: number | null;
  /** the caller's follow of this trader, when logged in */
  my_state: FollowState;
  my_follow: Follow | null;
}

export interface TraderPosition {
  id: number;
  symbol: string;
  side: 'long' | 'short';
  lots: string;
  multiple: number;
  open_price: string | null;
  close_price: string | null;
  profit: string | null;
  opened_at: number | null;
  closed_at: number | null;
}

/** GET /follow/traderDetail {trader_user_id} */
export interface TraderDetail extends TraderCard {
  /** positions open now */
  open_positions: TraderPosition[];
  /** the latest closed positions (at most 10) */
  recent_closed: TraderPosition[];
}

export interface Follow {
  /** the follow record's id: `follow_user_id` of /follow/cancel */
  id: number;
  trader_user_id: number;
  trader_nickname: string;
  type: CopyType;
  /** as stored: the rounded multiple, or the lots */
  number: string;
  status: 'following' | 'cancelled';
  created_at: number;
  cancelled_at: number | null;
  /** mirrors open now under this follow */
  open_copies: number;
  /** Σ realised P&L of this follow's closed mirrors */
  total_profit: string;
}

/**
 * A copy: one trader position mirrored (or skipped) for one follow.
 * open: the mirror is open and still follows the trader; closed: closed with the trader's close;
 * self_held: the follower took it over (it shows under their own positions); skipped: not opened
 * (reason says why, e.g. the balance could not cover margin + fee).
 */
type CopyStatus = 'open' | 'closed' | 'self_held' | 'skipped';
export type CopySkipReason =
  'insufficient_balance' | 'lots_too_small' | 'lots_too_large' | 'market_closed' | 'no_price' | 'error';

export interface CopyTrade {
  id: number;
  follow_id: number;
  trader_user_id: number;
  trader_nickname: string;
  trader_position_id: number;
  /** the follower's lever position (transaction_id of /follow/selfHolding); null when skipped */
  transaction_id: number | null;
  status: CopyStatus;
  skip_reason: CopySkipReason | null;
  symbol: string;
  side: 'long' | 'short';
  /** leverage (the trader's) */
  multiple: number;
  trader_lots: string;
  lots: string | null;
  open_price: string | null;
  close_price: string | null;
  margin: string | null;
  fee: string | null;
  /** realised P&L once closed (null while open: the live P&L is on the position) */
  profit: string | null;
  created_at: number;
  closed_at: number | null;
}

/** GET /follow/myTrader — the caller's application and, once approved, their figures. */
export interface MyTraderState {
  status: TraderStatus | 'none';
  nickname: string | null;
  introduction: string | null;
  /** the reviewer's reason on a rejection */
  reason: string | null;
  applied_at: number | null;
  reviewed_at: number | null;
  card: TraderCard | null;
}

/** Back office: GET /admin/api/traders?status= */
export interface AdminTraderItem {
  user_id: number;
  account: string;
  nickname: string;
  introduction: string;
  status: TraderStatus;
  demo: boolean;
  reason: string | null;
  created_at: number;
  reviewed_at: number | null;
  reviewed_by: string | null;
}

/** `notice` event on the follower's private room about a copy. */
export interface CopyNotice {
  kind: 'copy_opened' | 'copy_closed' | 'copy_skipped';
  key: string;
  params: Record<string, string>;
  text: string;
  ref: { type: 'copy'; id: number };
}

/**
 * A trader on the wire (/follow/index rows), in the family's names (WIRE.md; the clients' list
 * reads `id`, `nickname`, `head_portrait`, `follow_num`, `is_followed`, `total_profits`,
 * `correct_rate`): `id` the trader's user id (their `trader_user_id`), `signature` our
 * introduction, `total_income_rate` our roi, `profitCount` / `total_count` our win / closed
 * counts, `is_followed` 1 while the caller follows (our my_state, rebuilt from it and my_follow).
 * core/calc/copy-wire.ts maps both ways; our app reads the wire and maps back.
 */
export type TraderRow = Omit<
  TraderCard,
  | 'trader_user_id'
  | 'avatar'
  | 'introduction'
  | 'follower_count'
  | 'accuracy'
  | 'total_profit'
  | 'roi'
  | 'win_count'
  | 'closed_count'
  | 'my_state'
> & {
  id: number;
  head_portrait: string | null;
  signature: string;
  follow_num: number;
  correct_rate: string;
  total_profits: string;
  total_income_rate: string;
  profitCount: number;
  total_count: number;
  is_followed: 0 | 1;
};

/**
 * GET /follow/traderDetail on the wire: the family's `{trader_info, data, is_followed}` (the
 * clients read `trader_info.{nickname, head_portrait, signature}` and the figures under `data`,
 * `position_count` among them), our positions beside them.
 */
export interface TraderDetailRow {
  trader_info: Pick<TraderRow, 'id' | 'nickname' | 'head_portrait' | 'signature' | 'demo'>;
  data: Omit<TraderRow, 'id' | 'nickname' | 'head_portrait' | 'signature' | 'demo' | 'is_followed' | 'my_follow'> & {
    position_count: number;
  };
  is_followed: 0 | 1;
  my_follow: Follow | null;
  open_positions: TraderPosition[];
  recent_closed: TraderPosition[];
}
