/**
 * The game's settings: site settings rows (`settings`, editable by operators) with defaults. The
 * round length defaults to GAME_ROUND_SECONDS from the environment (short in browser tests) or
 * three minutes. Read at each use, so an operator's change applies to the next round created.
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

export const GAME_SETTING_KEYS = ['game_symbol', 'game_round_seconds', 'game_fee_rate', 'game_min_stake', 'game_max_stake'] as const;

function envRoundSeconds(): number {
  const n = Number(process.env.GAME_ROUND_SECONDS);
  return Number.isInteger(n) && n >= 5 && n <= 3600 ? n : 180;
}

export async function gameRules(db: Db): Promise<GameRules> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', [...GAME_SETTING_KEYS]).execute();
  const v = new Map(rows.map((r) => [r.key, r.value]));
  const seconds = Number(v.get('game_round_seconds'));
  return {
    symbol: v.get('game_symbol') ?? 'BTC/USDT',
    roundMs: (Number.isInteger(seconds) && seconds >= 5 ? seconds : envRoundSeconds()) * 1000,
    feeRate: v.get('game_fee_rate') ?? '0.03',
    minStake: v.get('game_min_stake') ?? '1',
    maxStake: v.get('game_max_stake') ?? '10000',
  };
}
