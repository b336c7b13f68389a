/**
 * The up/down mini game and the public chat room: wire types shared by the server and
 * the pages. Amounts are decimal strings; times are ms since the epoch.
 */
export type GameSide = 'up' | 'down';
/** 'open' takes stakes until lock_at; 'locked' waits for close_at; 'settled' is final */
type GameRoundStatus = 'open' | 'locked' | 'settled';
/** who won, or 'refund' (one side empty, lock = close, or no price at an instant) */
export type GameOutcome = GameSide | 'refund';
export type GameRefundReason = 'one_sided' | 'tie' | 'no_price' | 'no_stakes';

/** A recorded feed tick: the price the round used, with the feed's seq and time. */
export interface GameTick {
  price: string;
  seq: number;
  ts: number;
}

export interface GameRound {
  id: number;
  symbol: string;
  status: GameRoundStatus;
  open_at: number;
  lock_at: number;
  close_at: number;
  /** the disclosed fee, a rate of the pool taken from a round that has winners ('0.03' = 3 %) */
  fee_rate: string;
  up_total: string;
  down_total: string;
  lock_tick: GameTick | null;
  close_tick: GameTick | null;
  outcome: GameOutcome | null;
  refund_reason: GameRefundReason | null;
  pool: string | null;
  fee: string | null;
  /** the caller's own stake in the round, when logged in and staked */
  mine: { side: GameSide; amount: string; payout: string | null } | null;
}

/** GET /api/game/state */
export interface GameState {
  /** the round taking stakes now */
  open: GameRound | null;
  /** the round waiting for its close price */
  live: GameRound | null;
  /** the newest settled rounds, newest first */
  recent: GameRound[];
  min_stake: string;
  max_stake: string;
  /** the coin's decimals: payouts are rounded down to them */
  decimals: number;
  now: number;
}

/** GET /api/game/verify?id= — everything the page needs to recompute the round itself. */
export interface GameVerify {
  round: GameRound;
  /** the feed's stored ticks with the round's lock and close seq (market_ticks): what the page recomputes from */
  feed_ticks: { lock: GameTick | null; close: GameTick | null };
  decimals: number;
  /** every stake, by its id (players are not named) */
  stakes: { id: number; side: GameSide; amount: string; payout: string | null }[];
}

export interface ChatMessage {
  id: number;
  user_id: number;
  nickname: string;
  /** identity verification level of the sender (0 unverified … 3 VIP) */
  level: number;
  text: string;
  /** links or addresses were hidden because the sender is unverified */
  masked: boolean;
  at: number;
}

/** socket `chat` event (the chat room's members): a new message, or one an operator removed */
export type ChatEvent = { kind: 'message'; message: ChatMessage } | { kind: 'deleted'; id: number };

/** GET /api/chatroom/state — on entry; or a catch-up with {after: the last id held, since: the `now` of the last read} */
export interface ChatRoomState {
  /** the last messages on entry; in a catch-up, those after `after` (all of the last page when `gap`) */
  messages: ChatMessage[];
  /** ids of messages operators removed since `since` (empty without it) */
  deleted: number[];
  /** more were missed than one page: replace what is held with `messages` */
  gap: boolean;
  /** the server's clock: the next catch-up's `since` */
  now: number;
  /** seconds between two of one user's messages (slow mode) */
  slow_mode_seconds: number;
  /** the caller's mute, when muted (ms; a ban has no end: null) */
  muted: { until: number | null; reason: 'flood' | 'operator' | 'ban' } | null;
}

/** GET /admin/api/chatroom/messages {reported?: '1'} — the newest 200, or only reported ones still shown */
export interface AdminChatMessage extends ChatMessage {
  deleted: boolean;
  reports: number;
  /** the sender's restriction now: a ban, or a mute still running (ms) */
  sender_mute: { kind: 'flood' | 'operator' | 'ban'; until: number | null } | null;
}

/** GET /admin/api/game/round {id} — one round with every stake and who placed it (refunds and payouts) */
export interface AdminGameRound {
  round: GameRound;
  stakes: { id: number; user_id: number; account: string; side: GameSide; amount: string; payout: string | null }[];
}

/** GET /admin/api/game/settings — POST it back one key at a time: {key: game_symbol | game_round_seconds | game_fee_rate | game_min_stake | game_max_stake, value, reason} */
export interface AdminGameRules {
  symbol: string;
  roundMs: number;
  feeRate: string;
  minStake: string;
  maxStake: string;
}
