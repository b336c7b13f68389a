import { startOwnServer, type OwnServer } from './own-server';
import { test, expect, type Page, type APIRequestContext } from '@playwright/test';
import { DEMO_TRADER, goTo, logInAs, shot } from './helpers';

/**
 * Copy trading as a follower lives it: the demo user opens the trader list (the local demo's
 * DEMO traders), follows DEMO Alpha by fixed lots after accepting the agreement, then — when
 * Alpha opens a 5× long through the API — sees the mirrored position in My copy trading and among
 * their futures positions, self-holds nothing, and sees it move to history when Alpha closes.
 * Bad input (following oneself, cancelling a follow one does not have) is refused. Screens at 390×844
 * in both themes. Its own server, port and data dir (DEMO_USER=on seeds the demo accounts).
 */
const PORT = Number(process.env.COPYTRADE_E2E_PORT ?? 8121);
const BASE = `http://127.0.0.1:${PORT}`;
const ALPHA = { email: 'demo.copy.alpha@example.com', password: 'demo-copy-2024' };

let server: OwnServer | undefined;

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({ port: PORT, name: 'copy', env: { DEMO_USER: 'on' } });
});

test.afterAll(async () => {
  await server?.stop();
});

async function login(page: Page) {
  await logInAs(page, DEMO_TRADER);
  await expect(page.locator('.adm-toast-main')).toHaveCount(0); // the "Logged in" toast has gone
}

async function apiLogin(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const res = await request.post('/api/user/login', { form: { user_string: who.email, password: who.password } });
  const body = (await res.json()) as { type: string; message: string };
  expect(body.type).toBe('ok');
  return body.message;
}

