import { startOwnServer, type OwnServer } from './own-server';
import { test, expect, type Page } from '@playwright/test';
import { axeClean, shot } from './helpers';

/**
 * Home's two light widgets: the back-office popup notice on the native <dialog> (once
 * per browser session; its button and Esc close it) and the banners' native scroll-snap carousel
 * (autoplay, dots, a slide opens its article).
 */
const PORT = Number(process.env.HOME_CAROUSEL_E2E_PORT ?? 9240);
const BASE = `http://127.0.0.1:${PORT}`;
let server: OwnServer | undefined;

test.use({ baseURL: BASE, viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({ port: PORT, name: 'home-carousel', env: { DEMO_COPY_HISTORY: 'off' } });
});
test.afterAll(async () => server?.stop());

const popup = (page: Page) => page.getByRole('dialog', { name: 'Notice on NFT sales and fund arrival' });

test('the popup notice shows once a session; its button closes it, and a reload does not bring it back', async ({
  page,
}) => {
  await page.goto('/h5/');
  await expect(popup(page)).toBeVisible();
  await expect(popup(page)).toContainText('reviewed by official customer service');
  // modal: the browser moved focus into it
  await expect(popup(page).getByRole('button', { name: 'Got it' })).toBeFocused();
  await page.waitForTimeout(300); // its opening fade (axe would measure contrast mid-fade)
  await axeClean(page, 'Home with the popup notice, light');
  await shot(page, 'home-popup-light');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await axeClean(page, 'Home with the popup notice, dark');
  await shot(page, 'home-popup-dark');
  await popup(page).getByRole('button', { name: 'Got it' }).click();
  await expect(popup(page)).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('home.popSeen'))).toBe('1');

  await page.reload();
  await expect(page.getByTestId('home-banners').locator('img').first()).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(popup(page)).toHaveCount(0);
});

test('Esc closes the popup notice', async ({ page }) => {
  await page.goto('/h5/');
  await expect(popup(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup(page)).toHaveCount(0);
  // the page is usable again (the modal's inert background is gone)
  await page.getByRole('link', { name: 'Markets' }).click();
  await expect(page).toHaveURL(/market/);
});

test('the banner carousel moves on by itself, a dot moves to its slide, a slide opens its article', async ({
  page,
}) => {
  await page.goto('/h5/');
  await page.evaluate(() => sessionStorage.setItem('home.popSeen', '1'));
  await page.reload();
  const carousel = page.getByRole('region', { name: 'Announcements' });
  await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
  const dot = (n: number) => carousel.getByRole('button', { name: `Banner ${n} of 3` });
  await expect(dot(1)).toHaveAttribute('aria-current', 'true');
  // no antd Swiper or Image on Home any more
  await expect(page.locator('.adm-swiper, .adm-image')).toHaveCount(0);
  await axeClean(page, 'Home carousel', '[data-testid="home-banners"]');

  // autoplay: every 4 s (no pointer over it)
  await page.mouse.move(200, 800);
  await expect(dot(2)).toHaveAttribute('aria-current', 'true', { timeout: 10_000 });
  await expect(dot(1)).not.toHaveAttribute('aria-current', 'true');
  await shot(page, 'home-carousel-slide-2');

  // a dot: its slide scrolls into view
  await dot(3).click();
  await expect(dot(3)).toHaveAttribute('aria-current', 'true');
  const scroller = carousel.locator('> div').first();
  await expect.poll(() => scroller.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth))).toBe(2);

  // the slide in view is a button that opens its article
  const slide = carousel.getByRole('button', { name: 'Copy top traders' });
  await expect(slide).toBeInViewport();
  await slide.click();
  await expect(page).toHaveURL(/pages\/common\/article\?id=\d+/);
  await expect(page.getByRole('heading', { name: 'Copy top traders', level: 2 })).toBeVisible();
});
