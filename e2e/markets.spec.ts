import { seriousAxe } from './axe';
import { test, expect, type Locator, type Page, type APIRequestContext } from '@playwright/test';
import { closeHomePopupWhenShown, latestCode, parseRowName, shot, uniqueEmail, toastsGone } from './helpers';

// Markets, search and the trading pair view, as a phone user at 390×844.

async function signUpAndLogIn(page: Page, request: APIRequestContext): Promise<void> {
  const email = uniqueEmail('fav');
  const password = 'secret-pass-1';
  const sent = await request.post('/api/sms_mail', { form: { user_string: email, scene: 'register' } });
  expect((await sent.json()).type).toBe('ok');
  const code = await latestCode(request, email);
  const reg = await request.post('/api/user/register', {
    form: { user_string: email, password, re_password: password, code },
  });
  expect((await reg.json()).type).toBe('ok');
  await page.goto('/h5/#/pages/common/login');
  await page.getByPlaceholder('Email or phone number').fill(email);
  await page.getByPlaceholder('Enter your password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/pages\/index\/index/);
}

const listRow = (page: Page, symbol: string) => page.getByTestId('market-list').locator(`[data-symbol="${symbol}"]`);

/** Whether a row's canvas shows anything: the row's pixels with and without the canvas differ. */
async function rowIsPainted(page: Page, row: Locator): Promise<boolean> {
  const canvas = row.locator('[data-testid="row-canvas"] canvas');
  const box = await canvas.boundingBox();
  if (!box) return false;
  const shown = await page.screenshot({ clip: box });
  await canvas.evaluate((c) => void (c.style.visibility = 'hidden'));
  const bare = await page.screenshot({ clip: box });
  await canvas.evaluate((c) => void (c.style.visibility = ''));
  return Buffer.compare(shown, bare) !== 0;
}

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((th) => {
    const cur = JSON.parse(localStorage.getItem('ui') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('ui', JSON.stringify({ ...cur, theme: th }));
  }, theme);
  await page.reload();
}

test('guests see a log-in prompt on Favourites; a signed-in user stars a pair and finds it there after a reload', async ({
  page,
  request,
}) => {
  await page.goto('/h5/#/pages/market/market?tab=fav');
  await expect(page.getByTestId('fav-login')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  await signUpAndLogIn(page, request);
  await page.goto('/h5/#/pages/market/market?tab=fav');
  await expect(page.getByText('No favourites yet')).toBeVisible();

  // Star ETH/USDT from its detail page.
  await page.goto('/h5/#/pages/market/detail?symbol=ETH%2FUSDT');
  const star = page.getByTestId('fav-star');
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Added to favourites')).toBeVisible();

  await page.goto('/h5/#/pages/market/market?tab=fav');
  await page.reload();
  await expect(listRow(page, 'ETH/USDT')).toBeVisible();
  await expect(page.getByTestId('market-list').locator('[data-symbol]')).toHaveCount(1);
  await shot(page, 'market-favourites');

  // Unstar from search; Favourites empties.
  await page.goto('/h5/#/pages/market/search?q=eth');
  await page.getByTestId('search-results').locator('[data-symbol="ETH/USDT"]').getByTestId('fav-star').click();
  await expect(
    page.getByTestId('search-results').locator('[data-symbol="ETH/USDT"]').getByTestId('fav-star'),
  ).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/h5/#/pages/market/market?tab=fav');
  await page.reload();
  await expect(page.getByText('No favourites yet')).toBeVisible();
});

test('search finds ETH, remembers the pair viewed, and shows hot pairs', async ({ page }) => {
  await page.goto('/h5/#/pages/market/market');
  await page.getByTestId('search-entry').click();
  await expect(page).toHaveURL(/market\/search/);
  await expect(page.getByTestId('hot').locator('[data-symbol]').first()).toBeVisible();
  await shot(page, 'search-hot');

  await page.getByRole('searchbox').or(page.getByPlaceholder('Search pairs, e.g. BTC')).first().fill('eth');
  const results = page.getByTestId('search-results');
  await expect(results.locator('[data-symbol]').first()).toHaveAttribute('data-symbol', 'ETH/USDT');
  await expect(results.locator('[data-symbol="ETC/USDT"]')).toHaveCount(0);
  await shot(page, 'search-results');

  await results.locator('[data-symbol="ETH/USDT"]').getByRole('button').first().click();
  await expect(page).toHaveURL(/market\/detail\?symbol=ETH%2FUSDT/);
  await expect(page.getByTestId('detail-last')).toHaveText(/\d/);
  await page.goto('/h5/#/pages/market/search');
  await expect(page.getByTestId('recent').getByRole('button', { name: 'ETH/USDT' })).toBeVisible();
  await page.getByPlaceholder('Search pairs, e.g. BTC').fill('zzzz');
  await expect(page.getByText('No pairs match “zzzz”')).toBeVisible();
});

test('the market worker paints each row: the canvas shows the live price that the row’s accessible name reads', async ({
  page,
}) => {
  await page.goto('/h5/#/pages/market/market');
  const btc = listRow(page, 'BTC/USDT');
  await expect(btc).toHaveAccessibleName(
    /^BTC\/USDT, Last price \d+\.\d{2}, 24h change [+-]?\d+\.\d{2}%, Vol [\d.]+[KM]?$/,
  );
  const canvas = btc.locator('[data-testid="row-canvas"] canvas');
  await expect(canvas).toHaveCount(1);
  // drawn by the worker (once it has booted, on a cold start): with the canvas hidden the row shows no figures
  await expect.poll(() => rowIsPainted(page, btc)).toBe(true);
  const clip = (await canvas.boundingBox()) ?? { x: 0, y: 0, width: 1, height: 1 };
  const first = await page.screenshot({ clip });
  const name = parseRowName(await btc.getAttribute('aria-label'));
  expect(name?.pair).toBe('BTC/USDT');
  // and what it shows changes as the price ticks
  await expect
    .poll(async () => Buffer.compare(await page.screenshot({ clip }), first), { timeout: 20_000 })
    .not.toBe(0);
  await expect
    .poll(async () => parseRowName(await btc.getAttribute('aria-label'))?.last, { timeout: 20_000 })
    .not.toBe(name?.last);
  // the figures have no DOM text of their own (nothing to lay out per tick)
  await expect(btc.getByTestId('last-price')).toHaveCount(0);
  await shot(page, 'market-painted');
});

test('where a canvas cannot be handed to a worker, rows write their figures as text and still tick', async ({
  page,
}) => {
  await page.addInitScript(() => {
    delete (HTMLCanvasElement.prototype as { transferControlToOffscreen?: unknown }).transferControlToOffscreen;
  });
  await page.goto('/h5/#/pages/market/market');
  const last = listRow(page, 'BTC/USDT').getByTestId('last-price');
  // in the language's marks, as every other figure (English groups thousands)
  await expect(last).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  await expect(listRow(page, 'BTC/USDT').locator('[data-testid="row-canvas"]')).toHaveCount(0);
  const first = (await last.textContent()) ?? '';
  await expect.poll(async () => (await last.textContent()) ?? '', { timeout: 20_000 }).not.toBe(first);
});

test('the filter tabs: a tap shows that market only and keeps it in the URL; arrow keys move between tabs', async ({
  page,
}) => {
  await page.goto('/h5/#/pages/market/market');
  await closeHomePopupWhenShown(page);
  const tabs = page.getByRole('tablist', { name: 'Markets' });
  await expect(tabs.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  await expect(listRow(page, 'BTC/USDT')).toBeVisible();
  await tabs.getByRole('tab', { name: 'Stocks' }).click();
  await expect(page).toHaveURL(/tab=stock/);
  await expect(tabs.getByRole('tab', { name: 'Stocks' })).toHaveAttribute('aria-selected', 'true');
  await expect(listRow(page, 'BTC/USDT')).toHaveCount(0);
  await expect(page.getByTestId('market-list').locator('[data-symbol]').first()).toBeVisible();
  // keyboard: focus follows the selection, and the list follows the tab
  await tabs.getByRole('tab', { name: 'Stocks' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.getByRole('tab', { name: 'Crypto' })).toBeFocused();
  await expect(tabs.getByRole('tab', { name: 'Crypto' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=crypto/);
  await expect(listRow(page, 'BTC/USDT')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Favourites' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('fav-login')).toBeVisible();
});

test('sorting by 24h change reorders the list, both ways', async ({ page }) => {
  await page.goto('/h5/#/pages/market/market');
  const rows = page.getByTestId('market-list').locator('[data-symbol]');
  await expect(rows.first()).toBeVisible();
  const before = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-symbol')));

  const readChanges = async () =>
    (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).map(
      (n) => parseRowName(n)?.change ?? NaN,
    );

  await page.getByTestId('sort-change').click();
  await expect(page.getByTestId('sort-change')).toHaveAttribute('data-dir', 'desc');
  await expect(page).toHaveURL(/sort=change\.desc/);
  const desc = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-symbol')));
  expect(desc).not.toEqual(before);
  // rows the sort brought into view show their figures. That the worker paints a row in the very
  // call that hands it the canvas, without waiting for its next tick, is asserted where it needs
  // no clock (workers/paint/engine-paint.test.ts); a wall-clock bound here failed under load, as
  // each poll takes two screenshots.
  const newcomer = desc.find((s) => s && !before.includes(s));
  expect(newcomer).toBeTruthy();
  await expect.poll(() => rowIsPainted(page, listRow(page, newcomer ?? ''))).toBe(true);
  // Ordered as of the tap; ticks since then may have moved a figure a little.
  const d = await readChanges();
  expect(d[0]).toBeGreaterThanOrEqual(d[d.length - 1]);
  await shot(page, 'market-sorted');

  await page.getByTestId('sort-change').click();
  await expect(page.getByTestId('sort-change')).toHaveAttribute('data-dir', 'asc');
  const a = await readChanges();
  expect(a[0]).toBeLessThanOrEqual(a[a.length - 1]);

  // The third tap restores the catalogue order.
  await page.getByTestId('sort-change').click();
  await expect(page.getByTestId('sort-change')).not.toHaveAttribute('data-dir', /.+/);
  expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-symbol')))).toEqual(before);
});

test('BTC/USDT detail: the chart draws, a period switch works, the price ticks, and a cut socket shows stale', async ({
  page,
  context,
}) => {
  await page.goto('/h5/#/pages/market/market');
  await listRow(page, 'BTC/USDT').click();
  await expect(page).toHaveURL(/market\/detail\?symbol=BTC%2FUSDT/);

  const chart = page.getByTestId('kline-chart');
  await expect(chart.locator('canvas').first()).toBeVisible();
  const ohlc = page.getByTestId('ohlc');
  await expect(ohlc).toContainText(/\d{2}-\d{2} \d{2}:\d{2}/);

  // The price ticks live.
  const last = page.getByTestId('detail-last');
  await expect(last).toHaveText(/\d/);
  const first = (await last.textContent()) ?? '';
  await expect.poll(async () => (await last.textContent()) ?? '', { timeout: 20_000 }).not.toBe(first);

  // Period switch: 1 hour candles, then the time-share line.
  await page.getByTestId('period-60min').click();
  await expect(page.getByTestId('period-60min')).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/period=60min/);
  await expect(ohlc).toContainText(/:00/);
  await expect(page.getByText('Loading')).toHaveCount(0);
  await page.getByTestId('period-time').click();
  await expect(page.getByTestId('period-time')).toHaveAttribute('aria-pressed', 'true');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await page.getByTestId('period-15min').click();
  await shot(page, 'detail-light');

  // Cut the network: the price goes stale (marked), then clears once the stream is back.
  await expect(page.getByTestId('stale-badge')).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByTestId('stale-badge')).toBeVisible({ timeout: 20_000 });
  await expect(last).toHaveAttribute('data-stale', 'true');
  // the chart marks its own stream too
  const chartStale = chart.locator('..').getByRole('status', { name: 'Chart data delayed' });
  await expect(chartStale).toBeVisible({ timeout: 20_000 });
  await shot(page, 'detail-stale');
  await context.setOffline(false);
  await expect(page.getByTestId('stale-badge')).toHaveCount(0, { timeout: 30_000 });
  await expect(last).not.toHaveAttribute('data-stale', /.*/);
  await expect(chartStale).toHaveCount(0, { timeout: 30_000 });

  // Buy leads to the Trade tab for this pair.
  await page.getByRole('button', { name: 'Buy' }).click();
  await expect(page).toHaveURL(/transaction\/index\?symbol=BTC%2FUSDT&side=buy/);
});

test('a chart opened again is the spare drawn while the app was idle: current theme, full size, and a new spare after leaving', async ({
  page,
}) => {
  // The spare chart (src/components/kline/spare.ts): built while the app is idle, parked unseen. Since
  // the chart library loads only where a chart has been, so the first spare follows the
  // first chart the user leaves, not the app's start.
  const parked = page.locator('body > div[aria-hidden="true"][style*="visibility: hidden"]');
  await page.goto('/h5/#/pages/market/detail?symbol=BTC%2FUSDT');
  await expect(page.getByTestId('kline-chart').locator('canvas').first()).toBeVisible();
  await expect(parked).toHaveCount(0); // nothing parked before a chart was ever shown
  await page.evaluate(() => {
    location.hash = '#/pages/setting/setting';
  });
  await expect(parked).toHaveCount(1, { timeout: 20_000 });
  // A theme switch after it was drawn (same document): the adopted chart must take the new colours.
  await page.getByRole('switch', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.evaluate(() => {
    location.hash = '#/pages/market/detail?symbol=BTC%2FUSDT';
  });
  const chart = page.getByTestId('kline-chart');
  await expect(page.getByTestId('ohlc')).toContainText(/\d{2}-\d{2} \d{2}:\d{2}/);
  await expect(parked).toHaveCount(0); // adopted, not built anew beside it
  // Full size: the main canvas spans the chart's box less the price axis.
  const box = await chart.boundingBox();
  const canvas = await chart.locator('canvas').first().boundingBox();
  expect(box && canvas).toBeTruthy();
  expect(canvas!.width).toBeGreaterThan(box!.width * 0.7);
  expect(canvas!.height).toBeGreaterThan(box!.height * 0.8);
  // Dark: the chart's background pixel is the dark token, not the white it was parked with.
  const bg = await page.evaluate(() => {
    const c = document.querySelector('[data-testid="kline-chart"] canvas') as HTMLCanvasElement;
    const d = c.getContext('2d')?.getImageData(2, 2, 1, 1).data;
    return d ? [d[0], d[1], d[2]] : null;
  });
  expect(bg).not.toBeNull();
  expect(Math.max(...bg!)).toBeLessThan(80);
  await shot(page, 'detail-adopted-dark');

  // Leaving the chart: the next spare is parked again once the app is idle.
  await page.evaluate(() => {
    location.hash = '#/pages/market/market';
  });
  await expect(parked).toHaveCount(1, { timeout: 20_000 });
  await setTheme(page, 'light');
});

test('screens in the dark theme (with a recent view), and no serious accessibility findings of ours', async ({
  page,
}) => {
  await page.goto('/h5/#/pages/market/market');
  await setTheme(page, 'dark');
  await expect(listRow(page, 'BTC/USDT')).toBeVisible();
  await shot(page, 'market-dark');
  await a11y(page);
  await page.goto('/h5/#/pages/market/detail?symbol=BTC%2FUSDT');
  await expect(page.getByTestId('kline-chart').locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('ohlc')).toContainText(/\d{2}:\d{2}/);
  await shot(page, 'detail-dark');
  await a11y(page);
  await page.goto('/h5/#/pages/market/search');
  await expect(page.getByTestId('recent').getByRole('button', { name: 'BTC/USDT' })).toBeVisible();
  await expect(page.getByTestId('hot').locator('[data-symbol]').first()).toBeVisible();
  await shot(page, 'search-dark');
  await a11y(page);
  await setTheme(page, 'light');
  await expect(page.getByTestId('hot').locator('[data-symbol]').first()).toBeVisible();
  await shot(page, 'search-light');
  await a11y(page);
  await page.goto('/h5/#/pages/market/market');
  await expect(listRow(page, 'BTC/USDT')).toBeVisible();
  await shot(page, 'market-light');
  await a11y(page);
});

/**
 * axe over these screens. Two findings are outside this area and reported to their owners: colour
 * contrast of the shared up/down and grey tokens (white on the down red is 4.29:1) and the
 * antd NavBar wrapper around the shared back button (nested-interactive).
 */
async function a11y(page: Page): Promise<void> {
  await toastsGone(page);
  expect(await seriousAxe(page)).toEqual([]);
}

test("Home's Futures and Options shortcuts open those trading screens (Options asks a guest to log in)", async ({
  page,
}) => {
  await closeHomePopupWhenShown(page);
  const entries = () => page.getByRole('navigation', { name: 'Products' });
  await page.goto('/h5/#/pages/index/index');
  await entries().getByRole('button', { name: 'Futures' }).click();
  await expect(page.getByTestId('kind-contract')).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  // the options screen needs an account: a guest is asked to log in first
  await entries().getByRole('button', { name: 'Options' }).click();
  await expect(page).toHaveURL(/seconds_order/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  // the spec's route name for the futures screen is that screen too, not a placeholder
  await page.goto('/h5/#/pages/transaction/contract');
  await expect(page.getByTestId('kind-contract')).toHaveAttribute('aria-selected', 'true');
});
