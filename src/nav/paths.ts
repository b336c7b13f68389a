import type { LockKind } from '../../core/types/products';

/**
 * Every route path the app links to, in one module below the pages: pages, components and the API
 * client import paths from here, and only src/app/routes.ts maps them to lazy pages (so no page
 * imports the table that imports it).
 */

/** spec name, e.g. 'common/login' → path /pages/common/login */
export const pathOf = (name: string): string => `/pages/${name}`;
export const titleKey = (name: string): string => `route.${name.replace('/', '.')}`;

export const PATHS = {
  home: '/pages/index/index',
  login: '/pages/common/login',
  register: '/pages/common/register',
  forget: '/pages/common/forget',
  market: '/pages/market/market',
  realMark: '/pages/setting/real_mark',
  denied: '/pages/canNot/jujuefangwen',
  setting: '/pages/setting/setting',
  game: '/pages/game/game',
  chatroom: '/pages/game/chatroom',
} as const;

/** The verify screen of the up/down game, for one round. */
export const gameVerifyPath = (roundId?: number): string => (roundId ? `/pages/game/verify?id=${roundId}` : '/pages/game/verify');

/** The trading pair view (route market/detail) and the Trade tab, each for one symbol. */
export const detailPath = (symbol: string): string => `${pathOf('market/detail')}?symbol=${encodeURIComponent(symbol)}`;
export const tradePath = (symbol: string, side?: 'buy' | 'sell'): string =>
  `${pathOf('transaction/index')}?symbol=${encodeURIComponent(symbol)}${side ? `&side=${side}` : ''}`;

/**
 * The spec lists DeFi and cloud mining as Home entries without pages of their own; they are
 * lock-mining products of those kinds (core LOCK_KINDS), so one page lists them, filtered by kind.
 */
export function lockmingPath(kind: LockKind): string {
  return kind === 'lock' ? '/pages/lockming/lockming' : `/pages/lockming/lockming?kind=${kind}`;
}
