/**
 * The chat room's settings: site settings rows with defaults. Slow mode: the least time between
 * two messages of one user. Flood: a user who already posted `floodMax` messages in the last
 * `floodWindow` seconds is muted for `floodMute` seconds by their next attempt, and told so.
 */
import type { Db } from '../../../db/schema';

export interface ChatRules {
  slowModeSeconds: number;
  floodMax: number;
  floodWindowSeconds: number;
  floodMuteSeconds: number;
}

const CHAT_SETTING_KEYS = [
  'chat_slow_mode_seconds',
  'chat_flood_max',
  'chat_flood_window_seconds',
  'chat_flood_mute_seconds',
] as const;
export const CHAT_MAX_LENGTH = 500;
export const CHAT_HISTORY = 50;
const DEFAULTS: ChatRules = { slowModeSeconds: 2, floodMax: 5, floodWindowSeconds: 20, floodMuteSeconds: 300 };

export async function chatRules(db: Db): Promise<ChatRules> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [...CHAT_SETTING_KEYS])
    .execute();
  const v = new Map(rows.map((r) => [r.key, Number(r.value)]));
  const num = (key: (typeof CHAT_SETTING_KEYS)[number], d: number) => {
    const n = v.get(key);
    return n !== undefined && Number.isInteger(n) && n >= 0 ? n : d;
  };
  return {
    slowModeSeconds: num('chat_slow_mode_seconds', DEFAULTS.slowModeSeconds),
    floodMax: Math.max(1, num('chat_flood_max', DEFAULTS.floodMax)),
    floodWindowSeconds: num('chat_flood_window_seconds', DEFAULTS.floodWindowSeconds),
    floodMuteSeconds: num('chat_flood_mute_seconds', DEFAULTS.floodMuteSeconds),
  };
}
