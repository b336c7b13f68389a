import type { Page } from '@playwright/test';

/**
 * A deploy must not reload an open page. A flag only this page load has (a reload would lose it),
 * and the count of navigations the page has made, read back after the restart.
 */
export const markLoad = (page: Page) =>
  page.evaluate(() => void ((window as unknown as { loadMark?: string }).loadMark = 'before-restart'));

export const sameLoad = (page: Page) =>
  page.evaluate(() => ({
    mark: (window as unknown as { loadMark?: string }).loadMark,
    navigations: performance.getEntriesByType('navigation').length,
  }));

/** What `sameLoad` reads on a page that was never reloaded. */
export const NOT_RELOADED = { mark: 'before-restart', navigations: 1 };
