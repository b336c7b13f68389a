/**
 * The routes the soak's app tab cycles through (bench/soak.ts) and the leak probe repeats
 * (bench/browser/leak-probe.ts): Markets, a pair page, Markets' favourites tab, another pair page.
 */
import type { Page } from 'playwright-core';

export const CHURN_ROUTES = [
  '#/pages/market/market',
  '#/pages/market/detail?symbol=BTC%2FUSDT',
  '#/pages/market/market?tab=fav',
  '#/pages/market/detail?symbol=ETH%2FUSDT',
];

/** The expression that goes to the `n`-th route of the cycle in place (for a tab without Playwright). */
export function churnExpression(n: number): string {
  return `void (location.hash = ${JSON.stringify(CHURN_ROUTES[n % CHURN_ROUTES.length])})`;
}

/** Goes to the `n`-th route of the cycle in place (a hash change, as a tap on a link does). */
export async function churnTo(page: Page, n: number): Promise<void> {
  const hash = CHURN_ROUTES[n % CHURN_ROUTES.length];
  await page.evaluate((h) => void (location.hash = h), hash).catch(() => {});
}
