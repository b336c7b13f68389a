import { pathOf, TRADE_ROUTES } from '../../../nav/paths';

/**
 * Where a live notice may pop up. A copy notice (a trader's position copied, closed or skipped)
 * concerns copy trading and the contract screens only: over an unrelated screen (Assets, a
 * deposit, a product page) it would interrupt a task it has nothing to do with. Elsewhere it is
 * not toasted; the copies list (My copy trading) and, for a skipped copy, the inbox keep it.
 * The user's own trade outcomes (fills, closes, liquidations, seconds results) and auction news
 * (outbid, won with the amount due, margin back: worth knowing on any screen) show everywhere.
 */
const COPY_SCREENS = [
  '/pages/copytrade/',
  '/pages/follow/',
  pathOf(TRADE_ROUTES.contractAlias),
  pathOf(TRADE_ROUTES.contract),
];

export function noticeShowsOn(kind: string, pathname: string): boolean {
  if (!kind.startsWith('copy_')) return true;
  return COPY_SCREENS.some((p) => pathname.startsWith(p));
}
