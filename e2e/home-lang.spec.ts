import { startOwnServer, type OwnServer } from './own-server';
import { test, expect } from '@playwright/test';
import { dismissHomePopup, goTo } from './helpers';
import { switchLang } from './fit';

/**
 * Home's banners are written per language: switching the language while Home is open shows the
 * new language's banners at once, not the ones the page opened with.
 */
const PORT = Number(process.env.HOME_LANG_E2E_PORT ?? 9230);
const BASE = `http://127.0.0.1:${PORT}`;
let server: OwnServer | undefined;

test.use({ baseURL: BASE, viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 180_000 });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({ port: PORT, name: 'home-lang', env: { DEMO_COPY_HISTORY: 'off' } });
});
test.afterAll(async () => server?.stop());

test('switching the language on Home reloads the banners in the new language', async ({ page }) => {
  await goTo(page, 'index/index');
  await dismissHomePopup(page);
  const banner = (title: string) => page.locator(`img[alt="${title}"]`);
  await expect(banner('Zero-fee BTC spot trading').first()).toBeAttached();
  await switchLang(page, 'fra');
  await expect(banner('BTC au comptant sans frais').first()).toBeAttached();
  await expect(banner('Zero-fee BTC spot trading')).toHaveCount(0);
});

test("Home's hot pairs tick without a render of their own, in the language's number marks", async ({ page }) => {
  await goTo(page, 'index/index');
  await dismissHomePopup(page);
  const card = page.locator('[data-symbol="BTC/USDT"]').first();
  const price = card.getByTestId('last-price');
  await expect(price).toHaveText(/^\d{1,3}(,\d{3})*\.\d+$/);
  const before = await price.textContent();
  await expect.poll(() => price.textContent(), { timeout: 30_000 }).not.toBe(before);
  // the held tint of the last move, as <Num/> shows it
  await expect(price).toHaveClass(/tint(Up|Down)/);
  await switchLang(page, 'fra');
  await expect(price).toHaveText(/^\d{1,3}(\s\d{3})*,\d+$/);
  await expect(page.locator('[data-symbol="BTC/USDT"]').nth(1).getByTestId('change')).toHaveText(
    /^[+\-−]?\d+,\d{2}\s?%$/,
  );
});
