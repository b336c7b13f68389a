import type { LockKind } from '../../core/types/lockup';

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
  service: '/pages/kefu/index',
  game: '/pages/game/game',
  chatroom: '/pages/game/chatroom',
} as const;

/** Customer service, opened about one of the user's records (`recharge:12`) or not. */
export const servicePath = (ref?: { type: string; id: number }): string =>
  ref ? `${PATHS.service}?ref=${ref.type}:${ref.id}` : PATHS.service;

/** The verify screen of the up/down game, for one round. */
export const gameVerifyPath = (roundId?: number): string =>
  roundId ? `/pages/game/verify?id=${roundId}` : '/pages/game/verify';

/** An external or approved link inside the app frame (common/webView checks the allow-list). */
export const webViewPath = (url: string, title = ''): string =>
  `/pages/common/webView?url=${encodeURIComponent(url)}${title ? `&title=${encodeURIComponent(title)}` : ''}`;

/**
 * The trade screens (src/pages/trade/) by their spec route names (spec §2 `transaction/*`): the
 * app links to them through these, so the spec's name stays here and in the route table.
 * `contractAlias` is the spec's other name of the futures screen (`index2`).
 */
export const TRADE_ROUTES = {
  spot: 'transaction/index',
  contract: 'transaction/index2',
  contractAlias: 'transaction/contract',
  seconds: 'transaction/seconds_order',
  pairPicker: 'transaction/currency',
  spotOrders: 'transaction/currency_order',
  contractOrders: 'transaction/contract_order',
} as const;

/** The trading pair view (route market/detail) and the Trade tab, each for one symbol. */
export const detailPath = (symbol: string): string => `${pathOf('market/detail')}?symbol=${encodeURIComponent(symbol)}`;
export const tradePath = (symbol: string, side?: 'buy' | 'sell'): string =>
  `${pathOf(TRADE_ROUTES.spot)}?symbol=${encodeURIComponent(symbol)}${side ? `&side=${side}` : ''}`;

/**
 * The spec lists DeFi and cloud mining as Home entries without pages of their own; they are
 * lock-mining products of those kinds (core LOCK_KINDS), so one page lists them, filtered by kind.
 */
export function lockmingPath(kind: LockKind): string {
  return kind === 'lock' ? '/pages/lockming/lockming' : `/pages/lockming/lockming?kind=${kind}`;
}
