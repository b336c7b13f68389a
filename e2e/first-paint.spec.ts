import { test, expect } from '@playwright/test';
import { shot } from './helpers';

/**
 * Prices in Home's first paint (issue 27): on a cold load over slow 4G (Lighthouse's mobile network
 * profile through CDP), Home's page chunks download beside the shell (index.html's route preloader)
 * and the first render waits for them, so the first contentful paint already shows the prices of
 * the quotes snapshot the server put in the HTML — not the shell alone, prices a moment later.
 */
const PROBE = `(() => {
  const m = window.__fp = { fcp: null, firstPrice: null };
  new PerformanceObserver((l) => l.getEntries().forEach((e) => { if (e.name === 'first-contentful-paint') m.fcp = e.startTime; })).observe({ type: 'paint', buffered: true });
  const priced = () => [...document.querySelectorAll('[data-testid="last-price"]')].some((el) => /\\d/.test(el.textContent || ''));
  const mo = new MutationObserver(() => { if (m.firstPrice === null && priced()) { m.firstPrice = performance.now(); mo.disconnect(); } });
  const start = () => mo.observe(document.documentElement, { subtree: true, childList: true, characterData: true });
  if (document.documentElement) start(); else document.addEventListener('readystatechange', start, { once: true });
})();`;

interface Marks {
  fcp: number | null;
  firstPrice: number | null;
}

test('a cold load of Home over slow 4G paints its first content with prices in it', async ({ page }) => {
  await page.addInitScript(PROBE);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });

  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto('/h5/');
  // Home's chunk is asked for before the entry has run (the entry's first act is asking for the
  // language), not once it has arrived and run
  await expect.poll(() => asked.some((p) => /\/assets\/lang-[a-z]+-[\w-]+\.js$/.test(p))).toBe(true);
  const home = asked.findIndex((p) => /\/assets\/index-[\w-]+\.js$/.test(p));
  const lang = asked.findIndex((p) => /\/assets\/lang-[a-z]+-[\w-]+\.js$/.test(p));
  expect(home).toBeGreaterThanOrEqual(0);
  expect(home).toBeLessThan(lang);

  await page.waitForFunction(() => {
    const m = (window as unknown as { __fp: Marks }).__fp;
    return m.fcp !== null && m.firstPrice !== null;
  });
  const m = await page.evaluate(() => (window as unknown as { __fp: Marks }).__fp);
  // the price was in the DOM before the first contentful paint, so that paint shows it
  expect(m.firstPrice as number).toBeLessThanOrEqual(m.fcp as number);
  await expect(page.getByTestId('last-price').first()).toHaveText(/\d/);
  await shot(page, 'home-first-paint-prices');
});
