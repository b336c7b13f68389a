/**
 * The game's settings: site settings rows (`settings`, editable by operators) with defaults. The
 * round length defaults to the configured one (config.gameRoundSeconds: GAME_ROUND_SECONDS, three
 * minutes unless set; short in browser tests). Read at each use, so an operator's change applies
 * to the next round created.
 */
import type { Db } from '../../../db/schema';

export interface GameRules {
  symbol: string;
  /** betting window = live window = this (ms) */
  roundMs: number;
  feeRate: string;
  minStake: string;
  maxStake: string;
}

/** USDT: stakes and payouts move in the change account (type 2), like every product. */
export const GAME_CURRENCY_ID = 4;
/** A lock or close tick must be this recent at its instant; older means the feed was down → refund. */
export const TICK_STALE_MS = 30_000;

export const GAME_SETTING_KEYS = [
  'game_symbol',
  'game_round_seconds',
  'game_fee_rate',
  'game_min_stake',
  'game_max_stake',
] as const;

export { DEFAULT_ROUND_SECONDS } from '../../../../core/game/pool';

/** `defaultRoundSeconds`: the configured length (config.gameRoundSeconds), used while the site setting is unset. */
export async function gameRules(db: Db, defaultRoundSeconds: number): Promise<GameRules> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [...GAME_SETTING_KEYS])
    .execute();
  const v = new Map(rows.map((r) => [r.key, r.value]));
  const seconds = Number(v.get('game_round_seconds'));
  return {
    symbol: v.get('game_symbol') ?? 'BTC/USDT',
    roundMs: (Number.isInteger(seconds) && seconds >= 5 ? seconds : defaultRoundSeconds) * 1000,
    feeRate: v.get('game_fee_rate') ?? '0.03',
    minStake: v.get('game_min_stake') ?? '1',
    maxStake: v.get('game_max_stake') ?? '10000',
  };
}
