import type { ComponentType } from 'react';

/**
 * Every screen of spec §2, in one table. A route with `load` has a real page; a route without it
 * is served by the shared ComingSoon page (an honest "coming soon" frame with the right title),
 * so later issues replace entries here one by one by adding `load`.
 */
export type PageModule = { default: ComponentType };

export interface RouteDef {
  /** spec name, e.g. 'common/login' → path /pages/common/login */
  name: string;
  /** the page needs a stored token (spec §2 access rule) */
  auth?: boolean;
  /** one of the five bottom tabs: rendered inside the tab layout, no back button */
  tab?: boolean;
  load?: () => Promise<PageModule>;
}

export const pathOf = (name: string): string => `/pages/${name}`;
export const titleKey = (name: string): string => `route.${name.replace('/', '.')}`;

const A = { auth: true } as const;

export const ROUTES: RouteDef[] = [
  // the five tabs, in order
  { name: 'index/index', tab: true, load: () => import('../pages/index/index') },
  { name: 'market/market', tab: true, load: () => import('../pages/market/market') },
  { name: 'transaction/index', tab: true },
  { name: 'financial/index', tab: true },
  { name: 'fund/assets', tab: true, ...A },

  // common
  { name: 'common/login', load: () => import('../pages/common/login') },
  { name: 'common/register', load: () => import('../pages/common/register') },
  // not listed in spec §2 but /user/forget is (§7); the old app reached it from login
  { name: 'common/forget', load: () => import('../pages/common/forget') },
  { name: 'common/area' },
  { name: 'common/article' },
  { name: 'common/webView' },
  { name: 'common/faq' },
  { name: 'common/contactus' },
  { name: 'common/aboutus' },
  { name: 'common/borrowing', ...A },

  // setting
  { name: 'setting/setting', load: () => import('../pages/setting/setting') },
  { name: 'setting/userInfo', ...A },
  { name: 'setting/security', ...A },
  { name: 'setting/password', ...A },
  { name: 'setting/bingga', ...A },
  { name: 'setting/payPassword', ...A },
  { name: 'setting/coupon', ...A },
  { name: 'setting/wallet', ...A },
  { name: 'setting/bill', ...A },
  { name: 'setting/real', ...A },
  { name: 'setting/real_mark', ...A },
  { name: 'setting/addWallet', ...A },
  { name: 'setting/operational_compliance' },
  { name: 'setting/share', ...A },
  { name: 'setting/areas' },
  { name: 'setting/bank', ...A },
  { name: 'setting/bank_international', ...A },

  // fund
  { name: 'fund/select', ...A },
  { name: 'fund/receive', ...A },
  { name: 'fund/receive_withdraw_record', ...A },
  { name: 'fund/withdraw', ...A },
  { name: 'fund/assets_record', ...A },
  { name: 'fund/transfer', ...A },
  { name: 'fund/fundTransfer', ...A },
  { name: 'fund/assets_all_record', ...A },
  { name: 'fund/transfer_history', ...A },

  // market
  { name: 'market/search' },

  // transaction
  { name: 'transaction/index2' },
  { name: 'transaction/currency' },
  { name: 'transaction/currency_order', ...A },
  { name: 'transaction/contract' },
  { name: 'transaction/contract_order', ...A },
  { name: 'transaction/seconds_order', ...A },

  // copy trading and follow
  { name: 'copytrade/copy' },
  { name: 'copytrade/my', ...A },
  { name: 'copytrade/trader' },
  { name: 'follow/index' },
  { name: 'follow/trader' },
  { name: 'follow/follow', ...A },
  { name: 'follow/agreement_zh' },
  { name: 'follow/agreement_en' },

  // products
  { name: 'otc/otc', ...A },
  { name: 'ieo/ieo' },
  { name: 'ieo/subscribe', ...A },
  { name: 'ieo/order', ...A },
  { name: 'lockming/lockming' },
  { name: 'lockming/buy', ...A },
  { name: 'lockming/order', ...A },
  { name: 'lockming/welcome' },
  { name: 'invest/invest' },
  { name: 'invest/mine', ...A },
  { name: 'invest/purchase', ...A },
  { name: 'invest/help' },

  // nft
  { name: 'nft/nft' },
  { name: 'nft/artistDetail' },
  { name: 'nft/mine', ...A },
  { name: 'nft/artworkDetail' },
  { name: 'nft/artworkDetail_video' },
  { name: 'nft/purchase', ...A },
  { name: 'nft/purchase_one', ...A },
  { name: 'nft/resell', ...A },
  { name: 'nft/myNft', ...A },
  { name: 'nft/artist' },
  { name: 'nft/artwork' },
  { name: 'nft/search' },
  { name: 'nft/collection' },

  // misc
  { name: 'game/game', ...A },
  { name: 'kefu/index' },
  { name: 'canNot/jujuefangwen', load: () => import('../pages/canNot/jujuefangwen') },
];

export const TAB_PATHS = ROUTES.filter((r) => r.tab).map((r) => pathOf(r.name));
