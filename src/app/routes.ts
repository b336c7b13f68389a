import type { ComponentType } from 'react';
import { pathOf } from '../nav/paths';

/**
 * Every screen of spec §2, in one table. A route with `load` has a real page; a route without it
 * is served by the shared ComingSoon page (an honest "coming soon" frame with the right title),
 * so later issues replace entries here one by one by adding `load`. Paths themselves live in
 * src/nav/paths.ts (pages import them from there); this table only maps them to lazy pages.
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

const A = { auth: true } as const;

export const ROUTES: RouteDef[] = [
  // the five tabs, in order
  { name: 'index/index', tab: true, load: () => import('../pages/index/index') },
  { name: 'market/market', tab: true, load: () => import('../pages/market/market') },
  { name: 'transaction/index', tab: true, load: () => import('../pages/trade/index') },
  { name: 'financial/index', tab: true, load: () => import('../pages/financial/index') },
  { name: 'fund/assets', tab: true, ...A, load: () => import('../pages/fund/assets') },

  // common
  { name: 'common/login', load: () => import('../pages/common/login') },
  { name: 'common/register', load: () => import('../pages/common/register') },
  // not listed in spec §2 but /user/forget is (§7); the old app reached it from login
  { name: 'common/forget', load: () => import('../pages/common/forget') },
  // the same area-code picker as setting/areas
  { name: 'common/area', load: () => import('../pages/setting/areas') },
  { name: 'common/article', load: () => import('../pages/common/article') },
  { name: 'common/webView', load: () => import('../pages/common/webView') },
  { name: 'common/faq', load: () => import('../pages/common/faq') },
  { name: 'common/contactus', load: () => import('../pages/common/contactus') },
  { name: 'common/aboutus', load: () => import('../pages/common/aboutus') },
  { name: 'common/borrowing', ...A, load: () => import('../pages/loans/borrowing') },

  // setting
  { name: 'setting/setting', load: () => import('../pages/setting/setting') },
  { name: 'setting/userInfo', ...A, load: () => import('../pages/setting/userInfo') },
  { name: 'setting/security', ...A, load: () => import('../pages/setting/security') },
  { name: 'setting/password', ...A, load: () => import('../pages/setting/password') },
  { name: 'setting/bingga', ...A, load: () => import('../pages/setting/bingga') },
  { name: 'setting/payPassword', ...A, load: () => import('../pages/setting/payPassword') },
  { name: 'setting/coupon', ...A, load: () => import('../pages/setting/coupon') },
  { name: 'setting/wallet', ...A, load: () => import('../pages/setting/wallet') },
  { name: 'setting/bill', ...A, load: () => import('../pages/setting/bill') },
  { name: 'setting/real', ...A, load: () => import('../pages/setting/real') },
  { name: 'setting/real_mark', ...A, load: () => import('../pages/setting/real_mark') },
  { name: 'setting/addWallet', ...A, load: () => import('../pages/setting/addWallet') },
  { name: 'setting/operational_compliance', load: () => import('../pages/setting/operational_compliance') },
  { name: 'setting/share', ...A, load: () => import('../pages/setting/share') },
  { name: 'setting/areas', load: () => import('../pages/setting/areas') },
  { name: 'setting/bank', ...A, load: () => import('../pages/setting/bank') },
  { name: 'setting/bank_international', ...A, load: () => import('../pages/setting/bank_international') },

  // fund
  { name: 'fund/select', ...A, load: () => import('../pages/fund/select') },
  { name: 'fund/receive', ...A, load: () => import('../pages/fund/receive') },
  { name: 'fund/receive_withdraw_record', ...A, load: () => import('../pages/fund/receive_withdraw_record') },
  { name: 'fund/withdraw', ...A, load: () => import('../pages/fund/withdraw') },
  { name: 'fund/assets_record', ...A, load: () => import('../pages/fund/assets_record') },
  { name: 'fund/transfer', ...A, load: () => import('../pages/fund/transfer') },
  { name: 'fund/fundTransfer', ...A, load: () => import('../pages/fund/fundTransfer') },
  { name: 'fund/assets_all_record', ...A, load: () => import('../pages/fund/assets_all_record') },
  { name: 'fund/transfer_history', ...A, load: () => import('../pages/fund/transfer_history') },
  // not in spec §2: proof of liabilities, the user's check that their balances are in the published totals
  { name: 'fund/liabilities', ...A, load: () => import('../pages/fund/liabilities') },

  // market
  { name: 'market/search', load: () => import('../pages/market/search') },
  // not in spec §2: the trading pair view (spec §3 "trading pair display"), opened from every row
  { name: 'market/detail', load: () => import('../pages/market/detail') },

  // transaction
  // futures and options keep the bottom tab bar, under the Trade tab, as spot does
  { name: 'transaction/index2', tab: true, load: () => import('../pages/trade/index2') },
  { name: 'transaction/currency', load: () => import('../pages/trade/currency') },
  { name: 'transaction/currency_order', ...A, load: () => import('../pages/trade/currency_order') },
  // spec §2 names both; the futures trading screen is index2 (its tabs and Home link there)
  { name: 'transaction/contract', tab: true, load: () => import('../pages/trade/index2') },
  { name: 'transaction/contract_order', ...A, load: () => import('../pages/trade/contract_order') },
  { name: 'transaction/seconds_order', tab: true, ...A, load: () => import('../pages/trade/seconds_order') },

  // copy trading and follow
  { name: 'copytrade/copy', load: () => import('../pages/copytrade/copy') },
  { name: 'copytrade/my', ...A, load: () => import('../pages/copytrade/my') },
  { name: 'copytrade/trader', ...A, load: () => import('../pages/copytrade/trader') },
  { name: 'follow/index', load: () => import('../pages/follow/index') },
  { name: 'follow/trader', load: () => import('../pages/follow/trader') },
  { name: 'follow/follow', ...A, load: () => import('../pages/follow/follow') },
  { name: 'follow/agreement_zh', load: () => import('../pages/follow/agreement_zh') },
  { name: 'follow/agreement_en', load: () => import('../pages/follow/agreement_en') },

  // products
  { name: 'otc/otc', ...A, load: () => import('../pages/otc/otc') },
  { name: 'ieo/ieo', load: () => import('../pages/ieo/ieo') },
  { name: 'ieo/subscribe', ...A, load: () => import('../pages/ieo/subscribe') },
  { name: 'ieo/order', ...A, load: () => import('../pages/ieo/order') },
  { name: 'lockming/lockming', load: () => import('../pages/lockming/lockming') },
  { name: 'lockming/buy', ...A, load: () => import('../pages/lockming/buy') },
  { name: 'lockming/order', ...A, load: () => import('../pages/lockming/order') },
  { name: 'lockming/welcome', load: () => import('../pages/lockming/welcome') },
  { name: 'invest/invest', load: () => import('../pages/invest/invest') },
  { name: 'invest/mine', ...A, load: () => import('../pages/invest/mine') },
  { name: 'invest/purchase', ...A, load: () => import('../pages/invest/purchase') },
  { name: 'invest/help', load: () => import('../pages/invest/help') },

  // nft
  { name: 'nft/nft', load: () => import('../pages/nft/nft') },
  { name: 'nft/artistDetail', load: () => import('../pages/nft/artistDetail') },
  { name: 'nft/mine', ...A, load: () => import('../pages/nft/mine') },
  { name: 'nft/artworkDetail', load: () => import('../pages/nft/artworkDetail') },
  { name: 'nft/artworkDetail_video', load: () => import('../pages/nft/artworkDetail_video') },
  { name: 'nft/purchase', ...A, load: () => import('../pages/nft/purchase') },
  { name: 'nft/purchase_one', ...A, load: () => import('../pages/nft/purchase_one') },
  { name: 'nft/resell', ...A, load: () => import('../pages/nft/resell') },
  { name: 'nft/myNft', ...A, load: () => import('../pages/nft/myNft') },
  { name: 'nft/artist', load: () => import('../pages/nft/artist') },
  { name: 'nft/artwork', load: () => import('../pages/nft/artwork') },
  { name: 'nft/search', load: () => import('../pages/nft/search') },
  { name: 'nft/collection', load: () => import('../pages/nft/collection') },
  // not in spec §2: anyone recomputes a blind-box series from its published seed
  { name: 'nft/verify', load: () => import('../pages/nft/verify') },

  // misc
  { name: 'game/game', ...A, load: () => import('../pages/game/game') },
  // not in spec §2: the public chat room, and the check of any settled round
  { name: 'game/chatroom', ...A, load: () => import('../pages/game/chatroom') },
  { name: 'game/verify', load: () => import('../pages/game/verify') },
  { name: 'kefu/index', load: () => import('../pages/service/index') },
  { name: 'canNot/jujuefangwen', load: () => import('../pages/canNot/jujuefangwen') },
];

export const TAB_PATHS = ROUTES.filter((r) => r.tab).map((r) => pathOf(r.name));
