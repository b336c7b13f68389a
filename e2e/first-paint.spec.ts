import { test, expect } from '@playwright/test';
import { shot } from './helpers';

/**
 * Prices in Home's first paint: on a cold load over slow 4G (Lighthouse's mobile network
 * profile through CDP), Home's page chunks download beside the shell (index.html's route preloader)
 * and the first render waits for them, so the first contentful paint already shows the prices of
 * the quotes snapshot the server put in the HTML — not the shell alone, prices a moment later.
 */
const PROBE = `(() => {
  const m = window.__fp = { fcp: null, firstPrice: null };
  new PerformanceObserver((l) => l.getEntries().forEach((e) => { if (e.name === 'first-contentful-paint') m.fcp = e.startTime; })).observe({ type: 'paint', buffered: true });
  const priced = () => [...document.querySelectorAll('[data-testid="last-price"], [data-shell-price]')].some((el) => /\\d/.test(el.textContent || '') && el.getClientRects().length > 0);
  const mo = new MutationObserver(() => { if (m.firstPrice === null && priced()) { m.firstPrice = performance.now(); mo.disconnect(); } });
  // the document itself, which exists when this runs: the parser's insertions (prices in the HTML) are seen too
  mo.observe(document, { subtree: true, childList: true, characterData: true });
})();`;

interface Marks {
  fcp: number | null;
  firstPrice: number | null;
}

test('a cold load of Home over slow 4G paints its first content with prices in it', async ({ page }) => {
  await page.addInitScript(PROBE);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });

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

test('Home’s HTML shows the snapshot’s prices before any script runs (the static app shell)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/h5/');
  const shell = page.locator('.sh[data-for="home"]');
  await expect(shell).toBeVisible();
  await expect(shell.locator('[data-shell-price]').first()).toHaveText(/\d/);
  // the largest element is the banner picture, in the page from the start
  await expect(shell.locator('.sh-banner img')).toHaveJSProperty('complete', true);
  await shot(page, 'home-shell-no-js');
  await context.close();
});

/**
 * On a throttled cold load, time the moment React replaces the shell (its first commit removes it
 * from #root) against the paints: the largest paint must have come from the shell — the page that
 * replaces it has nothing larger — and the swap must not move anything (CLS).
 */
const SWAP_PROBE = `(() => {
  const m = window.__swap = { lcp: null, lcpEl: '', cls: 0, removedAt: null, shellBanner: null, shown: null, shellsAtReady: null };
  const po = (type, fn) => new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true });
  po('largest-contentful-paint', (e) => { m.lcp = e.startTime; m.lcpEl = e.element ? e.element.tagName + '.' + (e.element.className || '') : ''; });
  po('layout-shift', (e) => { if (!e.hadRecentInput) m.cls += e.value; });
  const mo = new MutationObserver(() => {
    const sh = document.querySelector('.sh');
    if (sh && m.shown === null) m.shown = document.documentElement.getAttribute('data-shell');
    // where the shell's banner is last seen before the swap (the parser may add the picture after
    // the shell's first node: taken on every change while the shell is there)
    const img = sh && document.querySelector('.sh[data-for="home"] .sh-banner img');
    if (img) { const r = img.getBoundingClientRect(); m.shellBanner = [r.x, r.y, r.width, r.height]; }
    if (!sh && m.shown !== null && m.removedAt === null) { m.removedAt = performance.now(); }
  });
  mo.observe(document, { subtree: true, childList: true });
  // the shells of other routes are gone once the HTML is parsed (one title, one set of words on the page)
  document.addEventListener('DOMContentLoaded', () => { m.shellsAtReady = document.querySelectorAll('#root > .sh').length; });
})();`;

interface Swap {
  lcp: number | null;
  lcpEl: string;
  cls: number;
  removedAt: number | null;
  shellBanner: number[] | null;
  shown: string | null;
  shellsAtReady: number | null;
}

for (const [route, hash, shellName] of [
  ['Home', '', 'home'],
  ['Markets', '#/pages/market/market', 'markets'],
  ['Login', '#/pages/common/login', 'login'],
  ['Contract', '#/pages/transaction/contract', 'contract'],
] as const) {
  test(`${route}: React replaces the shell without a layout shift, and nothing it paints is a later largest paint`, async ({
    page,
  }) => {
    await page.addInitScript(SWAP_PROBE);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await page.goto(`/h5/${hash}`);
    await page.waitForFunction(() => (window as unknown as { __swap: Swap }).__swap.removedAt !== null, undefined, {
      timeout: 60_000,
    });
    // let the page's own content (banners, rows, the form) paint and any later LCP candidate report
    await page.waitForTimeout(2500);
    const m = await page.evaluate(() => (window as unknown as { __swap: Swap }).__swap);
    expect(m.shown).toBe(shellName);
    expect(m.shellsAtReady).not.toBeNull();
    expect(m.shellsAtReady as number).toBeLessThanOrEqual(1);
    expect(m.cls).toBeLessThanOrEqual(0.02);
    expect(m.lcp).not.toBeNull();
    expect(m.lcp as number, `LCP element ${m.lcpEl}`).toBeLessThan(m.removedAt as number);
    if (shellName === 'home') {
      // the banner stays where it was, at the same size: the page's picture is the shell's
      const box = await page.locator('[data-testid="home-banners"] img').first().boundingBox();
      expect(box).not.toBeNull();
      expect(m.shellBanner, "the shell's banner picture was seen").not.toBeNull();
      const [x, y, w, h] = m.shellBanner as number[];
      expect(Math.abs((box?.x ?? 0) - x)).toBeLessThanOrEqual(1);
      expect(Math.abs((box?.y ?? 0) - y)).toBeLessThanOrEqual(1);
      expect(Math.abs((box?.width ?? 0) - w)).toBeLessThanOrEqual(1);
      expect(Math.abs((box?.height ?? 0) - h)).toBeLessThanOrEqual(1);
    }
  });
}