async function call<T>(
  request: APIRequestContext,
  token: string,
  url: string,
  form: Record<string, string | number>,
): Promise<{ type: string; message: T }> {
  const res = await request.post(`/api/${url}`, { headers: { authorization: token, lang: 'en' }, form });
  return (await res.json()) as { type: string; message: T };
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((th) => {
    const cur = JSON.parse(localStorage.getItem('ui') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('ui', JSON.stringify({ ...cur, theme: th }));
  }, theme);
  await page.reload();
}

test('follow a DEMO trader by fixed lots and see the mirrored position open and close', async ({ page, request }) => {
  await login(page);
  await goTo(page, 'copytrade/copy');
  const alphaCard = page.getByTestId('trader-card').filter({ hasText: 'DEMO Alpha' });
  await expect(alphaCard).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('trader-card')).toHaveCount(3);
  await shot(page, 'copy-traders');

  await alphaCard.click();
  await expect(page).toHaveURL(/pages\/follow\/trader\?id=\d+/);
  await expect(page.getByTestId('follow-btn')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('trader-card')).toHaveCount(0); // the list page has faded out
  await shot(page, 'copy-trader-detail');
  await page.getByTestId('follow-btn').click();
  await expect(page).toHaveURL(/pages\/follow\/follow\?id=\d+/);

  await page.getByRole('radio', { name: 'Fixed lots' }).click();
  const amount = page.getByTestId('follow-number');
  await amount.fill('3');
  await expect(page.getByTestId('follow-example')).toContainText('Every copy opens 3 lots');
  // the agreement must be accepted first
  await page.getByTestId('follow-submit').click();
  await expect(page.locator('.adm-dialog')).toContainText('Please read and accept the copy-trading agreement');
  await page.locator('.adm-dialog').getByRole('button', { name: 'Got it' }).click();
  await page.getByTestId('follow-agree').check();
  await shot(page, 'copy-follow-form');
  await page.getByTestId('follow-submit').click();
  await expect(page.getByTestId('follow-confirm')).toContainText('fixed 3 lots');
  await page.waitForTimeout(400); // the dialog's open animation
  await shot(page, 'copy-follow-confirm');
  await page.locator('.adm-dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/pages\/copytrade\/my/);

  // the trader opens a 5× long through the API
  const alpha = await apiLogin(request, ALPHA);
  const opened = await call<{ id: number; status: string }>(request, alpha, 'lever/submit', {
    currency_id: 1,
    legal_id: 4,
    type: 'long',
    share: '4',
    multiple: 5,
  });
  expect(opened.type).toBe('ok');
  const copy = page.locator(`[data-testid="copy"][data-trader-position="${opened.message.id}"]`);
  // the page refreshes on the copy notice; a pull would do the same
  await expect(copy).toBeVisible({ timeout: 10_000 });
  await expect(copy.getByTestId('copy-lots')).toContainText('3');
  await expect(copy).toContainText('DEMO Alpha');
  await shot(page, 'copy-my-current');

  // the same copy among the futures positions, marked as copied
  await goTo(page, 'transaction/contract_order');
  const mirrored = page.getByTestId('position').filter({ hasText: 'Copied' }).first();
  await expect(mirrored).toBeVisible({ timeout: 15_000 });
  await shot(page, 'copy-contract-orders');

  // the trader closes: the copy closes and moves to history
  const closed = await call<{ status: number }>(request, alpha, 'lever/close', { id: opened.message.id });
  expect(closed.message.status).toBe(3); // closed (the family's code)
  await goTo(page, 'copytrade/my');
  await page.getByRole('tab', { name: 'History' }).click();
  const done = page.locator(`[data-testid="copy"][data-trader-position="${opened.message.id}"]`);
  await expect(done).toHaveAttribute('data-status', 'closed', { timeout: 10_000 });
  await shot(page, 'copy-my-history');
  await page.getByRole('tab', { name: 'My traders' }).click();
  await expect(page.getByTestId('follow-row').filter({ hasText: 'DEMO Alpha' })).toHaveAttribute(
    'data-status',
    'following',
  );
  await shot(page, 'copy-my-traders');
});

test('a copy notice pops up on the copy-trading screens, never over an unrelated screen', async ({ page, request }) => {
  await login(page);
  const alpha = await apiLogin(request, ALPHA);
  const toast = page.locator('.adm-toast-main').filter({ hasText: 'DEMO Alpha' });
  // on Assets: Alpha opens, the copy is made (My copy trading lists it), but no toast covers Assets
  await goTo(page, 'fund/assets');
  const opened = await call<{ id: number }>(request, alpha, 'lever/submit', {
    currency_id: 1,
    legal_id: 4,
    type: 'short',
    share: '2',
    multiple: 10,
  });
  expect(opened.type).toBe('ok');
  const demo = await apiLogin(request, DEMO_TRADER);
  await expect(async () => {
    const copies = await call<{ list: { trader_position_id: number }[] }>(request, demo, 'follow/historyTrade', {
      status: 'current',
      page: 1,
    });
    expect(copies.message.list.some((c) => c.trader_position_id === opened.message.id)).toBe(true);
  }).toPass({ timeout: 10_000 });
  await page.waitForTimeout(1500);
  await expect(toast).toHaveCount(0);
  // on My copy trading the close is told at once
  await goTo(page, 'copytrade/my');
  await expect(page.locator(`[data-testid="copy"][data-trader-position="${opened.message.id}"]`)).toBeVisible({
    timeout: 15_000,
  });
  expect((await call(request, alpha, 'lever/close', { id: opened.message.id })).type).toBe('ok');
  await expect(toast).toContainText('closed', { timeout: 10_000 });
});

test('bad input: following oneself, cancelling a follow one does not have (another user’s stays)', async ({
  request,
}) => {
  const alpha = await apiLogin(request, ALPHA);
  const demo = await apiLogin(request, DEMO_TRADER);
  // the family's paginator and names: `data`, each trader's user id as `id`
  const list = await call<{ data: { id: number; nickname: string }[] }>(request, demo, 'follow/index', { page: 1 });
  const alphaId = list.message.data.find((x) => x.nickname === 'DEMO Alpha')?.id ?? 0;
  expect(
    await call(request, alpha, 'follow/follow', { trader_user_id: alphaId, type: 1, number: '1', agree: 1 }),
  ).toMatchObject({ type: 'error', message: 'You cannot follow yourself' });
  const mine = await call<{ list: { id: number; status: string }[] }>(request, demo, 'follow/myFollows', { page: 1 });
  const followId = mine.message.list[0].id;
  // follow/cancel names a trader (the family's follow_user_id): alpha follows no one, so nothing is cancelled
  expect(await call(request, alpha, 'follow/cancel', { follow_user_id: alphaId })).toMatchObject({
    type: 'error',
    message: 'Follow not found',
  });
  const after = await call<{ list: { id: number; status: string }[] }>(request, demo, 'follow/myFollows', { page: 1 });
  expect(after.message.list[0]).toMatchObject({ id: followId, status: 'following' });
});

test('become a trader, the agreements, and the screens in the dark theme', async ({ page }) => {
  await login(page);
  await goTo(page, 'copytrade/trader');
  await expect(page.getByTestId('apply-submit')).toBeVisible({ timeout: 15_000 });
  await shot(page, 'copy-become-trader');
  await page.getByLabel('Trader nickname').fill('Demo Follower');
  await page.getByTestId('apply-submit').click();
  await expect(page.getByText('Under review')).toBeVisible();
  await shot(page, 'copy-become-trader-pending');
  await goTo(page, 'follow/agreement_en');
  await expect(page.getByRole('heading', { name: '2. How copies are sized' })).toBeVisible();
  await shot(page, 'copy-agreement-en');
  await goTo(page, 'follow/agreement_zh');
  await expect(page.getByRole('heading', { name: '二、跟单方式' })).toBeVisible();
  await shot(page, 'copy-agreement-zh');

  await setTheme(page, 'dark');
  await goTo(page, 'copytrade/copy');
  await expect(page.getByTestId('trader-card').first()).toBeVisible();
  await shot(page, 'copy-traders-dark');
  await goTo(page, 'copytrade/my');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('copy').first()).toBeVisible();
  await shot(page, 'copy-my-history-dark');
  await setTheme(page, 'light');
});
