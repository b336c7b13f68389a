import { test, expect } from '@playwright/test';
import { startOwnServer, type OwnServer } from './own-server';
import { parseRowName, shot } from './helpers';
import { markLoad, NOT_RELOADED, sameLoad } from './same-load';

/**
 * A deploy: the server is stopped gracefully (SIGTERM, which disconnects every socket from the
 * server side) and started again on the same data dir and port. Screens left open show their
 * stale marks meanwhile and are live again within seconds of the server answering — no reload.
 * A server of its own, since this one is stopped mid-test.
 */
// +60: +50 was admin.spec's 8141, and specs with servers of their own run side by side (playwright.config)
const PORT = Number(process.env.DEPLOY_E2E_PORT ?? Number(process.env.E2E_PORT ?? 8091) + 60);
const BASE = `http://127.0.0.1:${PORT}`;
let server: OwnServer | undefined;

test.use({ baseURL: BASE });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({ port: PORT, name: 'deploy', env: { DEMO_COPY_HISTORY: 'off' } });
});

test.afterAll(async () => {
  await server?.stop();
});

test('after a graceful stop and restart, Markets, the pair page and the trade screen tick again without a reload', async ({
  context,
}) => {
  test.setTimeout(400_000);
  const markets = await context.newPage();
  await markets.goto('/h5/#/pages/market/market');
  const btcRow = markets.getByTestId('market-list').locator('[data-symbol="BTC/USDT"]');
  const rowLast = async () => parseRowName(await btcRow.getAttribute('aria-label'))?.last;
  await expect.poll(rowLast).toMatch(/\d/);

  const detail = await context.newPage();
  await detail.goto('/h5/#/pages/market/detail?symbol=BTC%2FUSDT');
  const detailLast = detail.getByTestId('detail-last');
  await expect(detailLast).toHaveText(/\d/);

  const trade = await context.newPage();
  await trade.goto('/h5/#/pages/transaction/index');
  const pairLast = trade.getByTestId('pair-last');
  await expect(pairLast).toHaveText(/\d/);

  // Live before: the pair page's price moves.
  const before = (await detailLast.textContent()) ?? '';
  await expect.poll(async () => (await detailLast.textContent()) ?? '', { timeout: 20_000 }).not.toBe(before);
  for (const p of [markets, detail, trade]) await markLoad(p);

  await server!.stop({ keepData: true });
  // The stale marks show while the server is away.
  await expect(detail.getByTestId('stale-badge')).toBeVisible({ timeout: 20_000 });
  await expect(detailLast).toHaveAttribute('data-stale', 'true');
  await expect(pairLast).toHaveAttribute('data-stale', 'true', { timeout: 20_000 });
  await shot(detail, 'deploy-stale');

  await server!.restart();
  const answeredAt = Date.now();
  // Live again within seconds of the server answering: marks gone...
  await expect(detail.getByTestId('stale-badge')).toHaveCount(0, { timeout: 15_000 });
  await expect(detailLast).not.toHaveAttribute('data-stale', /.*/, { timeout: 15_000 });
  await expect(pairLast).not.toHaveAttribute('data-stale', /.*/, { timeout: 15_000 });
  // ...and prices moving again on every screen (not discarded as old though seq started over).
  const [d0, t0, m0] = [(await detailLast.textContent()) ?? '', (await pairLast.textContent()) ?? '', await rowLast()];
  await expect.poll(async () => (await detailLast.textContent()) ?? '', { timeout: 20_000 }).not.toBe(d0);
  await expect.poll(async () => (await pairLast.textContent()) ?? '', { timeout: 20_000 }).not.toBe(t0);
  await expect.poll(rowLast, { timeout: 20_000 }).not.toBe(m0);
  expect(Date.now() - answeredAt).toBeLessThan(60_000);
  for (const p of [markets, detail, trade]) expect(await sameLoad(p)).toEqual(NOT_RELOADED);
  await shot(detail, 'deploy-live-again');
});

test('after a crash (SIGKILL) and restart, the pair page ticks again without a reload', async ({ page }) => {
  test.setTimeout(400_000);
  await page.goto('/h5/#/pages/market/detail?symbol=BTC%2FUSDT');
  const last = page.getByTestId('detail-last');
  await expect(last).toHaveText(/\d/);
  // live first: the first figure may come from the page's HTTP snapshot before the worker's socket
  // is up (it starts after first paint), and a socket that never connected has nothing to lose
  const first = (await last.textContent()) ?? '';
  await expect.poll(async () => (await last.textContent()) ?? '', { timeout: 20_000 }).not.toBe(first);
  await markLoad(page);

  await server!.stop({ keepData: true, signal: 'SIGKILL' });
  await expect(page.getByTestId('stale-badge')).toBeVisible({ timeout: 20_000 });
  await server!.restart();
  await expect(page.getByTestId('stale-badge')).toHaveCount(0, { timeout: 15_000 });
  const l0 = (await last.textContent()) ?? '';
  await expect.poll(async () => (await last.textContent()) ?? '', { timeout: 20_000 }).not.toBe(l0);
  expect(await sameLoad(page)).toEqual(NOT_RELOADED);
});
